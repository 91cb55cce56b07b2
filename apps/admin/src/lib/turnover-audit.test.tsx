import { type AdminTurnoverAudit, routes } from '@site/contract';
import { render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders, createQueryClient } from '../app/app.tsx';
import { TurnoverAuditCard } from './turnover-audit.tsx';

const blocked: AdminTurnoverAudit = {
  memberId: 42,
  username: 'player01',
  requiredAmount: '150.00',
  completedAmount: '130.00',
  remainingAmount: '20.00',
  isMet: false,
  items: [
    {
      source: 'deposit',
      sourceRef: 'D0001',
      requiredAmount: '100.00',
      completedAmount: '100.00',
      remainingAmount: '0.00',
      isMet: true,
      createdAt: '2026-11-23T03:00:00.000Z',
    },
    {
      source: 'bonus',
      sourceRef: 'bonus-0002',
      requiredAmount: '50.00',
      completedAmount: '30.00',
      remainingAmount: '20.00',
      isMet: false,
      createdAt: '2026-11-23T04:00:00.000Z',
    },
  ],
  withdrawal: {
    isAllowed: false,
    blockers: ['流水未达标，尚需有效投注20.00元', '未设置资金密码'],
    hasFundsPassword: false,
    payoutAccountCount: 1,
    withdrawalsToday: 2,
    dailyCountMax: 5,
  },
};

function envelope(code: number, message: string, data: unknown) {
  return new Response(JSON.stringify({ code, message, data }), {
    headers: { 'content-type': 'application/json' },
  });
}

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

function renderCard(username: string) {
  render(
    <AppProviders client={createQueryClient()}>
      <TurnoverAuditCard username={username} />
    </AppProviders>,
  );
}

describe('TurnoverAuditCard', () => {
  it('asks for the member by username and shows why a withdrawal would be refused, per requirement', async () => {
    fetchMock.mockResolvedValueOnce(envelope(6000, '成功', blocked));
    renderCard('player01');
    expect(await screen.findByText('当前不可提现')).toBeTruthy();
    expect(screen.getByText('流水未达标，尚需有效投注20.00元')).toBeTruthy();
    expect(screen.getByText('未设置资金密码')).toBeTruthy();
    expect(screen.getByText('2 / 5 次')).toBeTruthy();
    const [path, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(path)).toContain(routes.adminTurnoverAudit.path);
    expect(JSON.parse(String(init?.body))).toEqual({ username: 'player01' });

    const bonusRow = screen.getByText('bonus-0002').closest('tr') as HTMLElement;
    expect(within(bonusRow).getByText('红利转入')).toBeTruthy();
    expect(within(bonusRow).getByText('未达标')).toBeTruthy();
    const depositRow = screen.getByText('D0001').closest('tr') as HTMLElement;
    expect(within(depositRow).getByText('已达标')).toBeTruthy();
  });

  it('says so when a withdrawal would pass', async () => {
    fetchMock.mockResolvedValueOnce(
      envelope(6000, '成功', {
        ...blocked,
        isMet: true,
        remainingAmount: '0.00',
        items: [],
        withdrawal: { ...blocked.withdrawal, isAllowed: true, blockers: [], hasFundsPassword: true },
      }),
    );
    renderCard('player01');
    expect(await screen.findByText('当前可提现')).toBeTruthy();
    expect(screen.getByText('暂无流水要求')).toBeTruthy();
  });

  it('shows the server’s refusal for an unknown member', async () => {
    fetchMock.mockResolvedValueOnce(envelope(10003, '参数错误：username 会员不存在', { field: 'username' }));
    renderCard('nobody');
    expect(await screen.findByText('参数错误：username 会员不存在')).toBeTruthy();
  });
});
