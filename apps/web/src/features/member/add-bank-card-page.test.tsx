import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FakeFailure, fakeApi } from '../../test/fake-api.ts';
import { clickLastButton, fillField } from '../../test/form.ts';
import { renderApp } from '../../test/render-app.tsx';

const approved = {
  status: 'approved' as const,
  realName: '**丰',
  idNumber: '110***********1234',
  reason: '',
  submittedAt: '2026-11-22T04:00:00.000Z',
  reviewedAt: '2026-11-22T04:00:00.000Z',
};

const banks = [
  { code: 'ICBC', name: '中国工商银行' },
  { code: 'CMB', name: '招商银行' },
];

const wallet = {
  mainBalance: '1234.50',
  withdrawalHoldBalance: '0.00',
  bonusBalance: '0.00',
  venues: [],
  totalBalance: '1234.50',
  isAutoTransfer: false,
  hasFundsPassword: true,
};

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

const withdrawInfo = {
  minAmount: '100.00',
  maxAmount: '50000.00',
  dailyCountMax: 5,
  fee: { rateBps: 0, fixedAmount: '0.00', capAmount: '0.00' },
};

const audit = {
  requiredAmount: '0.00',
  completedAmount: '0.00',
  remainingAmount: '0.00',
  isMet: true,
  items: [],
};

const boundCard = {
  id: 3,
  kind: 'bank' as const,
  bankCode: 'CMB',
  bankName: '招商银行',
  holderName: '张三丰',
  accountNumber: '****0128',
  createdAt: '2026-11-22T05:00:00.000Z',
};

function fieldErrors(): string[] {
  return [...document.querySelectorAll('.adm-form-item-feedback-error')].map(
    (node) => node.textContent ?? '',
  );
}

function addBodies(fetchMock: ReturnType<typeof fakeApi>): Record<string, unknown>[] {
  return fetchMock.mock.calls
    .filter(([url]) => url.includes('/withdrawAccount/add'))
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);
}

function holderInput(): HTMLInputElement {
  return screen.getByLabelText(/^持卡人姓名\*?$/) as HTMLInputElement;
}

describe('/mine/addBankCard', () => {
  it('sends an unverified member to real-name verification first, without the form', async () => {
    localStorage.setItem('token', 'token-1');
    const fetchMock = fakeApi({
      identityStatus: () => ({ ...approved, status: 'pending', realName: null, idNumber: null }),
      withdrawAccountList: () => [],
      withdrawAccountBanks: () => banks,
    });
    const { router } = renderApp('/mine/addBankCard');
    expect(await screen.findByText('绑定银行卡前请先完成实名认证。')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '确认绑定' })).toBeNull();
    fireEvent.click(screen.getByText('去认证'));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/mine/userInfo/authentication'));
    expect(addBodies(fetchMock)).toHaveLength(0);
  });

  it('binds a card from the withdrawal checklist, then goes back to the withdrawal with it selected', async () => {
    localStorage.setItem('token', 'token-1');
    let accounts: (typeof boundCard)[] = [];
    const fetchMock = fakeApi({
      memberInfo: () => member,
      walletSummary: () => wallet,
      withdrawList: () => ({ list: [], total: 0, pageNum: 1, pageSize: 100 }),
      withdrawInfo: () => withdrawInfo,
      auditSummary: () => audit,
      identityStatus: () => approved,
      withdrawAccountBanks: () => banks,
      withdrawAccountList: () => accounts,
      withdrawAccountAdd: () => {
        accounts = [boundCard];
        return boundCard;
      },
    });
    const { router } = renderApp('/mine/finance/withdrawal');
    const accountRow = (await screen.findByText('提现账户')).closest('.adm-list-item') as HTMLElement;
    fireEvent.click(within(accountRow).getByRole('button', { name: '去设置' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/mine/addBankCard'));
    expect(router.state.location.search).toBe('?returnTo=%2Fmine%2Ffinance%2Fwithdrawal');

    fireEvent.click(await screen.findByText('招商银行'));
    expect(screen.getByText('须与实名认证姓名（**丰）一致')).toBeTruthy();
    fillField('持卡人姓名', '张三丰');
    fillField('银行卡号', '62220212');
    expect((screen.getByLabelText(/^银行卡号\*?$/) as HTMLInputElement).value).toBe('6222 0212');
    clickLastButton('确认绑定');
    await vi.waitFor(() => expect(fieldErrors()).toEqual(['银行卡号须为16-19位数字']));
    expect(addBodies(fetchMock)).toHaveLength(0);

    fillField('银行卡号', '6222 0212 3456 7890 128');
    clickLastButton('确认绑定');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/mine/finance/withdrawal'));
    expect(router.state.location.search).toBe('?accountId=3');
    expect(addBodies(fetchMock)).toEqual([
      { kind: 'bank', bankCode: 'CMB', holderName: '张三丰', accountNumber: '6222021234567890128' },
    ]);
    const card = (await screen.findByRole('radio', { name: '招商银行(尾号0128)' })) as HTMLInputElement;
    expect(card.checked).toBe(true);
  });

  it('keeps the bound holder name read-only and shows a server refusal on the card number', async () => {
    localStorage.setItem('token', 'token-1');
    const fetchMock = fakeApi({
      identityStatus: () => approved,
      withdrawAccountBanks: () => banks,
      withdrawAccountList: () => [boundCard],
      withdrawAccountAdd: () =>
        new FakeFailure(10003, '参数错误：accountNumber 银行卡号校验失败，请核对', {
          field: 'accountNumber',
        }),
    });
    renderApp('/mine/addBankCard');
    expect(await screen.findByText('已绑定的银行卡')).toBeTruthy();
    await vi.waitFor(() => expect(holderInput().value).toBe('张三丰'));
    expect(holderInput().readOnly).toBe(true);
    fireEvent.click(await screen.findByText('中国工商银行'));
    fillField('银行卡号', '6222021234567890123');
    clickLastButton('确认绑定');
    await vi.waitFor(() => expect(fieldErrors()).toEqual(['银行卡号校验失败，请核对']));
    expect(addBodies(fetchMock)).toEqual([
      { kind: 'bank', bankCode: 'ICBC', holderName: '张三丰', accountNumber: '6222021234567890123' },
    ]);
  });

  it('lists bank cards among the payout methods, opening this page', async () => {
    localStorage.setItem('token', 'token-1');
    fakeApi({
      identityStatus: () => approved,
      withdrawAccountBanks: () => banks,
      withdrawAccountList: () => [boundCard],
    });
    const { router } = renderApp('/mine/virtualCoinCard');
    const bankRow = (await screen.findByText('银行卡')).closest('.adm-list-item') as HTMLElement;
    await vi.waitFor(() => expect(bankRow.textContent).toContain('已绑定1个'));
    fireEvent.click(bankRow);
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/mine/addBankCard'));
  });
});
