import { routes } from '@site/contract';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders, createQueryClient } from '../../app/app.tsx';
import { WithdrawReview } from './withdraw-review.tsx';

const order = {
  orderNo: 'W20261123000001',
  requestId: 'request-0001',
  amount: '500.00',
  fee: '0.00',
  actualAmount: '500.00',
  status: 'pending' as const,
  accountKind: 'bank' as const,
  accountLabel: '工商银行 尾号5679',
  reason: '',
  createdAt: '2026-11-23T11:00:00.000Z',
  reviewedAt: null,
  memberId: 42,
  holderName: '张三',
  accountNumber: '6222020200112345679',
  reviewer: null,
  lockedUntil: null,
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

function calledPaths(): string[] {
  return fetchMock.mock.calls.map(([path]) => String(path));
}

function renderReview(
  row:
    | typeof order
    | (Omit<typeof order, 'reviewer' | 'lockedUntil'> & {
        reviewer: string;
        lockedUntil: string;
      }),
) {
  const onChanged = vi.fn();
  render(
    <AppProviders client={createQueryClient()}>
      <WithdrawReview row={row} username="cashier1" onChanged={onChanged} />
    </AppProviders>,
  );
  return onChanged;
}

describe('WithdrawReview', () => {
  it('takes the hold before the dialog opens, and closing the dialog releases it', async () => {
    const held = {
      ...order,
      reviewer: 'cashier1',
      lockedUntil: new Date(Date.now() + 600_000).toISOString(),
    };
    fetchMock.mockResolvedValueOnce(envelope(6000, '成功', held));
    const onChanged = renderReview(order);

    fireEvent.click(screen.getByRole('button', { name: '审核' }));
    expect(await screen.findByText(`审核提现 ${order.orderNo}`)).toBeTruthy();
    expect(calledPaths()).toEqual([routes.adminWithdrawHold.path]);
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({ orderNo: order.orderNo });
    expect(screen.getByRole('button', { name: '通过' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '拒绝' })).toBeTruthy();

    fetchMock.mockResolvedValueOnce(envelope(6000, '成功', null));
    fireEvent.click(screen.getByRole('button', { name: '关闭并释放' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(calledPaths()).toEqual([routes.adminWithdrawHold.path, routes.adminWithdrawRelease.path]);
  });

  it('closes the review and reloads the table when another staff member decided the order first', async () => {
    const held = {
      ...order,
      reviewer: 'cashier1',
      lockedUntil: new Date(Date.now() + 600_000).toISOString(),
    };
    fetchMock.mockResolvedValueOnce(envelope(6000, '成功', held));
    const onChanged = renderReview(order);
    fireEvent.click(screen.getByRole('button', { name: '审核' }));
    await screen.findByText(`审核提现 ${order.orderNo}`);

    fetchMock.mockResolvedValueOnce(envelope(10001, '该提现订单已被其他员工处理', null));
    fireEvent.click(screen.getByRole('button', { name: '通过' }));
    // The confirmation's own 通过 is the last one drawn, over the review dialog's.
    await waitFor(() => expect(screen.getAllByRole('button', { name: '通过' }).length).toBe(2));
    fireEvent.click(screen.getAllByRole('button', { name: '通过' })[1] as HTMLElement);
    expect(await screen.findByText('该提现订单已被其他员工处理')).toBeTruthy();
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(calledPaths()).toEqual([routes.adminWithdrawHold.path, routes.adminWithdrawApprove.path]);
  });

  it('shows the server’s refusal when another reviewer took the order first, and reloads the table', async () => {
    fetchMock.mockResolvedValueOnce(envelope(10001, '该提现订单正由cashier2审核中', null));
    const onChanged = renderReview(order);

    fireEvent.click(screen.getByRole('button', { name: '审核' }));
    expect(await screen.findByText('该提现订单正由cashier2审核中')).toBeTruthy();
    expect(onChanged).toHaveBeenCalledTimes(1);
    expect(screen.queryByText(`审核提现 ${order.orderNo}`)).toBeNull();
  });

  it('shows who holds the order and until when, with its actions disabled', () => {
    const lockedUntil = new Date(Date.now() + 300_000).toISOString();
    renderReview({ ...order, reviewer: 'cashier2', lockedUntil });
    expect(screen.getByText(/^审核中：cashier2（至 /)).toBeTruthy();
    expect(screen.getByRole('button', { name: '审核' }).hasAttribute('disabled')).toBe(true);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
