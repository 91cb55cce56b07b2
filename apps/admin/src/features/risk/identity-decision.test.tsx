import { type IdentityReviewEntry, routes } from '@site/contract';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders, createQueryClient } from '../../app/app.tsx';
import { IdentityDecision } from './identity-decision.tsx';

const entry: IdentityReviewEntry = {
  memberId: 42,
  username: 'player42',
  submissionNo: 2,
  realName: '张三丰',
  idNumber: '11010519491231002X',
  ageYears: 76,
  status: 'pending',
  reason: '',
  submittedAt: '2026-11-22T04:00:00.000Z',
  reviewedAt: null,
  reviewer: null,
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

function sentCalls() {
  return fetchMock.mock.calls.map(([path, init]) => ({
    path: String(path),
    body: JSON.parse(String(init?.body ?? 'null')) as unknown,
  }));
}

function renderDecision() {
  const onChanged = vi.fn();
  render(
    <AppProviders client={createQueryClient()}>
      <IdentityDecision entry={entry} onChanged={onChanged} />
    </AppProviders>,
  );
  return onChanged;
}

describe('IdentityDecision', () => {
  it('approves the submission it shows, with the optional remark, and reloads the table', async () => {
    fetchMock.mockResolvedValueOnce(
      envelope(6000, '成功', {
        ...entry,
        status: 'approved',
        reviewer: 'kyc1',
        reviewedAt: entry.submittedAt,
      }),
    );
    const onChanged = renderDecision();
    fireEvent.click(screen.getByRole('button', { name: '通过' }));
    expect(await screen.findByText('通过实名认证')).toBeTruthy();
    expect(screen.getByText('11010519491231002X')).toBeTruthy();
    expect(screen.getByText('第 2 次')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '确认通过' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(sentCalls()).toEqual([
      { path: routes.adminIdentityApprove.path, body: { memberId: 42, submissionNo: 2, reason: '' } },
    ]);
  });

  it('asks for the reason the member will see before rejecting', async () => {
    fetchMock.mockResolvedValueOnce(
      envelope(6000, '成功', { ...entry, status: 'rejected', reason: '证件模糊' }),
    );
    const onChanged = renderDecision();
    fireEvent.click(screen.getByRole('button', { name: '拒绝' }));
    await screen.findByText('拒绝实名认证');
    fireEvent.click(screen.getByRole('button', { name: '确认拒绝' }));
    expect(await screen.findByText('请填写拒绝原因')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('拒绝原因'), { target: { value: '证件模糊' } });
    fireEvent.click(screen.getByRole('button', { name: '确认拒绝' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(sentCalls()).toEqual([
      { path: routes.adminIdentityReject.path, body: { memberId: 42, submissionNo: 2, reason: '证件模糊' } },
    ]);
  });

  it('shows who decided first when another reviewer won, closes the dialog and reloads', async () => {
    fetchMock.mockResolvedValueOnce(envelope(10001, '该实名认证已由kyc2审核（已拒绝），不能重复审核', null));
    const onChanged = renderDecision();
    fireEvent.click(screen.getByRole('button', { name: '通过' }));
    await screen.findByText('通过实名认证');
    fireEvent.click(screen.getByRole('button', { name: '确认通过' }));
    expect(await screen.findByText('该实名认证已由kyc2审核（已拒绝），不能重复审核')).toBeTruthy();
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    // jsdom runs no transitions: the dialog is left in its closing (leave) state.
    await waitFor(() => expect(document.querySelector('.ant-modal')?.className).toContain('ant-zoom-leave'));
  });
});
