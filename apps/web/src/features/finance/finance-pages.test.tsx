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
  it.each(['/mine/finance/withdrawal', '/mine/finance/deposit', '/mine/record/transRecord'])(
    'sends a visitor on %s to login, and back afterwards, before the page asks the API anything',
    async (path) => {
      const fetchMock = fakeApi();
      const { router } = renderApp(path);
      await vi.waitFor(() => expect(router.state.location.pathname).toBe('/user/login'));
      expect(router.state.location.search).toContain(encodeURIComponent(path));
      expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/fd/'))).toBe(false);
    },
  );

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
    expect(screen.getByRole('button', { name: /提现/ })).toBeTruthy();
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

  it('shows the channel as it is now after the server refused an order under old limits', async () => {
    localStorage.setItem('token', 'token-1');
    let maxAmount = '200.00';
    const fetchMock = fakeApi({
      walletSummary: () => wallet,
      depositChannels: () => channels.map((channel) => ({ ...channel, maxAmount })),
      depositCreate: () => {
        // Staff lowered the limit after the page loaded.
        maxAmount = '100.00';
        return new FakeFailure(10003, '参数错误：amount 单笔充值限额50.00元至100.00元');
      },
    });
    renderApp('/mine/finance/deposit');
    const field = await vi.waitFor(() => amountField('充值金额'));
    expect(field.placeholder).toBe('单笔充值限额50.00元至200.00元');
    fireEvent.change(field, { target: { value: '150' } });
    fireEvent.click(screen.getByRole('button', { name: '立即充值' }));
    await vi.waitFor(() => expect(bodiesOf(fetchMock, '/deposit/create')).toHaveLength(1));
    await vi.waitFor(() => expect(amountField('充值金额').placeholder).toBe('单笔充值限额50.00元至100.00元'));
  });

  it('refuses a transfer above the available balance without calling the server', async () => {
    localStorage.setItem('token', 'token-1');
    const fetchMock = fakeApi({ walletSummary: () => wallet });
    renderApp('/mine/finance/transfer');
    fireEvent.click(await screen.findByRole('button', { name: '转出' }));
    const submit = (await screen.findByRole('button', { name: '立即转帐' })) as HTMLButtonElement;
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
      withdrawInfo: () => ({
        minAmount: '100.00',
        maxAmount: '50000.00',
        dailyCountMax: 5,
        fee: { rateBps: 0, fixedAmount: '0.00', capAmount: '0.00' },
      }),
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
      const input = screen.getByLabelText(label) as HTMLInputElement;
      fireEvent.change(input, { target: { value: '258036' } });
    };
    typeInto('请输入6位数字资金密码');
    typeInto('请再次输入资金密码');
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    await vi.waitFor(() => expect(bodiesOf(fetchMock, '/fundsPassword/set')).toHaveLength(1));
    await vi.waitFor(async () => expect((await passwordRow()).textContent).toContain('已设置'));
    expect(localStorage.getItem('finance:fundsPasswordSet:7')).toBeNull();
  });

  it('shows 暂无记录 with 去充值 when there are no transactions', async () => {
    localStorage.setItem('token', 'token-1');
    fakeApi({
      transactionRecords: () => ({ ...noRecords }),
      withdrawList: () => ({ list: [], total: 0, pageNum: 1, pageSize: 100 }),
    });
    const { router } = renderApp('/mine/record/transRecord');
    expect(await screen.findByText('暂无记录')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '去充值' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/mine/finance/deposit'));
  });

  it('groups records by day, names venues, shows the totals and asks again per type and status', async () => {
    localStorage.setItem('token', 'token-1');
    const fetchMock = fakeApi({
      transactionRecords: () => ({
        list: [
          record({
            id: 3,
            kind: 'venue_transfer',
            memo: '转入IM体育',
            amount: '-50.00',
            createdAt: '2026-11-22T04:00:00.000Z',
          }),
          record({
            id: 2,
            kind: 'withdrawal_hold',
            amount: '-300.00',
            status: 'pending',
            createdAt: '2026-11-22T02:00:00.000Z',
          }),
          record({ id: 1, kind: 'deposit', amount: '1000.00', createdAt: '2026-11-20T02:00:00.000Z' }),
        ],
        total: 3,
        pageNum: 1,
        pageSize: 20,
        totals: { inAmount: '1000.00', outAmount: '350.00' },
      }),
    });
    renderApp('/mine/record/transRecord');
    expect(await screen.findByText('转入IM体育')).toBeTruthy();
    expect(screen.getByText('2026/11/22')).toBeTruthy();
    expect(screen.getByText('2026/11/20')).toBeTruthy();
    expect(screen.getByText('交易中…')).toBeTruthy();
    expect(screen.getByText('¥1,000.00')).toBeTruthy();
    expect(screen.getByText('¥350.00')).toBeTruthy();
    fireEvent.click(screen.getByText('全部类型'));
    fireEvent.click(await screen.findByRole('button', { name: '提现' }));
    await vi.waitFor(() =>
      expect(bodiesOf(fetchMock, '/record/trans').some((body) => body.type === 'withdrawal')).toBe(true),
    );
    fireEvent.click(screen.getByText('全部状态'));
    fireEvent.click(await screen.findByRole('button', { name: '交易失败' }));
    await vi.waitFor(() =>
      expect(
        bodiesOf(fetchMock, '/record/trans').some(
          (body) => body.type === 'withdrawal' && body.status === 'failed',
        ),
      ).toBe(true),
    );
  });

  it('shows 手续费 and 实际到账 before confirming, and in the confirmation', async () => {
    // The page's queries and the quote's settings answer later on a busy machine than waitFor's 1 s.
    const slowMachine = { timeout: 5_000 };
    localStorage.setItem('token', 'token-1');
    const fetchMock = withdrawalApi({ auditMet: true });
    renderApp('/mine/finance/withdrawal');
    const field = await vi.waitFor(() => amountField('提现金额'), slowMachine);
    fireEvent.change(field, { target: { value: '200.01' } });
    // 1.5% of 200.01 rounds up to 3.01, plus 1.00 fixed; the quote waits for the site's fee settings.
    await vi.waitFor(() => {
      const fee = screen.getByLabelText('手续费');
      expect(fee.textContent).toContain('¥4.01');
      expect(fee.textContent).toContain('¥196.00');
    }, slowMachine);
    const typed = screen.getByLabelText('资金密码') as HTMLInputElement;
    fireEvent.change(typed, { target: { value: '258036' } });
    fireEvent.click(screen.getByRole('button', { name: '确认提现' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('手续费¥4.01');
    expect(dialog.textContent).toContain('实际到账¥196.00');
    fireEvent.click(within(dialog).getByRole('button', { name: '确认提交' }));
    await vi.waitFor(() => expect(bodiesOf(fetchMock, '/withdraw/apply')).toHaveLength(1), slowMachine);
    expect(bodiesOf(fetchMock, '/withdraw/apply')[0]).toMatchObject({
      amount: '200.01',
      withdrawAccountId: 11,
    });
  });

  it('keeps 确认提现 off while the turnover audit is short, saying why, with the way to 稽核', async () => {
    localStorage.setItem('token', 'token-1');
    withdrawalApi({ auditMet: false });
    const { router } = renderApp('/mine/finance/withdrawal');
    expect(await screen.findByText(/您的流水不足，还需全站流水120.00元才能提现/)).toBeTruthy();
    expect((screen.getByRole('button', { name: '确认提现' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('link', { name: '查看稽核' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/mine/audit'));
  });

  it('selects the account a payout-account flow came back with, and sends new accounts through it', async () => {
    localStorage.setItem('token', 'token-1');
    withdrawalApi({ auditMet: true });
    const { router } = renderApp('/mine/finance/withdrawal?accountId=12');
    const second = await screen.findByRole('radio', { name: '中国建设银行(尾号5678)' });
    expect((second as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByText('添加银行卡'));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/mine/addBankCard'));
    expect(router.state.location.search).toBe('?returnTo=%2Fmine%2Ffinance%2Fwithdrawal');
  });
});

const noRecords = {
  list: [],
  total: 0,
  pageNum: 1,
  pageSize: 20,
  totals: { inAmount: '0.00', outAmount: '0.00' },
};

function record(patch: {
  id: number;
  kind: string;
  amount: string;
  createdAt: string;
  memo?: string;
  status?: 'success' | 'pending' | 'failed';
}) {
  return {
    transferId: `t-${patch.id}`,
    memo: '',
    bucket: 'available' as const,
    balanceAfter: '0.00',
    status: 'success' as const,
    ...patch,
  };
}

function withdrawalApi(options: { auditMet: boolean }) {
  return fakeApi({
    memberInfo: () => ({
      memberId: 7,
      username: 'player01',
      phone: null,
      email: null,
      inviteCode: 'INV00001',
      isAgent: false,
      isTotpEnabled: false,
      registeredAt: '2026-11-01T16:30:00.000Z',
      lastLoginAt: null,
    }),
    walletSummary: () => ({ ...wallet, hasFundsPassword: true }),
    withdrawAccountList: () => [
      {
        id: 11,
        kind: 'bank' as const,
        bankCode: 'ICBC',
        bankName: '中国工商银行',
        holderName: '张三',
        accountNumber: '****1234',
        createdAt: '2026-11-01T16:30:00.000Z',
      },
      {
        id: 12,
        kind: 'bank' as const,
        bankCode: 'CCB',
        bankName: '中国建设银行',
        holderName: '张三',
        accountNumber: '****5678',
        createdAt: '2026-11-02T16:30:00.000Z',
      },
    ],
    withdrawInfo: () => ({
      minAmount: '100.00',
      maxAmount: '50000.00',
      dailyCountMax: 5,
      fee: { rateBps: 150, fixedAmount: '1.00', capAmount: '0.00' },
    }),
    auditSummary: () => ({
      requiredAmount: '500.00',
      completedAmount: options.auditMet ? '500.00' : '380.00',
      remainingAmount: options.auditMet ? '0.00' : '120.00',
      isMet: options.auditMet,
      items: [],
    }),
    withdrawList: () => ({ list: [], total: 0, pageNum: 1, pageSize: 100 }),
    withdrawApply: (body) => ({
      orderNo: 'W0123456789ab',
      requestId: String((body as { requestId: string }).requestId),
      amount: '200.01',
      fee: '4.01',
      actualAmount: '196.00',
      status: 'pending' as const,
      accountKind: 'bank' as const,
      accountLabel: '中国工商银行(尾号1234)',
      reason: '',
      createdAt: '2026-11-22T04:00:00.000Z',
      reviewedAt: null,
    }),
  });
}
