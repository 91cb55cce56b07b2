import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { isKnownPath } from '../../app/routes.tsx';
import { FakeFailure, fakeApi } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';

const member = {
  memberId: 7,
  username: 'player01',
  phone: null,
  email: null,
  inviteCode: 'INV00001',
  isAgent: false,
  isTotpEnabled: false,
  registeredAt: '2026-11-01T16:30:00.000Z',
  lastLoginAt: null,
};

const wallet = {
  mainBalance: '1234.56',
  withdrawalHoldBalance: '0.00',
  bonusBalance: '0.00',
  venues: [],
  totalBalance: '1234.56',
  isAutoTransfer: false,
  hasFundsPassword: false,
};

const hrefs = (container: HTMLElement) =>
  within(container)
    .getAllByRole('link')
    .map((link) => link.getAttribute('href') ?? '');

function stubDesktop() {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: true,
        media: query,
        onchange: null,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        addListener: () => undefined,
        removeListener: () => undefined,
        dispatchEvent: () => false,
      }) satisfies MediaQueryList,
  );
}

describe('member centre', () => {
  it('shows the member, the balance, the money actions and the shortcut grid', async () => {
    localStorage.setItem('token', 'token-1');
    fakeApi({ memberInfo: () => member, walletSummary: () => wallet });
    renderApp('/mine');
    expect(await screen.findByText('player01')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: '会员中心' })).toBeTruthy();
    const card = screen.getByRole('region', { name: '主钱包' });
    await vi.waitFor(() => expect(within(card).getByTestId('big-money').textContent).toBe('¥1,234.56'));
    expect(within(card).getByRole('link', { name: '充值' }).getAttribute('href')).toBe(
      '/mine/finance/deposit',
    );
    expect(within(card).getByRole('link', { name: '提现' }).getAttribute('href')).toBe(
      '/mine/finance/withdrawal',
    );
    expect(within(card).getByRole('link', { name: '转账' }).getAttribute('href')).toBe(
      '/mine/finance/transfer',
    );
    const grid = screen.getByRole('navigation', { name: '资金管理' });
    expect(
      within(grid)
        .getAllByRole('link')
        .map((link) => link.textContent?.replace(/\d+ 条未读/, '')),
    ).toEqual(['存款', '提现', '转账', '交易记录', '稽核', '福利', '消息', '个人资料']);
    expect(screen.getByRole('button', { name: '退出登录' })).toBeTruthy();
  });

  it('links only to pages that exist', async () => {
    localStorage.setItem('token', 'token-1');
    fakeApi({ memberInfo: () => member, walletSummary: () => wallet });
    renderApp('/mine');
    await screen.findByText('player01');
    const links = hrefs(document.querySelector('.mine-page') as HTMLElement);
    expect(links.length).toBeGreaterThan(15);
    expect(links.filter((path) => !isKnownPath(path))).toEqual([]);
    expect(links).not.toContain('/mine/record/betRecord');
  });

  it('offers 重新加载 when the member or the wallet cannot be loaded', async () => {
    localStorage.setItem('token', 'token-1');
    let isDown = true;
    fakeApi({
      memberInfo: () => (isDown ? new FakeFailure(10001, '系统繁忙') : member),
      walletSummary: () => (isDown ? new FakeFailure(10001, '系统繁忙') : wallet),
    });
    renderApp('/mine');
    await vi.waitFor(() =>
      expect(screen.getAllByRole('button', { name: '请求失败，点击重新加载' })).toHaveLength(2),
    );
    const retries = screen.getAllByRole('button', { name: '请求失败，点击重新加载' });
    isDown = false;
    for (const retry of retries) {
      fireEvent.click(retry);
    }
    expect(await screen.findByText('player01')).toBeTruthy();
    await vi.waitFor(() => expect(screen.getByTestId('big-money').textContent).toBe('¥1,234.56'));
  });

  it('shows a visitor the grey avatar with 登录/注册 and no money', async () => {
    const fetchMock = fakeApi();
    const { router } = renderApp('/mine');
    expect(await screen.findByText('您还未登录')).toBeTruthy();
    expect(screen.queryByRole('region', { name: '主钱包' })).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => url.includes('wallet/summary'))).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: '登录/注册' }));
    expect(router.state.location.pathname).toBe('/user/login');
    expect(router.state.location.search).toBe('?redirect=%2Fmine');
  });

  it('logs out after confirming and goes home', async () => {
    sessionStorage.setItem('securityNoticeShown', '1');
    localStorage.setItem('token', 'token-1');
    fakeApi({ memberInfo: () => member, walletSummary: () => wallet, logout: () => null });
    const { router } = renderApp('/mine');
    fireEvent.click(await screen.findByRole('button', { name: '退出登录' }));
    fireEvent.click(await screen.findByRole('button', { name: '确定' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('puts the member-centre menu beside /mine pages on the desktop site, the current page highlighted', async () => {
    stubDesktop();
    localStorage.setItem('token', 'token-1');
    fakeApi({ memberInfo: () => member, walletSummary: () => wallet });
    const { router } = renderApp('/mine');
    const menu = await screen.findByRole('navigation', { name: '会员中心导航' });
    expect(within(menu).getByRole('link', { name: '会员中心' }).getAttribute('aria-current')).toBe('page');
    expect(hrefs(menu).filter((path) => !isKnownPath(path))).toEqual([]);
    expect(document.querySelector('.h5-tabbar')).toBeNull();
    fireEvent.click(within(menu).getByRole('link', { name: '交易记录' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/mine/record/transRecord'));
    expect(await screen.findByRole('heading', { level: 1, name: '交易记录' })).toBeTruthy();
    expect(within(menu).getByRole('link', { name: '交易记录' }).getAttribute('aria-current')).toBe('page');
    expect(within(menu).getByRole('link', { name: '会员中心' }).getAttribute('aria-current')).toBeNull();
  });
});

describe('消息中心', () => {
  const notice = (id: number, category: number, title: string, publishedAt: string) => ({
    id,
    category,
    title,
    content: `${title}的完整内容`,
    publishedAt,
  });

  it('lists the notices newest first, marks the unread ones and clears them with 全部已读', async () => {
    localStorage.setItem('token', 'token-1');
    localStorage.setItem('noticeReadAt', '2026-01-02T00:00:00.000Z');
    let unread = 1;
    fakeApi({
      noticeList: (body) =>
        (body as { category: number }).category === 1
          ? [notice(1, 1, '旧公告', '2026-01-01T00:00:00.000Z')]
          : [notice(2, 2, '新公告', '2026-01-03T00:00:00.000Z')],
      counter: () => ({ unreadNoticeCount: unread, serverTime: '2026-01-04T00:00:00.000Z' }),
    });
    renderApp('/mine/mail');
    expect(await screen.findByText('1 条未读')).toBeTruthy();
    const titles = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(titles).toEqual(['未读新公告', '旧公告']);
    expect(screen.getAllByText('未读')).toHaveLength(1);
    expect(screen.getByText('新公告的完整内容')).toBeTruthy();
    unread = 0;
    fireEvent.click(screen.getByRole('button', { name: '全部已读' }));
    expect(await screen.findByText('0 条未读')).toBeTruthy();
    expect(localStorage.getItem('noticeReadAt')).toBe('2026-01-04T00:00:00.000Z');
    expect(screen.queryByText('未读')).toBeNull();
  });

  it('says 暂无消息 when the site has no notices', async () => {
    fakeApi();
    renderApp('/mine/mail');
    expect(await screen.findByText('暂无消息')).toBeTruthy();
    expect(screen.getByRole('button', { name: '全部已读' }).hasAttribute('disabled')).toBe(true);
  });

  it('shows the unread count on the hub 消息 tile', async () => {
    localStorage.setItem('token', 'token-1');
    fakeApi({
      memberInfo: () => member,
      walletSummary: () => wallet,
      counter: () => ({ unreadNoticeCount: 3, serverTime: '2026-01-04T00:00:00.000Z' }),
    });
    renderApp('/mine');
    const grid = await screen.findByRole('navigation', { name: '资金管理' });
    const tile = within(grid).getByRole('link', { name: /消息/ });
    await vi.waitFor(() => expect(tile.textContent).toContain('3 条未读'));
    expect(tile.getAttribute('href')).toBe('/mine/mail');
  });
});
