import { routes } from '@site/contract';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders, createQueryClient } from '../../app/app.tsx';
import { linkedAccountsUrl } from '../../app/menu.ts';
import { IdentityReviewPage } from './identity-review-page.tsx';
import { LinkedAccountsPage } from './linked-accounts-page.tsx';

function envelope(data: unknown) {
  return new Response(JSON.stringify({ code: 6000, message: '成功', data }), {
    headers: { 'content-type': 'application/json' },
  });
}

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

/** Answers each route the page calls from `answers`, by path. */
function answering(answers: Record<string, unknown>) {
  fetchMock.mockImplementation(async (input) => {
    const path = String(input).split('?')[0] ?? '';
    return envelope(answers[path]);
  });
}

function bodiesSentTo(path: string): unknown[] {
  return fetchMock.mock.calls
    .filter(([input]) => String(input).startsWith(path))
    .map(([, init]) => JSON.parse(String(init?.body ?? 'null')) as unknown);
}

function renderPage(page: React.ReactNode, url: string) {
  window.history.replaceState(null, '', url);
  render(
    <AppProviders client={createQueryClient()}>
      <MemoryRouter initialEntries={[url]}>{page}</MemoryRouter>
    </AppProviders>,
  );
}

const member = (memberId: number, username: string) => ({
  memberId,
  username,
  status: 'active' as const,
  lastUsedAt: '2026-11-22T04:00:00.000Z',
});

describe('LinkedAccountsPage', () => {
  it('opens on the member the URL names and lists everyone linked, with a summary', async () => {
    answering({
      [routes.adminLinkedAccounts.path]: {
        memberId: 1,
        username: 'linkmain',
        links: [
          { kind: 'device', value: 'device-shared-1', members: [member(2, 'linkdev1')] },
          { kind: 'payoutAccount', value: '中国工商银行(尾号5679)', members: [member(3, 'linkcard1')] },
        ],
      },
    });
    renderPage(<LinkedAccountsPage />, linkedAccountsUrl('linkmain'));
    expect(await screen.findByText('linkdev1')).toBeTruthy();
    expect(screen.getByText('linkcard1')).toBeTruthy();
    expect(screen.getByText('中国工商银行(尾号5679)')).toBeTruthy();
    expect(screen.getByText('linkmain：共用设备 1 人，共用 IP 0 人，共用收款账户 1 人')).toBeTruthy();
    expect(bodiesSentTo(routes.adminLinkedAccounts.path)).toEqual([{ username: 'linkmain' }]);
  });

  it('lists the most shared devices of the site on its own tab', async () => {
    answering({
      [routes.adminSharedAccess.path]: {
        list: [
          {
            key: 'device-shared-1',
            kind: 'device',
            value: 'device-shared-1',
            memberCount: 3,
            members: [member(2, 'linkdev1'), member(3, 'linkdev2'), member(4, 'linkdev3')],
            lastUsedAt: '2026-11-22T04:00:00.000Z',
          },
        ],
        total: 1,
        pageNum: 1,
        pageSize: 20,
      },
    });
    renderPage(<LinkedAccountsPage />, '/risk/linked');
    fireEvent.click(screen.getByRole('tab', { name: '多人共用' }));
    expect(await screen.findByText('linkdev3')).toBeTruthy();
    expect(screen.getByText('device-shared-1')).toBeTruthy();
    expect(bodiesSentTo(routes.adminSharedAccess.path)[0]).toMatchObject({ kind: 'device', pageNum: 1 });
  });
});

describe('IdentityReviewPage', () => {
  it('shows the rule and the pending queue with 通过 and 拒绝 on each row', async () => {
    answering({
      [routes.adminIdentityRule.path]: { isManualReview: true, isAutoReviewAvailable: true },
      [routes.adminIdentityList.path]: {
        list: [
          {
            memberId: 42,
            username: 'player42',
            submissionNo: 1,
            realName: '张三丰',
            idNumber: '11010519491231002X',
            ageYears: 76,
            status: 'pending',
            reason: '',
            submittedAt: '2026-11-22T04:00:00.000Z',
            reviewedAt: null,
            reviewer: null,
          },
        ],
        total: 1,
        pageNum: 1,
        pageSize: 20,
      },
    });
    renderPage(<IdentityReviewPage />, '/risk/identity');
    expect(await screen.findByText('张三丰')).toBeTruthy();
    expect(screen.getByText(/^人工审核：/)).toBeTruthy();
    expect(screen.getByRole('button', { name: '通过' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '拒绝' })).toBeTruthy();
    await waitFor(() =>
      expect(bodiesSentTo(routes.adminIdentityList.path)[0]).toMatchObject({ status: 'pending' }),
    );
  });
});
