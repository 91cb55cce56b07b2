import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { encryptForTest, fakeApi, preInfoFixture } from '../test/fake-api.ts';
import { renderApp } from '../test/render-app.tsx';

afterEach(() => vi.unstubAllGlobals());

const maintenance = preInfoFixture({
  maintainConfig: {
    status: 0,
    startTime: '2026-01-01T04:00:00.000Z',
    endTime: '2026-01-01T06:30:00.000Z',
    message: '系统升级维护中',
  },
});

describe('shell', () => {
  it('sends every page to the maintenance page while status is 0, and home when it is 1 again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let preInfo = maintenance;
    fakeApi({ preInfo: () => preInfo });
    const { router } = renderApp('/download');
    expect(await screen.findByText(/维护时间：2026\/01\/01 12:00 - 2026\/01\/01 14:30/)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/other/maintenance');
    expect(screen.getByText('系统升级维护中')).toBeTruthy();
    expect(screen.getByText('有疑问，您可以联系我们的客服人员')).toBeTruthy();
    preInfo = preInfoFixture();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(15_000);
    });
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('caches site info in localStorage (preInfoData) and paints from it', async () => {
    localStorage.setItem(
      'preInfoData',
      JSON.stringify(preInfoFixture({ SiteBaseConfigVo: { title: '缓存标题', webLogoTitleUrl: '' } })),
    );
    fakeApi({
      preInfo: () => preInfoFixture({ SiteBaseConfigVo: { title: '最新标题', webLogoTitleUrl: '' } }),
    });
    renderApp('/download-page');
    expect(document.title).toBe('缓存标题');
    expect(await screen.findByText('欢迎来到最新标题')).toBeTruthy();
    expect(JSON.parse(localStorage.getItem('preInfoData') ?? '{}').SiteBaseConfigVo.title).toBe('最新标题');
    expect(document.title).toBe('最新标题');
  });

  it('shows the 404 page for unknown paths and /404', async () => {
    fakeApi();
    renderApp('/no/such/page');
    expect(await screen.findAllByText('页面不存在')).not.toHaveLength(0);
    expect(await screen.findByRole('button', { name: '返回首页' })).toBeTruthy();
  });

  it('shows the cookie warning when cookies are disabled', async () => {
    fakeApi();
    renderApp('/', { areCookiesEnabled: false });
    expect(await screen.findByText('请开启浏览器 Cookie')).toBeTruthy();
  });

  it('shows the caller IP on the access-limit page', async () => {
    fakeApi();
    renderApp('/other/restrictionIp');
    expect(await screen.findByText('您的IP地址：203.0.113.9')).toBeTruthy();
  });

  it('polls the counter at start and every 60 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = fakeApi();
    renderApp('/404');
    const counterCalls = () =>
      fetchMock.mock.calls.filter(([url]) => url.startsWith('/site/api/v1/message/counter'));
    await vi.waitFor(() => expect(counterCalls()).toHaveLength(1));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(60_000);
    });
    await vi.waitFor(() => expect(counterCalls()).toHaveLength(2));
  });

  it('客服 with an address of this site that is no page opens the customer service page in a new window, with its referrer', async () => {
    sessionStorage.setItem('securityNoticeShown', '1');
    const { data, secret } = await encryptForTest({
      customerServiceUrl: '/customer/instead',
      customerServiceInsteadUrl: '/customer/instead',
      downloadUrl: '',
      sponsorTitle: '',
    });
    fakeApi({ secKey: () => secret, vvPretty: () => ({ data }) });
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderApp('/customer/main');
    expect(await screen.findByText('客服通道暂不可用，请稍后再试')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '打开在线客服' })).toBeNull();
    await vi.waitFor(() => {
      fireEvent.click(screen.getAllByText('客服').at(-1) as HTMLElement);
      expect(open).toHaveBeenCalledWith('/customer/main', '_blank', 'noopener');
    });
  });

  it('the customer service page opens the chat service when the site has one', async () => {
    const { data, secret } = await encryptForTest({
      customerServiceUrl: 'https://kf.example/chat',
      customerServiceInsteadUrl: '',
      downloadUrl: '',
      sponsorTitle: '',
    });
    fakeApi({ secKey: () => secret, vvPretty: () => ({ data }) });
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderApp('/customer/main');
    fireEvent.click(await screen.findByRole('button', { name: '打开在线客服' }));
    expect(open).toHaveBeenCalledWith('https://kf.example/chat', '_blank', 'noopener,noreferrer');
  });
});
