import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FakeFailure, fakeApi } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';

const wallet = {
  mainBalance: '1234.50',
  withdrawalHoldBalance: '0.00',
  bonusBalance: '0.00',
  venues: [{ venueCode: 'IMTY', name: 'IM体育', balance: '0.00' }],
  totalBalance: '1234.50',
  isAutoTransfer: false,
  hasFundsPassword: false,
};

const channels = [
  {
    channelId: 2,
    code: 'sandbox_alipay',
    name: '支付宝',
    kind: 'gateway' as const,
    group: 'alipay' as const,
    tag: '热',
    minAmount: '50.00',
    maxAmount: '200.00',
  },
];

function amountField(name: string): HTMLInputElement {
  return screen.getByRole('textbox', { name }) as HTMLInputElement;
}

function bodiesOf(fetchMock: ReturnType<typeof fakeApi>, fragment: string): Record<string, unknown>[] {
  return fetchMock.mock.calls
    .filter(([url]) => url.includes(fragment))
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);
}

describe('money pages', () => {
  it('sends an unverified member to real-name verification before binding an e-wallet', async () => {
    localStorage.setItem('token', 'token-1');
    const fetchMock = fakeApi({
      identityStatus: () => ({
        status: 'none' as const,
        realName: null,
        idNumber: null,
        reason: '',
        submittedAt: null,
        reviewedAt: null,
      }),
    });
    const { router } = renderApp('/mine/addAlipayCard');
    expect(await screen.findByText('绑定提现账户前请先完成实名认证。')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '确认绑定' })).toBeNull();
    fireEvent.click(screen.getByText('去认证'));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/mine/userInfo/authentication'));
    expect(bodiesOf(fetchMock, '/withdrawAccount/add')).toHaveLength(0);
  });

  it('shows the wallet with two decimals and its venue wallets', async () => {
    localStorage.setItem('token', 'token-1');
    fakeApi({ walletSummary: () => wallet });
    renderApp('/mine/finance/wallet');
    await vi.waitFor(() => expect(screen.getAllByTestId('big-money')[0]?.textContent).toBe('¥1,234.50'));
    expect(screen.getByText('IM体育')).toBeTruthy();
    expect(screen.getByRole('button', { name: /提款/ })).toBeTruthy();
  });

  it('cleans the amount, disables presets outside the limits and keeps the order id on retry', async () => {
    localStorage.setItem('token', 'token-1');
    const fetchMock = fakeApi({
      walletSummary: () => wallet,
      depositChannels: () => channels,
      depositCreate: () => new FakeFailure(10001, '系统繁忙，请稍候再试！'),
    });
    renderApp('/mine/finance/deposit');
    const field = await vi.waitFor(() => amountField('充值金额'));
    expect(field.placeholder).toBe('单笔充值限额50.00元至200.00元');
    fireEvent.change(field, { target: { value: '0１2a3.456' } });
    expect(field.value).toBe('23.45');
    expect((screen.getByRole('button', { name: '500元' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: '100元' }));
    expect(field.value).toBe('100');
    fireEvent.click(screen.getByRole('button', { name: '立即充值' }));
    await vi.waitFor(() => expect(bodiesOf(fetchMock, '/deposit/create')).toHaveLength(1));
    await vi.waitFor(() =>
      expect((screen.getByRole('button', { name: '立即充值' }) as HTMLButtonElement).disabled).toBe(false),
    );
    fireEvent.click(screen.getByRole('button', { name: '立即充值' }));
    await vi.waitFor(() => expect(bodiesOf(fetchMock, '/deposit/create')).toHaveLength(2));
    const [first, second] = bodiesOf(fetchMock, '/deposit/create');
    expect(first).toMatchObject({ channelId: 2, amount: '100' });
    expect(second?.orderId).toBe(first?.orderId);
  });

  it('refuses a transfer above the available balance without calling the server', async () => {
    localStorage.setItem('token', 'token-1');
    const fetchMock = fakeApi({ walletSummary: () => wallet });
    renderApp('/mine/finance/transfer');
    fireEvent.click(await screen.findByRole('button', { name: '转出' }));
    const submit = screen.getByRole('button', { name: '立即转帐' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.change(amountField('转账金额'), { target: { value: '5' } });
    fireEvent.click(submit);
    expect(await screen.findByText('余额不足')).toBeTruthy();
    expect(bodiesOf(fetchMock, '/transfer/venue')).toHaveLength(0);
  });

  it('ticks the funds password in the withdrawal checklist from the wallet summary', async () => {
    localStorage.setItem('token', 'token-1');
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
    let isSet = false;
    const fetchMock = fakeApi({
      memberInfo: () => member,
      walletSummary: () => ({ ...wallet, hasFundsPassword: isSet }),
      withdrawAccountList: () => [],
      withdrawList: () => ({ list: [], total: 0, pageNum: 1, pageSize: 100 }),
      fundsPasswordSet: () => {
        isSet = true;
        return null;
      },
    });
    renderApp('/mine/finance/withdrawal');
    const passwordRow = async () =>
      (await screen.findByText('资金密码')).closest('.adm-list-item') as HTMLElement;
    expect((await passwordRow()).textContent).toContain('去设置');
    const set = within(await passwordRow()).getByRole('button', { name: '去设置' });
    fireEvent.click(set);
    await screen.findByText('请输入6位数字资金密码');
    const typeInto = (label: string) => {
      const input = screen.getAllByLabelText(label)[0]?.querySelector('input') as HTMLInputElement;
      fireEvent.change(input, { target: { value: '258036' } });
    };
    typeInto('请输入6位数字资金密码');
    typeInto('请再次输入资金密码');
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    await vi.waitFor(() => expect(bodiesOf(fetchMock, '/fundsPassword/set')).toHaveLength(1));
    await vi.waitFor(async () => expect((await passwordRow()).textContent).toContain('已设置'));
    expect(localStorage.getItem('finance:fundsPasswordSet:7')).toBeNull();
  });

  it('shows 暂无记录 when there are no transactions', async () => {
    localStorage.setItem('token', 'token-1');
    fakeApi({
      transactionRecords: () => ({ list: [], total: 0, pageNum: 1, pageSize: 20 }),
      withdrawList: () => ({ list: [], total: 0, pageNum: 1, pageSize: 100 }),
    });
    renderApp('/mine/record/transRecord');
    expect(await screen.findByText('暂无记录')).toBeTruthy();
  });
});
