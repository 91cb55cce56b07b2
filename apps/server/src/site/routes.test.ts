import { createDecipheriv } from 'node:crypto';
import {
  clientVersion,
  headerNames,
  type PreInfo,
  preInfoSchema,
  routes,
  vvPrettySchema,
} from '@site/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSecondSite, createTestApp, signedHeaders, type TestApp } from '../testing.ts';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp.close();
});

async function call(
  method: 'GET' | 'POST',
  url: string,
  options: { body?: unknown; headers?: Record<string, string> } = {},
) {
  const headers = await signedHeaders(method, url, testApp.clock, options.headers);
  const response = await testApp.app.inject({
    method,
    url,
    headers,
    ...(options.body === undefined ? {} : { payload: options.body as object }),
  });
  return {
    status: response.statusCode,
    body: response.json() as { code: number; message: string; data: unknown },
  };
}

describe('preInfo', () => {
  it('answers every preInfo field from the stored site, with the caller ip', async () => {
    const { status, body } = await call('POST', routes.preInfo.path, { body: { platformType: 6 } });
    expect(status).toBe(200);
    expect(body.code).toBe(6000);
    const data = preInfoSchema.parse(body.data);
    expect(data.SiteBaseConfigVo.title).toContain('星河娱乐');
    expect(data.SiteBaseConfigVo.webLogoTitleUrl).toBe('/media/logo.svg');
    expect(data.ip).toBe('127.0.0.1');
    expect(data.maintainConfig.status).toBe(1);
    expect(data.stopLogin).toBe(false);
    expect(data.stopRegister).toBe(false);
    expect(Object.keys(data).sort()).toEqual(
      [
        'SiteBaseConfigVo',
        'address',
        'disablePhones',
        'globePhoneNumber',
        'ip',
        'maintainConfig',
        'siteFestivalSkin',
        'siteVideoActiveUrl',
        'siteVideoSkinOpen',
        'stopLogin',
        'stopRegister',
      ].sort(),
    );
  });

  it('defaults platformType when the body is empty', async () => {
    const { body } = await call('POST', routes.preInfo.path);
    expect(body.code).toBe(6000);
  });

  it('answers 10003 naming the field for a bad payload', async () => {
    const { status, body } = await call('POST', routes.preInfo.path, { body: { platformType: 'six' } });
    expect(status).toBe(200);
    expect(body.code).toBe(10003);
    expect(body.message).toContain('platformType');
    expect(body.data).toEqual({ field: 'platformType' });
  });

  it('answers 10003 for a body that is not JSON, without a stack', async () => {
    const headers = await signedHeaders('POST', routes.preInfo.path, testApp.clock);
    const response = await testApp.app.inject({
      method: 'POST',
      url: routes.preInfo.path,
      headers: { ...headers, 'content-type': 'application/json' },
      payload: '{"platformType":',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ code: 10003 });
    expect(response.body).not.toContain('at ');
  });

  it('reflects an operator change at once', async () => {
    await testApp.services.sites.update(9001, { maintainStatus: 0, stopLogin: true });
    const during = (await call('POST', routes.preInfo.path)).body.data as PreInfo;
    expect(during.maintainConfig.status).toBe(0);
    expect(during.stopLogin).toBe(true);
    await testApp.services.sites.update(9001, { maintainStatus: 1, stopLogin: false });
    const after = (await call('POST', routes.preInfo.path)).body.data as PreInfo;
    expect(after.maintainConfig.status).toBe(1);
    expect(after.stopLogin).toBe(false);
  });
});

describe('request headers', () => {
  const url = routes.jsonCachePut.path.replace(':key', 'guarded');

  async function refusedThenUnchanged(headers: Record<string, string>, expectedCode: number) {
    const response = await testApp.app.inject({
      method: 'POST',
      url,
      headers: { ...(await signedHeaders('POST', url, testApp.clock)), ...headers },
      payload: { data: 'written' },
    });
    expect(response.json()).toMatchObject({ code: expectedCode });
    const stored = await call('GET', url);
    expect(stored.body).toMatchObject({ code: 6000, data: null });
  }

  it('answers 10108 for a missing, wrong or stale signature and stores nothing', async () => {
    await refusedThenUnchanged({ [headerNames.sign]: '' }, 10108);
    await refusedThenUnchanged({ [headerNames.sign]: 'f'.repeat(64) }, 10108);
    const stale = String(testApp.clock.now() - 10 * 60_000);
    const staleHeaders = await signedHeaders('POST', url, testApp.clock, { [headerNames.timestamp]: stale });
    await refusedThenUnchanged(staleHeaders, 10108);
  });

  it('answers 10108 for a signature in another spelling: upper case, cut short, too long, not hex', async () => {
    const valid = (await signedHeaders('POST', url, testApp.clock))[headerNames.sign] ?? '';
    for (const sign of [
      valid.toUpperCase(),
      valid.slice(0, 62),
      `${valid}00`,
      `${valid.slice(0, 62)}zz`,
      'a'.repeat(8192),
    ]) {
      await refusedThenUnchanged({ [headerNames.sign]: sign }, 10108);
    }
  });

  it('answers 10108 when the signature was made for another base path', async () => {
    const otherBase = await signedHeaders('POST', routes.preInfo.path, testApp.clock);
    await refusedThenUnchanged({ [headerNames.sign]: otherBase[headerNames.sign] ?? '' }, 10108);
  });

  it('answers 10009 for an old or missing version', async () => {
    await refusedThenUnchanged({ [headerNames.version]: '1.9.9' }, 10009);
    await refusedThenUnchanged({ [headerNames.version]: '' }, 10009);
    const current = await call('POST', routes.preInfo.path, {
      headers: { [headerNames.version]: clientVersion },
    });
    expect(current.body.code).toBe(6000);
  });

  it('answers 22007 without a device uuid and 10003 for a malformed site id', async () => {
    await refusedThenUnchanged({ [headerNames.deviceUuid]: '' }, 22007);
    await refusedThenUnchanged({ [headerNames.siteId]: 'abc' }, 10003);
  });

  it('answers an unknown site with 10003', async () => {
    const { body } = await call('POST', routes.preInfo.path, { headers: { [headerNames.siteId]: '4242' } });
    expect(body.code).toBe(10003);
    expect(body.data).toEqual({ field: 'site-id' });
  });

  it('answers an unknown API route with 404 in the envelope', async () => {
    const url = '/site/api/v1/nothing/here';
    const headers = await signedHeaders('GET', url, testApp.clock);
    const response = await testApp.app.inject({ method: 'GET', url, headers });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 404, data: null });
    expect(response.json().requestId).toEqual(expect.any(String));
  });
});

describe('site content', () => {
  it('lists notices of the asked category only, newest first', async () => {
    const marquee = await call('POST', routes.noticeList.path, { body: { category: 1 } });
    const notices = marquee.body.data as { category: number; publishedAt: string }[];
    expect(notices.length).toBe(2);
    expect(notices.every((notice) => notice.category === 1)).toBe(true);
    expect(notices[0]?.publishedAt.localeCompare(notices[1]?.publishedAt ?? '')).toBeGreaterThan(0);
    const missing = await call('POST', routes.noticeList.path, { body: {} });
    expect(missing.body).toMatchObject({ code: 10003, data: { field: 'category' } });
  });

  it('serves ads, icons per display equipment, the dividend lead, pop-ups and the naming list', async () => {
    const ads = await call('GET', routes.stationAdList.path);
    expect((ads.body.data as unknown[]).length).toBe(3);
    const h5Icons = await call('POST', routes.suspensionIcon.path);
    expect(h5Icons.body.data).toEqual([
      expect.objectContaining({ title: '活动', iconUrl: '/media/buoy.svg' }),
    ]);
    const wrongEquipment = await call('POST', routes.suspensionIcon.path, {
      body: { displayEquipment: '9' },
    });
    expect(wrongEquipment.body).toMatchObject({ code: 10003, data: { field: 'displayEquipment' } });
    const lead = await call('GET', routes.dividendLead.path);
    expect(lead.body.data).toMatchObject({ isShow: true, title: '代理分红说明' });
    const pop = await call('GET', routes.popInfo.path);
    expect((pop.body.data as unknown[]).length).toBe(1);
    const naming = await call('GET', routes.namingList.path);
    expect((naming.body.data as { id: number }[]).map((entry) => entry.id)).toContain(51);
  });

  it('answers webTerminal for the platform header and refuses unknown platforms', async () => {
    const android = await call('POST', routes.webTerminal.path, { headers: { platform: 'android' } });
    expect(android.body.data).toMatchObject({ platform: 'android', isPwaEnabled: true });
    const unknown = await call('POST', routes.webTerminal.path, { headers: { platform: 'toaster' } });
    expect(unknown.body).toMatchObject({ code: 10003, data: { field: 'platform' } });
  });

  it('encrypts vvPretty with the key and iv that /sec hands out', async () => {
    const secret = (await call('GET', '/site/api/v1/sec/vv')).body.data as { key: string; iv: string };
    const encrypted = (await call('GET', routes.vvPretty.path)).body.data as { data: string };
    const decipher = createDecipheriv(
      'aes-256-cbc',
      Buffer.from(secret.key, 'base64'),
      Buffer.from(secret.iv, 'base64'),
    );
    const plain = Buffer.concat([decipher.update(Buffer.from(encrypted.data, 'base64')), decipher.final()]);
    expect(vvPrettySchema.parse(JSON.parse(plain.toString('utf8'))).customerServiceUrl).toBe(
      '/customer/instead',
    );
    const unknownKey = await call('GET', '/site/api/v1/sec/other');
    expect(unknownKey.body).toMatchObject({ code: 10003, data: { field: 'id' } });
  });

  it('counts notices published after the read time', async () => {
    const all = await call('GET', routes.counter.path);
    expect(all.body.data).toMatchObject({ unreadNoticeCount: 3 });
    const readAt = new Date(testApp.clock.now() - 90 * 60_000).toISOString();
    const unread = await call('GET', `${routes.counter.path}?noticeReadAt=${encodeURIComponent(readAt)}`);
    expect(unread.body.data).toMatchObject({ unreadNoticeCount: 1 });
    const bad = await call('GET', `${routes.counter.path}?noticeReadAt=yesterday`);
    expect(bad.body).toMatchObject({ code: 10003, data: { field: 'noticeReadAt' } });
  });
});

describe('several sites', () => {
  it('serves a second site with its own title, maintenance and stop flags beside 9001', async () => {
    await createSecondSite(testApp, 9002);
    const second = (await call('POST', routes.preInfo.path, { headers: { [headerNames.siteId]: '9002' } }))
      .body.data as PreInfo;
    const first = (await call('POST', routes.preInfo.path)).body.data as PreInfo;
    expect(second.SiteBaseConfigVo.title).toBe('第二站点');
    expect(second.maintainConfig).toMatchObject({ status: 0, message: '升级中' });
    expect(second.stopLogin && second.stopRegister).toBe(true);
    expect(first.SiteBaseConfigVo.title).toContain('星河娱乐');
    expect(first.maintainConfig.status).toBe(1);
    const secondNotices = await call('POST', routes.noticeList.path, {
      body: { category: 1 },
      headers: { [headerNames.siteId]: '9002' },
    });
    expect(secondNotices.body.data).toEqual([]);
  });
});
