import { type PreInfo, preInfoSchema } from '@site/contract';
import { describe, expect, it } from 'vitest';
import { cachedPreInfo, isPreInfo } from './site-data.ts';

const preInfo: PreInfo = {
  SiteBaseConfigVo: { title: '星河娱乐', webLogoTitleUrl: '/media/logo.svg' },
  address: 'xinghe.example',
  disablePhones: ['170'],
  globePhoneNumber: false,
  ip: '203.0.113.9',
  maintainConfig: { status: 1, startTime: null, endTime: '2026-01-01T00:00:00.000Z', message: '' },
  siteFestivalSkin: null,
  siteVideoActiveUrl: '',
  siteVideoSkinOpen: false,
  stopLogin: false,
  stopRegister: false,
};

/** Copies of the sample with one field taken out or given a value of the wrong type. */
function brokenCopies(): { label: string; value: unknown }[] {
  const copies: { label: string; value: unknown }[] = [];
  const nested = { SiteBaseConfigVo: preInfo.SiteBaseConfigVo, maintainConfig: preInfo.maintainConfig };
  for (const key of Object.keys(preInfo) as (keyof PreInfo)[]) {
    const { [key]: _removed, ...rest } = preInfo;
    copies.push({ label: `without ${key}`, value: rest });
    copies.push({ label: `${key} as a number`, value: { ...preInfo, [key]: 7 } });
  }
  for (const [group, fields] of Object.entries(nested)) {
    for (const field of Object.keys(fields)) {
      copies.push({
        label: `${group}.${field} as a number`,
        value: { ...preInfo, [group]: { ...fields, [field]: 7 } },
      });
    }
  }
  copies.push({
    label: 'status 2',
    value: { ...preInfo, maintainConfig: { ...preInfo.maintainConfig, status: 2 } },
  });
  copies.push({ label: 'a phone prefix as a number', value: { ...preInfo, disablePhones: [170] } });
  return copies;
}

describe('cached site info', () => {
  it('accepts what the contract accepts', () => {
    expect(preInfoSchema.safeParse(preInfo).success).toBe(true);
    expect(isPreInfo(preInfo)).toBe(true);
  });

  it.each(brokenCopies())('refuses it $label, as the contract does', ({ value }) => {
    expect(preInfoSchema.safeParse(value).success).toBe(false);
    expect(isPreInfo(value)).toBe(false);
  });

  it('paints from a cache of the right shape and ignores anything else', () => {
    localStorage.setItem('preInfoData', JSON.stringify(preInfo));
    expect(cachedPreInfo()).toEqual(preInfo);
    localStorage.setItem('preInfoData', JSON.stringify({ ...preInfo, maintainConfig: null }));
    expect(cachedPreInfo()).toBeUndefined();
    localStorage.setItem('preInfoData', '{not json');
    expect(cachedPreInfo()).toBeUndefined();
  });
});
