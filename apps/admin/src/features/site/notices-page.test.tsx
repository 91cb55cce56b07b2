import { type AdminNotice, type OperatorPermission, routes } from '@site/contract';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders, createQueryClient } from '../../app/app.tsx';
import { endSession, startSession } from '../../lib/session.ts';
import { NoticesPage } from './notices-page.tsx';

const notice: AdminNotice = {
  id: 12,
  category: 1,
  title: '防诈骗提醒',
  content: '请勿向陌生账户转账',
  publishedAt: '2026-11-22T03:00:00.000Z',
  isActive: true,
};

function envelope(data: unknown) {
  return new Response(JSON.stringify({ code: 6000, message: '成功', data }), {
    headers: { 'content-type': 'application/json' },
  });
}

const page = (list: AdminNotice[]) => envelope({ list, total: list.length, pageNum: 1, pageSize: 20 });

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  endSession();
});

function renderAs(permissions: OperatorPermission[]) {
  startSession({
    token: 'operator-token',
    expiresAt: '2026-11-23T12:00:00.000Z',
    operator: { id: 3, username: 'content1', role: 'content', siteIds: [9001], permissions },
  });
  render(
    <AppProviders client={createQueryClient()}>
      <NoticesPage />
    </AppProviders>,
  );
}

const calledPaths = () => fetchMock.mock.calls.map(([path]) => String(path));

describe('NoticesPage', () => {
  it('takes a notice down after asking, then reloads the list', async () => {
    fetchMock.mockResolvedValueOnce(page([notice]));
    renderAs(['site.read', 'site.write']);
    expect(await screen.findByText('防诈骗提醒')).toBeTruthy();
    expect(screen.getByText('跑马灯')).toBeTruthy();
    expect(screen.getByText('已发布')).toBeTruthy();

    fireEvent.click(screen.getByText('停用'));
    expect(await screen.findByText('确认停用？停用后会员端立即不再显示')).toBeTruthy();
    fetchMock.mockResolvedValueOnce(envelope({ ...notice, isActive: false }));
    fetchMock.mockResolvedValueOnce(page([{ ...notice, isActive: false }]));
    // The confirmation's own 停用 is the last one drawn, after the row's.
    const stopButtons = screen.getAllByText('停用');
    fireEvent.click(stopButtons[stopButtons.length - 1] as HTMLElement);

    await waitFor(() =>
      expect(calledPaths()).toEqual([
        routes.adminNoticeList.path,
        routes.adminNoticeUpdate.path,
        routes.adminNoticeList.path,
      ]),
    );
    expect(JSON.parse(String(fetchMock.mock.calls[1]?.[1]?.body))).toEqual({ id: 12, isActive: false });
    expect(await screen.findByText('启用')).toBeTruthy();
    // A ProTable and two pop-ups render slowly under jsdom, more so on a busy machine.
  }, 40_000);

  it('offers 客服 the list without add, edit, stop or delete', async () => {
    fetchMock.mockResolvedValueOnce(page([notice]));
    renderAs(['site.read']);
    expect(await screen.findByText('防诈骗提醒')).toBeTruthy();
    expect(screen.queryByText('新增公告')).toBeNull();
    expect(screen.queryByText('停用')).toBeNull();
    expect(screen.queryByText('删除')).toBeNull();
  });
});
