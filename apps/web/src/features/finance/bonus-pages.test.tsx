import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { customRecordRange, recordRangeOf } from '../../lib/record-range.ts';
import { FakeFailure, fakeApi } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';

function bodiesOf(fetchMock: ReturnType<typeof fakeApi>, fragment: string): Record<string, unknown>[] {
  return fetchMock.mock.calls
    .filter(([url]) => url.includes(fragment))
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);
}

const convertResult = {
  transferId: 'x',
  amount: '88.50',
  requiredTurnover: '88.50',
  bonusBalance: '0.00',
  mainBalance: '88.50',
  isReplay: false,
};

describe('bonus wallet pages', () => {
  it('shows the balance, fills 全部, confirms, and keeps the transfer id on retry', async () => {
    localStorage.setItem('token', 'token-1');
    let attempts = 0;
    const fetchMock = fakeApi({
      bonusWallet: () => ({ balance: '88.50', turnoverMultiple: 1 }),
      bonusConvert: () => {
        attempts += 1;
        return attempts === 1 ? new FakeFailure(10001, '系统繁忙，请稍候再试！') : convertResult;
      },
    });
    renderApp('/mine/currency');
    await vi.waitFor(() => expect(screen.getByTestId('big-money').textContent).toBe('¥88.50'));
    expect(screen.getByText(/活动红利与VIP奖励/)).toBeTruthy();
    expect(screen.getByText('红利记录')).toBeTruthy();
    const field = screen.getByRole('textbox', { name: '转入金额' }) as HTMLInputElement;
    fireEvent.change(field, { target: { value: '100' } });
    fireEvent.click(screen.getByRole('button', { name: '转入主钱包' }));
    expect(await screen.findByText('余额不足')).toBeTruthy();
    expect(bodiesOf(fetchMock, '/bonus/convert')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: '全部' }));
    expect(field.value).toBe('88.50');
    const convertOnce = async (count: number) => {
      fireEvent.click(screen.getByRole('button', { name: '转入主钱包' }));
      expect(await screen.findByText(/确认将 ¥88.50 转入主钱包吗/)).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: '确定' }));
      await vi.waitFor(() => expect(bodiesOf(fetchMock, '/bonus/convert')).toHaveLength(count));
      await vi.waitFor(() => expect(screen.queryByText(/确认将 ¥88.50 转入主钱包吗/)).toBeNull());
    };
    await convertOnce(1);
    await vi.waitFor(() =>
      expect((screen.getByRole('button', { name: '转入主钱包' }) as HTMLButtonElement).disabled).toBe(false),
    );
    await convertOnce(2);
    const [first, second] = bodiesOf(fetchMock, '/bonus/convert');
    expect(first).toMatchObject({ amount: '88.50' });
    expect(second?.transferId).toBe(first?.transferId);
    expect(await screen.findByText('转入成功')).toBeTruthy();
  });

  it('lists bonus records of 近7天 by default and asks again for 今天', async () => {
    localStorage.setItem('token', 'token-1');
    const fetchMock = fakeApi({
      bonusRecords: () => ({
        list: [
          {
            id: 1,
            transferId: 'bc:1',
            kind: 'bonus',
            memo: '红利转入主钱包',
            bucket: 'available',
            amount: '-20.00',
            balanceAfter: '0.00',
            status: 'success',
            createdAt: '2026-11-22T04:00:00.000Z',
          },
        ],
        total: 1,
        pageNum: 1,
        pageSize: 20,
        totals: { inAmount: '0.00', outAmount: '20.00' },
      }),
    });
    renderApp('/mine/record/currencyRecord');
    expect(await screen.findByText('-20.00')).toBeTruthy();
    expect(screen.getByText('交易成功')).toBeTruthy();
    const [firstAsk] = bodiesOf(fetchMock, '/record/bonus');
    expect(Date.parse(String(firstAsk?.endTime)) - Date.parse(String(firstAsk?.startTime))).toBe(
      7 * 86_400_000,
    );
    fireEvent.click(screen.getByText('今天'));
    await vi.waitFor(() => expect(bodiesOf(fetchMock, '/record/bonus')).toHaveLength(2));
    expect(bodiesOf(fetchMock, '/record/bonus')[1]).toMatchObject(recordRangeOf('today', Date.now()));
  });

  it('sends Asia/Shanghai day bounds', () => {
    const now = Date.parse('2026-11-22T17:30:00.000Z'); // 01:30 on 11-23 in Shanghai
    expect(recordRangeOf('today', now)).toEqual({
      startTime: '2026-11-22T16:00:00.000Z',
      endTime: '2026-11-23T16:00:00.000Z',
    });
    expect(recordRangeOf('yesterday', now)).toEqual({
      startTime: '2026-11-21T16:00:00.000Z',
      endTime: '2026-11-22T16:00:00.000Z',
    });
    expect(recordRangeOf('last30Days', now).startTime).toBe('2026-10-24T16:00:00.000Z');
  });

  it('turns the days picked for 自定义 into Shanghai day bounds of at most 31 days', () => {
    // The calendar gives local midnights; their calendar dates are the days meant.
    expect(customRecordRange(new Date(2026, 10, 1), new Date(2026, 10, 20))).toEqual({
      startTime: '2026-10-31T16:00:00.000Z',
      endTime: '2026-11-20T16:00:00.000Z',
    });
    expect(customRecordRange(new Date(2026, 10, 5), new Date(2026, 10, 5))).toEqual({
      startTime: '2026-11-04T16:00:00.000Z',
      endTime: '2026-11-05T16:00:00.000Z',
    });
    expect(customRecordRange(new Date(2026, 9, 1), new Date(2026, 9, 31))).toBeDefined();
    expect(customRecordRange(new Date(2026, 9, 1), new Date(2026, 10, 1))).toBeUndefined();
  });
});
