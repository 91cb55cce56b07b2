import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';

function wallet(mainBalance: string) {
  return {
    mainBalance,
    withdrawalHoldBalance: '0.00',
    bonusBalance: '8.00',
    venues: [{ venueCode: 'IMTY', name: 'IM体育', balance: '30.00' }],
    totalBalance: mainBalance,
    isAutoTransfer: false,
    hasFundsPassword: false,
  };
}

const header = () => document.querySelector('.h5-navbar') as HTMLElement;

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
const walletCalls = (fetchMock: ReturnType<typeof fakeApi>) =>
  fetchMock.mock.calls.filter(([url]) => url.includes('/fd/api/v1/wallet/summary')).length;

describe('header wallet', () => {
  it('shows a member the main-wallet balance with 充值 and 提现', async () => {
    sessionStorage.setItem('securityNoticeShown', '1');
    localStorage.setItem('token', 'token-1');
    fakeApi({ walletSummary: () => wallet('1234.50') });
    renderApp('/');
    expect(await within(header()).findByText('¥1,234.50')).toBeTruthy();
    expect(within(header()).getByRole('link', { name: '充值' }).getAttribute('href')).toBe(
      '/mine/finance/deposit',
    );
    expect(within(header()).getByRole('link', { name: '提现' }).getAttribute('href')).toBe(
      '/mine/finance/withdrawal',
    );
    expect(within(header()).queryByRole('button', { name: '登录' })).toBeNull();
  });

  it('shows a visitor 登录 / 注册 and no balance, without asking for the wallet', async () => {
    sessionStorage.setItem('securityNoticeShown', '1');
    const fetchMock = fakeApi({ walletSummary: () => wallet('1234.50') });
    renderApp('/');
    expect(await within(header()).findByRole('button', { name: '登录' })).toBeTruthy();
    expect(within(header()).getByRole('button', { name: '注册' })).toBeTruthy();
    expect(within(header()).queryByRole('button', { name: '刷新余额' })).toBeNull();
    expect(walletCalls(fetchMock)).toBe(0);
  });

  it('fetches the balance again on ↻', async () => {
    sessionStorage.setItem('securityNoticeShown', '1');
    localStorage.setItem('token', 'token-1');
    let balance = '100.00';
    const fetchMock = fakeApi({ walletSummary: () => wallet(balance) });
    renderApp('/');
    expect(await within(header()).findByText('¥100.00')).toBeTruthy();
    const callsBefore = walletCalls(fetchMock);
    balance = '250.00';
    fireEvent.click(within(header()).getByRole('button', { name: '刷新余额' }));
    expect(await within(header()).findByText('¥250.00')).toBeTruthy();
    expect(walletCalls(fetchMock)).toBe(callsBefore + 1);
    expect(await screen.findByText('余额已刷新')).toBeTruthy();
  });

  it('opens the balance details in a bottom sheet: every wallet, then 额度转换 and 充值', async () => {
    sessionStorage.setItem('securityNoticeShown', '1');
    localStorage.setItem('token', 'token-1');
    fakeApi({ walletSummary: () => wallet('100.00') });
    const { router } = renderApp('/');
    fireEvent.click(await within(header()).findByRole('button', { name: '余额明细 ¥100.00' }));
    const sheet = await screen.findByRole('dialog', { name: '余额明细' });
    expect(sheet.closest('.adm-popup')).not.toBeNull();
    expect(within(sheet).getByText('红利钱包')).toBeTruthy();
    expect(within(sheet).getByText('¥8.00')).toBeTruthy();
    expect(within(sheet).getByText('IM体育')).toBeTruthy();
    fireEvent.click(within(sheet).getByRole('link', { name: '额度转换' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/mine/finance/transfer'));
  });

  it('opens the same details as a centred dialog on the desktop site', async () => {
    stubDesktop();
    sessionStorage.setItem('securityNoticeShown', '1');
    localStorage.setItem('token', 'token-1');
    fakeApi({ walletSummary: () => wallet('100.00') });
    renderApp('/');
    const banner = screen.getByRole('banner');
    fireEvent.click(await within(banner).findByRole('button', { name: '余额明细 ¥100.00' }));
    const sheet = await screen.findByRole('dialog', { name: '余额明细' });
    expect(sheet.closest('.adm-center-popup')).not.toBeNull();
    expect(sheet.closest('.adm-popup')).toBeNull();
  });
});
