import { headerNames, type OperatorPermission, routes, type SiteSettings } from '@site/contract';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders, createQueryClient } from '../../app/app.tsx';
import { endSession, startSession, switchSite } from '../../lib/session.ts';
import { changeLines, SiteSettingsPage, settingsBody } from './settings-page.tsx';

const siteA: SiteSettings = {
  siteId: 9001,
  title: '星河娱乐',
  webLogoTitleUrl: '/media/logo.svg',
  isUnderMaintenance: false,
  maintainStartTime: null,
  maintainEndTime: null,
  maintainMessage: '系统升级中',
  stopLogin: false,
  stopRegister: false,
  updatedAt: '2026-11-22T04:00:00.000Z',
};
const siteB: SiteSettings = {
  ...siteA,
  siteId: 9101,
  title: '月光娱乐',
  updatedAt: '2026-11-22T05:00:00.000Z',
};

function envelope(data: unknown, code = 6000, message = '成功') {
  return new Response(JSON.stringify({ code, message, data }), {
    headers: { 'content-type': 'application/json' },
  });
}

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  endSession();
});

function signIn(permissions: OperatorPermission[]) {
  startSession({
    token: 'operator-token',
    expiresAt: '2026-11-23T12:00:00.000Z',
    operator: { id: 3, username: 'content1', role: 'content', siteIds: [9001, 9101], permissions },
  });
}

/** Each call's path and the site its header names. */
function calls(): { path: string; siteId: string | null; body: unknown }[] {
  return fetchMock.mock.calls.map(([path, init]) => ({
    path: String(path),
    siteId: new Headers(init?.headers).get(headerNames.siteId),
    body: init?.body ? JSON.parse(String(init.body)) : undefined,
  }));
}

function renderPage() {
  render(
    <AppProviders client={createQueryClient()}>
      <SiteSettingsPage />
    </AppProviders>,
  );
}

describe('SiteSettingsPage', () => {
  it('loads the settings of the site the console is on, and those of the other site after a switch', async () => {
    signIn(['site.read', 'site.write']);
    fetchMock.mockResolvedValueOnce(envelope(siteA));
    renderPage();
    expect(await screen.findByDisplayValue('星河娱乐')).toBeTruthy();
    expect(screen.getByText('站点 9001 设置')).toBeTruthy();

    fetchMock.mockResolvedValueOnce(envelope(siteB));
    switchSite(9101);
    expect(await screen.findByDisplayValue('月光娱乐')).toBeTruthy();
    expect(screen.queryByDisplayValue('星河娱乐')).toBeNull();
    expect(calls().map(({ path, siteId }) => ({ path, siteId }))).toEqual([
      { path: routes.adminSiteSettings.path, siteId: '9001' },
      { path: routes.adminSiteSettings.path, siteId: '9101' },
    ]);
  });

  it('asks before turning maintenance on, saying members are sent away, then saves every field', async () => {
    signIn(['site.read', 'site.write']);
    fetchMock.mockResolvedValueOnce(envelope(siteA));
    renderPage();
    await screen.findByDisplayValue('星河娱乐');

    fireEvent.click(screen.getByLabelText('维护模式'));
    fireEvent.click(screen.getByText('保存'));
    expect(await screen.findByText('开启维护：会员端立即跳转到维护页面，无法使用')).toBeTruthy();
    expect(calls()).toHaveLength(1);

    const saved = { ...siteA, isUnderMaintenance: true, updatedAt: '2026-11-22T06:00:00.000Z' };
    fetchMock.mockResolvedValueOnce(envelope(saved));
    fireEvent.click(screen.getByText('确认保存'));
    expect(await screen.findByText('站点设置已保存，会员端立即生效')).toBeTruthy();
    expect(calls()[1]).toEqual({
      path: routes.adminSiteSettingsSet.path,
      siteId: '9001',
      body: {
        title: '星河娱乐',
        webLogoTitleUrl: '/media/logo.svg',
        isUnderMaintenance: true,
        maintainStartTime: null,
        maintainEndTime: null,
        maintainMessage: '系统升级中',
        stopLogin: false,
        stopRegister: false,
      },
    });
    expect(await screen.findByText('本站点正在维护，会员端显示维护页面')).toBeTruthy();
  });

  it('refuses a logo that is neither https nor a path on the site before calling the server', async () => {
    signIn(['site.read', 'site.write']);
    fetchMock.mockResolvedValueOnce(envelope(siteA));
    renderPage();
    const logo = await screen.findByDisplayValue('/media/logo.svg');
    fireEvent.change(logo, { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(screen.getByText('保存'));
    // antd validates after a debounce, slow under jsdom: give the message time to appear.
    const refusal = /须为 https:\/\/ 开头的地址或以 \/ 开头的站内路径/;
    expect(await screen.findByText(refusal, undefined, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByText('确认保存')).toBeNull();
    expect(calls()).toHaveLength(1);
  });

  it('shows 客服 the settings read-only, with nothing to save', async () => {
    signIn(['site.read']);
    fetchMock.mockResolvedValueOnce(envelope(siteA));
    renderPage();
    const title = await screen.findByDisplayValue('星河娱乐');
    expect(title.hasAttribute('disabled')).toBe(true);
    expect(screen.queryByText('保存')).toBeNull();
  });
});

describe('settings changes', () => {
  it('lists what members will notice, and only that', () => {
    const body = settingsBody({
      title: ' 星河娱乐 ',
      webLogoTitleUrl: '/media/logo.svg',
      isUnderMaintenance: false,
      maintainRange: null,
      maintainMessage: '系统升级中',
      stopLogin: true,
      stopRegister: false,
    });
    expect(body.title).toBe('星河娱乐');
    expect(changeLines(siteA, body)).toEqual(['暂停登录：开启']);
    expect(changeLines({ ...siteA, isUnderMaintenance: true }, { ...body, stopLogin: false })).toEqual([
      '关闭维护：会员端立即恢复访问',
    ]);
  });
});
