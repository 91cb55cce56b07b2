import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';

afterEach(() => vi.unstubAllGlobals());

const notice = (id: number, category: number, title: string) => ({
  id,
  category,
  title,
  content: `${title}的完整内容`,
  publishedAt: '2026-01-01T00:00:00.000Z',
});

async function dismissSecurityNotice() {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(3_000);
  });
  fireEvent.click(screen.getByRole('button', { name: '我已了解' }));
  await act(async () => {
    await vi.advanceTimersByTimeAsync(300);
  });
}

describe('home page', () => {
  it('shows the security notice once per session, its button enabled after the countdown', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fakeApi();
    const first = renderApp('/');
    expect(await screen.findByText('安全提示')).toBeTruthy();
    expect(screen.getByText(/不会向您提供任何银行卡号/)).toBeTruthy();
    expect(screen.getByRole('button', { name: '我已了解(3s)' }).hasAttribute('disabled')).toBe(true);
    await dismissSecurityNotice();
    expect(screen.queryByText('安全提示')).toBeNull();
    first.unmount();
    renderApp('/');
    expect(await screen.findAllByText('暂无游戏')).not.toHaveLength(0);
    expect(screen.queryByText('安全提示')).toBeNull();
  });

  it('shows a member the wallet strip: balance with ↻ and the money shortcuts', async () => {
    sessionStorage.setItem('securityNoticeShown', '1');
    localStorage.setItem('token', 'token-1');
    fakeApi({
      walletSummary: () => ({
        mainBalance: '88.80',
        withdrawalHoldBalance: '0.00',
        bonusBalance: '0.00',
        venues: [],
        totalBalance: '88.80',
        isAutoTransfer: false,
        hasFundsPassword: false,
      }),
    });
    renderApp('/');
    const strip = await screen.findByRole('region', { name: '主钱包' });
    expect(await within(strip).findByText('¥88.80')).toBeTruthy();
    expect(within(strip).getByRole('button', { name: '刷新余额' })).toBeTruthy();
    const shortcuts = within(strip)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(shortcuts).toEqual([
      '/mine/finance/deposit',
      '/mine/finance/transfer',
      '/mine/finance/withdrawal',
      '/mine/record/transRecord',
    ]);
    expect(screen.getByRole('heading', { level: 1, name: '星河娱乐' })).toBeTruthy();
  });

  it('tells a visitor to sign in instead of showing a balance', async () => {
    sessionStorage.setItem('securityNoticeShown', '1');
    fakeApi();
    renderApp('/');
    const strip = await screen.findByRole('region', { name: '主钱包' });
    expect(within(strip).getByText('您还未登录')).toBeTruthy();
    expect(
      within(strip)
        .getByRole('link', { name: /登录\/注册后查看/ })
        .getAttribute('href'),
    ).toBe('/user/login?redirect=%2F');
    expect(within(strip).queryByRole('button', { name: '刷新余额' })).toBeNull();
  });

  it('lists the seven game categories, each showing its venues or the honest empty state', async () => {
    sessionStorage.setItem('securityNoticeShown', '1');
    fakeApi();
    renderApp('/');
    for (const label of ['体育', '电竞', '真人', '电子', '彩票', '棋牌', '捕鱼']) {
      expect(screen.getByText(label)).toBeTruthy();
    }
    fireEvent.click(screen.getByText('捕鱼'));
    expect((await screen.findAllByText('暂无游戏')).length).toBeGreaterThan(0);
    expect(document.querySelector('.ad-carousel--empty')).not.toBeNull();
  });

  it('opens the notices from the marquee, marks them read and clears the red dot', async () => {
    sessionStorage.setItem('securityNoticeShown', '1');
    let unread = 2;
    const fetchMock = fakeApi({
      noticeList: () => [notice(1, 1, '防诈骗提醒')],
      counter: () => ({ unreadNoticeCount: unread, serverTime: '2026-01-02T03:04:05.000Z' }),
    });
    renderApp('/');
    const marquee = await screen.findByText(/【防诈骗提醒】/);
    await vi.waitFor(() => expect(document.querySelector('.notice-marquee .adm-badge-dot')).not.toBeNull());
    unread = 0;
    fireEvent.click(marquee);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('防诈骗提醒的完整内容')).toBeTruthy();
    expect(localStorage.getItem('noticeReadAt')).toBe('2026-01-02T03:04:05.000Z');
    await vi.waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([url]) => url.includes('noticeReadAt=2026-01-02T03%3A04%3A05.000Z')),
      ).toBe(true),
    );
    await vi.waitFor(() => expect(document.querySelector('.notice-marquee .adm-badge-dot')).toBeNull());
  });

  it('pops up a category 2 notice on the first visit only', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fakeApi({ noticeList: () => [notice(7, 2, '欢迎来到星河娱乐')] });
    const first = renderApp('/');
    await screen.findByText('安全提示');
    await dismissSecurityNotice();
    expect(await screen.findByText('欢迎来到星河娱乐的完整内容')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(300);
    });
    first.unmount();
    sessionStorage.clear();
    renderApp('/');
    await screen.findByText('安全提示');
    await dismissSecurityNotice();
    expect(screen.queryByText('欢迎来到星河娱乐的完整内容')).toBeNull();
  });

  it('asks for the H5 floating icons (displayEquipment 1) and shows them', async () => {
    sessionStorage.setItem('securityNoticeShown', '1');
    const fetchMock = fakeApi({
      suspensionIcon: () => [{ id: 1, title: '活动', iconUrl: '/media/buoy.svg', linkUrl: '' }],
    });
    renderApp('/');
    expect(await screen.findByAltText('活动')).toBeTruthy();
    const call = fetchMock.mock.calls.find(([url]) => url.includes('suspensionIcon')) as unknown as [
      string,
      RequestInit,
    ];
    expect(call[1].body).toBe('{"displayEquipment":"1"}');
  });
});
