import {
  type AdminNotice,
  type AdminStationAd,
  type AdminSuspensionIcon,
  headerNames,
  type NamingEntry,
  type Notice,
  type OperatorRole,
  type PreInfo,
  routes,
  type SiteSettings,
  type StationAd,
  type SuspensionIcon,
} from '@site/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInStaff } from '../operator/test-support.ts';
import { createServices } from '../services.ts';
import { authClient } from '../session/test-support.ts';
import { createSecondSite, createTestApp, signedHeaders, type TestApp } from '../testing.ts';
import { secondDemoSiteIdOf } from './seed.ts';

let testApp: TestApp;
let client: ReturnType<typeof authClient>;
let superToken = '';
let contentA = '';
let contentB = '';
const siteA = 9001;
const siteB = 9002;

const onSite = (siteId: number) => ({ [headerNames.siteId]: String(siteId) });

async function staffToken(username: string, role: OperatorRole, siteIds: number[]) {
  const created = await client.call<{ password: string }>('POST', routes.adminStaffCreate.path, {
    token: superToken,
    body: { username, role, siteIds },
  });
  expect(created.code).toBe(6000);
  return signIn(username, created.data.password);
}

const signIn = (username: string, password: string) =>
  signInStaff(
    (body) => client.call('POST', routes.adminLogin.path, { body }),
    { username, password },
    testApp.clock,
  );

beforeAll(async () => {
  testApp = await createTestApp();
  client = authClient(testApp);
  await createSecondSite(testApp, siteB);
  const { password } = await testApp.services.operators.create('site_root');
  superToken = await signIn('site_root', password);
  contentA = await staffToken('content_a', 'content', [siteA]);
  contentB = await staffToken('content_b', 'content', [siteB]);
});
afterAll(async () => {
  await testApp.close();
});

/** A console call as `token` on `siteId` (site A unless named). */
const asStaff = <T = unknown>(
  token: string,
  method: 'GET' | 'POST',
  path: string,
  body?: object,
  siteId = siteA,
) => client.call<T>(method, path, { token, headers: onSite(siteId), ...(body ? { body } : {}) });

const member = {
  preInfo: async (siteId = siteA) =>
    (await client.call<PreInfo>('POST', routes.preInfo.path, { headers: onSite(siteId) })).data,
  notices: async (category: number, siteId = siteA) =>
    (
      await client.call<Notice[]>('POST', routes.noticeList.path, {
        headers: onSite(siteId),
        body: { category },
      })
    ).data,
  ads: async (siteId = siteA) =>
    (await client.call<StationAd[]>('GET', routes.stationAdList.path, { headers: onSite(siteId) })).data,
  icons: async (displayEquipment: '1' | '2', siteId = siteA) =>
    (
      await client.call<SuspensionIcon[]>('POST', routes.suspensionIcon.path, {
        headers: onSite(siteId),
        body: { displayEquipment },
      })
    ).data,
  naming: async (siteId = siteA) =>
    (await client.call<NamingEntry[]>('GET', routes.namingList.path, { headers: onSite(siteId) })).data,
};

interface AuditEntry {
  action: string;
  target: string;
  operatorUsername: string;
  siteId: number | null;
  before: unknown;
  after: unknown;
}

const auditOf = async (siteId: number, query: { action?: string; target?: string }) =>
  (
    await asStaff<{ list: AuditEntry[]; total: number }>(
      superToken,
      'POST',
      routes.adminAuditList.path,
      { pageNum: 1, pageSize: 100, ...query },
      siteId,
    )
  ).data;

const settingsOf = async (siteId = siteA) =>
  (await asStaff<SiteSettings>(superToken, 'GET', routes.adminSiteSettings.path, undefined, siteId)).data;

const editable = (settings: SiteSettings) => {
  const { siteId: _siteId, updatedAt: _updatedAt, ...fields } = settings;
  return fields;
};

describe('site settings', () => {
  it('shows an edit by 运营 in the member preInfo at once, and audits it with before and after', async () => {
    const original = await settingsOf();
    expect((await member.preInfo()).SiteBaseConfigVo.title).toBe(original.title);
    const saved = await asStaff<SiteSettings>(contentA, 'POST', routes.adminSiteSettingsSet.path, {
      ...editable(original),
      title: '  星河娱乐 新版  ',
      webLogoTitleUrl: 'https://cdn.example.com/logo-new.svg',
      stopRegister: true,
    });
    expect(saved.code).toBe(6000);
    expect(saved.data).toMatchObject({ siteId: siteA, title: '星河娱乐 新版', stopRegister: true });

    const seen = await member.preInfo();
    expect(seen.SiteBaseConfigVo).toEqual({
      title: '星河娱乐 新版',
      webLogoTitleUrl: 'https://cdn.example.com/logo-new.svg',
    });
    expect(seen.stopRegister).toBe(true);
    expect(seen.maintainConfig.status).toBe(1);

    const [entry] = (await auditOf(siteA, { action: 'site.settings' })).list;
    expect(entry).toMatchObject({
      operatorUsername: 'content_a',
      siteId: siteA,
      target: `site:${siteA}`,
      before: { title: original.title, stopRegister: false },
      after: { title: '星河娱乐 新版', stopRegister: true },
    });

    await asStaff(contentA, 'POST', routes.adminSiteSettingsSet.path, editable(original));
    expect((await member.preInfo()).SiteBaseConfigVo.title).toBe(original.title);
  });

  it('sends the member site to maintenance (status 0) and stops login, then opens it again', async () => {
    const original = await settingsOf();
    const startTime = new Date(testApp.clock.now()).toISOString();
    const endTime = new Date(testApp.clock.now() + 7_200_000).toISOString();
    const on = await asStaff(contentA, 'POST', routes.adminSiteSettingsSet.path, {
      ...editable(original),
      isUnderMaintenance: true,
      maintainStartTime: startTime,
      maintainEndTime: endTime,
      maintainMessage: '系统升级，预计两小时',
      stopLogin: true,
    });
    expect(on.code).toBe(6000);
    expect((await member.preInfo()).maintainConfig).toEqual({
      status: 0,
      startTime,
      endTime,
      message: '系统升级，预计两小时',
    });
    expect((await member.preInfo()).stopLogin).toBe(true);
    const login = await client.call('POST', routes.login.path, {
      body: { username: 'nobody01', password: 'Whatever-123' },
    });
    expect(login).toMatchObject({ code: 10001, message: expect.stringContaining('暂停登录') });

    await asStaff(contentA, 'POST', routes.adminSiteSettingsSet.path, editable(original));
    const after = await member.preInfo();
    expect(after.maintainConfig.status).toBe(1);
    expect(after.stopLogin).toBe(false);
  });

  it('reaches every node: another node serving the site drops its copy when 运营 saves', async () => {
    const otherNode = await createServices(testApp.stores, testApp.clock);
    try {
      const original = await settingsOf();
      expect((await otherNode.sites.preInfo(siteA, '127.0.0.1')).stopLogin).toBe(false);
      await asStaff(contentA, 'POST', routes.adminSiteSettingsSet.path, {
        ...editable(original),
        stopLogin: true,
      });
      await expect.poll(async () => (await otherNode.sites.preInfo(siteA, '127.0.0.1')).stopLogin).toBe(true);
      await asStaff(contentA, 'POST', routes.adminSiteSettingsSet.path, editable(original));
      await expect
        .poll(async () => (await otherNode.sites.preInfo(siteA, '127.0.0.1')).stopLogin)
        .toBe(false);
    } finally {
      await otherNode.close();
    }
  });
});

describe('staff edit only the sites they work on', () => {
  it("refuses site A's 运营 on site B, and site B stays as it was", async () => {
    const before = await settingsOf(siteB);
    const refused = await asStaff(
      contentA,
      'POST',
      routes.adminSiteSettingsSet.path,
      { ...editable(before), title: '越权修改' },
      siteB,
    );
    expect(refused.code).toBe(10001);
    const notice = await asStaff(
      contentA,
      'POST',
      routes.adminNoticeCreate.path,
      { category: 1, title: '越权', content: '越权' },
      siteB,
    );
    expect(notice.code).toBe(10001);
    expect(await settingsOf(siteB)).toEqual(before);
    expect((await member.preInfo(siteB)).SiteBaseConfigVo.title).toBe(before.title);
  });

  it("finds no row of another site by its id: site A's edits never reach site B's notices", async () => {
    const created = await asStaff<AdminNotice>(
      contentB,
      'POST',
      routes.adminNoticeCreate.path,
      { category: 1, title: 'B 站公告', content: '只属于 B 站' },
      siteB,
    );
    expect(created.code).toBe(6000);
    const { id } = created.data;
    const update = await asStaff(contentA, 'POST', routes.adminNoticeUpdate.path, { id, title: '改掉' });
    expect(update).toMatchObject({ code: 10003, data: { field: 'id' } });
    const remove = await asStaff(contentA, 'POST', routes.adminNoticeDelete.path, { id });
    expect(remove).toMatchObject({ code: 10003, data: { field: 'id' } });
    expect((await member.notices(1, siteB)).map((notice) => notice.title)).toContain('B 站公告');
    expect((await member.notices(1, siteA)).map((notice) => notice.title)).not.toContain('B 站公告');
  });

  it('lets 客服 read the site content but change nothing', async () => {
    const support = await staffToken('support_reader', 'support', [siteA]);
    expect((await asStaff(support, 'GET', routes.adminSiteSettings.path)).code).toBe(6000);
    expect((await asStaff(support, 'GET', routes.adminAdList.path)).code).toBe(6000);
    const refused = await asStaff(support, 'POST', routes.adminAdCreate.path, {
      title: '客服广告',
      imageUrl: '/media/banner-sport.svg',
    });
    expect(refused).toMatchObject({ code: 10001, data: { permission: 'site.write' } });
  });
});

describe('notices', () => {
  it('adds, edits, takes down and removes a notice, each seen by members at once and audited', async () => {
    expect(await member.notices(1)).not.toHaveLength(0);
    const created = await asStaff<AdminNotice>(contentA, 'POST', routes.adminNoticeCreate.path, {
      category: 1,
      title: '新春活动',
      content: '新春期间充值送好礼',
    });
    expect(created.code).toBe(6000);
    const { id } = created.data;
    expect(created.data).toMatchObject({
      isActive: true,
      publishedAt: new Date(testApp.clock.now()).toISOString(),
    });
    expect((await member.notices(1)).find((notice) => notice.id === id)?.title).toBe('新春活动');
    expect((await member.notices(2)).find((notice) => notice.id === id)).toBeUndefined();

    await asStaff(contentA, 'POST', routes.adminNoticeUpdate.path, { id, title: '新春活动（延长）' });
    expect((await member.notices(1)).find((notice) => notice.id === id)?.title).toBe('新春活动（延长）');

    const down = await asStaff<AdminNotice>(contentA, 'POST', routes.adminNoticeUpdate.path, {
      id,
      isActive: false,
    });
    expect(down.data).toMatchObject({ title: '新春活动（延长）', isActive: false });
    expect((await member.notices(1)).find((notice) => notice.id === id)).toBeUndefined();
    const listed = await asStaff<{ list: AdminNotice[] }>(contentA, 'POST', routes.adminNoticeList.path, {
      category: 1,
    });
    expect(listed.data.list.find((notice) => notice.id === id)?.isActive).toBe(false);

    expect((await asStaff(contentA, 'POST', routes.adminNoticeDelete.path, { id })).code).toBe(6000);
    const afterDelete = await asStaff<{ list: AdminNotice[] }>(
      contentA,
      'POST',
      routes.adminNoticeList.path,
      {},
    );
    expect(afterDelete.data.list.find((notice) => notice.id === id)).toBeUndefined();

    const entries = (await auditOf(siteA, { target: `notice:${id}` })).list;
    expect(entries.map((entry) => entry.action)).toEqual([
      'site.notice_delete',
      'site.notice_update',
      'site.notice_update',
      'site.notice_create',
    ]);
    expect(entries[0]).toMatchObject({ before: { title: '新春活动（延长）', isActive: false }, after: null });
    expect(entries[3]).toMatchObject({ before: null, after: { title: '新春活动' } });
  });

  it('holds a scheduled notice back from members until its time', async () => {
    // Ten minutes, well inside the staff sessions' idle limit.
    const publishedAt = new Date(testApp.clock.now() + 600_000).toISOString();
    const created = await asStaff<AdminNotice>(contentA, 'POST', routes.adminNoticeCreate.path, {
      category: 2,
      title: '定时公告',
      content: '十分钟后发布',
      publishedAt,
    });
    expect(created.data.publishedAt).toBe(publishedAt);
    expect((await member.notices(2)).map((notice) => notice.title)).not.toContain('定时公告');
    testApp.clock.advance(600_000);
    expect((await member.notices(2)).map((notice) => notice.title)).toContain('定时公告');
  });
});

describe('banner ads and floating icons', () => {
  it('adds, hides and removes a banner ad, members seeing each step at once', async () => {
    expect(await member.ads()).not.toHaveLength(0);
    const created = await asStaff<AdminStationAd>(contentA, 'POST', routes.adminAdCreate.path, {
      title: '世界杯专题',
      imageUrl: '/media/banner-sport.svg',
      linkUrl: 'https://promo.example.com/worldcup?from=banner',
      sort: 0,
    });
    expect(created.code).toBe(6000);
    const { id } = created.data;
    expect((await member.ads())[0]).toEqual({
      id,
      title: '世界杯专题',
      imageUrl: '/media/banner-sport.svg',
      linkUrl: 'https://promo.example.com/worldcup?from=banner',
    });
    await asStaff(contentA, 'POST', routes.adminAdUpdate.path, { id, isActive: false });
    expect((await member.ads()).map((ad) => ad.id)).not.toContain(id);
    const listed = await asStaff<AdminStationAd[]>(contentA, 'GET', routes.adminAdList.path);
    expect(listed.data.find((ad) => ad.id === id)).toMatchObject({ isActive: false, sort: 0 });
    await asStaff(contentA, 'POST', routes.adminAdDelete.path, { id });
    expect(
      (await asStaff<AdminStationAd[]>(contentA, 'GET', routes.adminAdList.path)).data.map((ad) => ad.id),
    ).not.toContain(id);
    expect((await auditOf(siteA, { target: `ad:${id}` })).list.map((entry) => entry.action)).toEqual([
      'site.ad_delete',
      'site.ad_update',
      'site.ad_create',
    ]);
  });

  it('shows a floating icon on the layout it is for only', async () => {
    const created = await asStaff<AdminSuspensionIcon>(contentA, 'POST', routes.adminIconCreate.path, {
      displayEquipment: '2',
      title: '签到',
      iconUrl: '/media/buoy.svg',
      linkUrl: '/activity/calendar',
    });
    expect(created.code).toBe(6000);
    const { id } = created.data;
    expect((await member.icons('2')).map((icon) => icon.id)).toContain(id);
    expect((await member.icons('1')).map((icon) => icon.id)).not.toContain(id);
    await asStaff(contentA, 'POST', routes.adminIconUpdate.path, { id, displayEquipment: '1' });
    expect((await member.icons('1')).map((icon) => icon.id)).toContain(id);
    expect((await member.icons('2')).map((icon) => icon.id)).not.toContain(id);
    await asStaff(contentA, 'POST', routes.adminIconDelete.path, { id });
    expect((await member.icons('1')).map((icon) => icon.id)).not.toContain(id);
  });
});

describe('naming list', () => {
  it('adds, replaces and removes entries, the member list following at once', async () => {
    const saved = await asStaff<NamingEntry>(contentA, 'POST', routes.adminNamingSave.path, {
      id: 51,
      name: '聊天室地址',
      value: 'chat.xinghe.example',
    });
    expect(saved.data).toEqual({ id: 51, name: '聊天室地址', value: 'chat.xinghe.example' });
    expect((await member.naming()).find((entry) => entry.id === 51)?.value).toBe('chat.xinghe.example');

    await asStaff(contentA, 'POST', routes.adminNamingSave.path, {
      id: 77,
      name: '备用域名',
      value: 'b.example',
    });
    expect((await member.naming()).map((entry) => entry.id)).toContain(77);
    await asStaff(contentA, 'POST', routes.adminNamingDelete.path, { id: 77 });
    expect((await member.naming()).map((entry) => entry.id)).not.toContain(77);

    const entries = (await auditOf(siteA, { target: 'naming:51' })).list;
    expect(entries[0]).toMatchObject({
      action: 'site.naming_save',
      before: { id: 51, value: '' },
      after: { id: 51, value: 'chat.xinghe.example' },
    });
    const missing = await asStaff(contentA, 'POST', routes.adminNamingDelete.path, { id: 77 });
    expect(missing).toMatchObject({ code: 10003, data: { field: 'id' } });
  });
});

describe('bad input', () => {
  const int4Overflow = 2_147_483_648;

  it('answers 10003 naming the field, and nothing changes or is audited', async () => {
    const settings = await settingsOf();
    const fields = editable(settings);
    const auditTotal = async () => (await auditOf(siteA, {})).total;
    const totalBefore = await auditTotal();
    const noticesBefore = await asStaff(contentA, 'POST', routes.adminNoticeList.path, { pageSize: 100 });
    const adsBefore = await asStaff(contentA, 'GET', routes.adminAdList.path);
    const namingBefore = await member.naming();

    const refusals: [string, object, string][] = [
      [routes.adminSiteSettingsSet.path, { ...fields, title: '   ' }, 'title'],
      [routes.adminSiteSettingsSet.path, { ...fields, title: '长'.repeat(201) }, 'title'],
      [
        routes.adminSiteSettingsSet.path,
        { ...fields, webLogoTitleUrl: 'javascript:alert(1)' },
        'webLogoTitleUrl',
      ],
      [
        routes.adminSiteSettingsSet.path,
        { ...fields, webLogoTitleUrl: '//evil.example/x.svg' },
        'webLogoTitleUrl',
      ],
      [
        routes.adminSiteSettingsSet.path,
        { ...fields, webLogoTitleUrl: '/\\evil.example/x.svg' },
        'webLogoTitleUrl',
      ],
      [
        routes.adminSiteSettingsSet.path,
        { ...fields, webLogoTitleUrl: 'http://cdn.example/x.svg' },
        'webLogoTitleUrl',
      ],
      [
        routes.adminSiteSettingsSet.path,
        { ...fields, webLogoTitleUrl: 'https://u:p@cdn.example/x.svg' },
        'webLogoTitleUrl',
      ],
      [
        routes.adminSiteSettingsSet.path,
        { ...fields, webLogoTitleUrl: '/media/"onerror=x.svg' },
        'webLogoTitleUrl',
      ],
      [routes.adminSiteSettingsSet.path, { ...fields, stopLogin: 'yes' }, 'stopLogin'],
      [
        routes.adminSiteSettingsSet.path,
        {
          ...fields,
          maintainStartTime: '2026-11-22T06:00:00.000Z',
          maintainEndTime: '2026-11-22T05:00:00.000Z',
        },
        'maintainEndTime',
      ],
      [
        routes.adminSiteSettingsSet.path,
        { ...fields, maintainStartTime: '0000-01-01T00:00:00.000Z' },
        'maintainStartTime',
      ],
      [routes.adminSiteSettingsSet.path, { ...fields, maintainEndTime: 'tomorrow' }, 'maintainEndTime'],
      [routes.adminNoticeCreate.path, { category: 10, title: 't', content: 'c' }, 'category'],
      [routes.adminNoticeCreate.path, { category: 1.5, title: 't', content: 'c' }, 'category'],
      [routes.adminNoticeCreate.path, { category: 1, title: 't', content: 'c'.repeat(2001) }, 'content'],
      [
        routes.adminNoticeCreate.path,
        { category: 1, title: 't', content: 'c', publishedAt: '9999-01-01T00:00:00Z' },
        'publishedAt',
      ],
      [routes.adminNoticeUpdate.path, { id: int4Overflow, title: 't' }, 'id'],
      [routes.adminNoticeUpdate.path, { id: 1 }, 'body'],
      [routes.adminNoticeDelete.path, { id: -1 }, 'id'],
      [routes.adminNoticeList.path, { pageNum: int4Overflow }, 'pageNum'],
      [routes.adminAdCreate.path, { title: 'ad', imageUrl: '' }, 'imageUrl'],
      [routes.adminAdCreate.path, { title: 'ad', imageUrl: '/x.svg', sort: int4Overflow }, 'sort'],
      [
        routes.adminAdCreate.path,
        { title: 'ad', imageUrl: '/x.svg', linkUrl: 'data:text/html,hi' },
        'linkUrl',
      ],
      [
        routes.adminIconCreate.path,
        { displayEquipment: '3', title: 'i', iconUrl: '/x.svg' },
        'displayEquipment',
      ],
      [routes.adminNamingSave.path, { id: 0, name: 'n', value: '' }, 'id'],
      [routes.adminNamingSave.path, { id: int4Overflow, name: 'n', value: '' }, 'id'],
      [routes.adminNamingSave.path, { id: 5, name: 'n'.repeat(51), value: '' }, 'name'],
    ];
    for (const [path, body, field] of refusals) {
      const answer = await asStaff(contentA, 'POST', path, body);
      expect({ path, body, code: answer.code, data: answer.data }).toEqual({
        path,
        body,
        code: 10003,
        data: { field },
      });
    }

    expect(await settingsOf()).toEqual(settings);
    expect(await asStaff(contentA, 'POST', routes.adminNoticeList.path, { pageSize: 100 })).toEqual(
      noticesBefore,
    );
    expect(await asStaff(contentA, 'GET', routes.adminAdList.path)).toEqual(adsBefore);
    expect(await member.naming()).toEqual(namingBefore);
    expect(await auditTotal()).toBe(totalBefore);
  });

  it('answers a body that is not JSON with 10003, not a 500', async () => {
    const answer = await testApp.app.inject({
      method: 'POST',
      url: routes.adminNoticeCreate.path,
      headers: {
        ...(await signedHeaders('POST', routes.adminNoticeCreate.path, testApp.clock, {
          [headerNames.token]: contentA,
        })),
        'content-type': 'application/json',
      },
      payload: '{"category":',
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ code: 10003 });
  });
});

describe('demo data', () => {
  it('seeds a second site to switch to, with content of its own', async () => {
    const secondSiteId = secondDemoSiteIdOf(siteA);
    expect((await member.preInfo(secondSiteId)).SiteBaseConfigVo.title).toContain('月光娱乐');
    expect((await member.naming(secondSiteId)).find((entry) => entry.id === 1)?.value).toBe('月光娱乐');
    const settings = await settingsOf(secondSiteId);
    expect(settings.siteId).toBe(secondSiteId);
  });
});
