import { type OperatorPermission, type RouteResponse, routes } from '@site/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders, createQueryClient } from '../../app/app.tsx';
import { endSession, startSession } from '../../lib/session.ts';
import { ChatLogPage } from './log-page.tsx';
import { ChatModerationPage } from './moderation-page.tsx';
import { ChatRoomsPage } from './rooms-page.tsx';
import { ChatSettingsPage, cleanWords } from './settings-page.tsx';
import { speechBody } from './speech-form.tsx';

type LogEntry = RouteResponse<'adminChatLog'>['list'][number];

const spam: LogEntry = {
  message: {
    kind: 'text',
    messageId: 501,
    roomId: 1,
    memberId: 9,
    nickname: 'sp***',
    vipLevel: 0,
    createdAt: '2026-11-25T04:00:00.000Z',
    content: '加我微信领红包',
  },
  username: 'spammer01',
  isWithdrawn: false,
  withdrawnReason: null,
};

function envelope(data: unknown) {
  return new Response(JSON.stringify({ code: 6000, message: '成功', data }), {
    headers: { 'content-type': 'application/json' },
  });
}

/** Answers by path; every call is kept with its body. */
function serve(answers: Record<string, () => unknown>) {
  const fetchMock = vi.fn<typeof fetch>(async (input) => {
    const path = String(input).split('?')[0] ?? '';
    const answer = answers[path];
    return answer ? envelope(answer()) : envelope(null);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    bodiesOf: (path: string) =>
      fetchMock.mock.calls
        .filter(([input]) => String(input).split('?')[0] === path)
        .map(([, init]) => (typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined)),
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
  endSession();
});

function renderAs(permissions: OperatorPermission[], page: React.ReactNode) {
  startSession({
    token: 'operator-token',
    expiresAt: '2099-11-23T12:00:00.000Z',
    operator: { id: 3, username: 'support1', role: 'support', siteIds: [9001], permissions },
  });
  render(<AppProviders client={createQueryClient()}>{page}</AppProviders>);
}

const rooms = [
  { roomId: 1, name: '聊天大厅', vipMin: 0, vipMax: 99, isMaintenance: false, sort: 0, onlineCount: 3 },
];

describe('chat console', () => {
  it('禁言会员 mutes for the chosen time with the reason the member sees', async () => {
    const api = serve({
      [routes.adminChatRestrictions.path]: () => [],
      [routes.adminChatSpeech.path]: () => ({
        memberId: 9,
        speechStatus: 1,
        mutedUntil: '2026-11-25T05:00:00.000Z',
      }),
    });
    renderAs(['chat.read', 'chat.write'], <ChatModerationPage />);
    fireEvent.click(await screen.findByRole('button', { name: '禁言会员' }));
    const dialog = await screen.findByRole('dialog', { name: '发言管理' });
    fireEvent.change(within(dialog).getByLabelText('会员用户名'), { target: { value: 'spammer01' } });
    fireEvent.click(within(dialog).getByText('1 天'));
    fireEvent.change(within(dialog).getByLabelText('原因（会员可见）'), { target: { value: '刷屏广告' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确认' }));
    await waitFor(() =>
      expect(api.bodiesOf(routes.adminChatSpeech.path)).toEqual([
        { username: 'spammer01', status: 'muted', mutedMinutes: 1440, reason: '刷屏广告' },
      ]),
    );
  }, 40_000);

  it('offers 运营 (chat.read only) the list without 禁言会员', async () => {
    serve({ [routes.adminChatRestrictions.path]: () => [] });
    renderAs(['chat.read'], <ChatModerationPage />);
    expect(await screen.findByText('禁言管理')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '禁言会员' })).toBeNull();
  });

  it('聊天记录 lists messages and withdraws one with a reason', async () => {
    const api = serve({
      [routes.adminChatRooms.path]: () => rooms,
      [routes.adminChatLog.path]: () => ({ list: [spam], total: 1, pageNum: 1, pageSize: 20 }),
      [routes.adminChatWithdraw.path]: () => null,
    });
    renderAs(['chat.read', 'chat.write'], <ChatLogPage />);
    expect(await screen.findByText('加我微信领红包')).toBeTruthy();
    expect(api.bodiesOf(routes.adminChatLog.path)[0]).toEqual({ pageNum: 1, pageSize: 20 });

    fireEvent.click(screen.getByRole('button', { name: '撤回' }));
    const dialog = await screen.findByRole('dialog', { name: '撤回消息' });
    fireEvent.change(within(dialog).getByLabelText('原因'), { target: { value: '诈骗引流' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '撤回' }));
    await waitFor(() =>
      expect(api.bodiesOf(routes.adminChatWithdraw.path)).toEqual([{ messageId: 501, reason: '诈骗引流' }]),
    );
  }, 40_000);
});

describe('chat rooms and settings', () => {
  it('edits a room: a VIP range upside down is stopped in the form, a good one saved', async () => {
    const api = serve({
      [routes.adminChatRooms.path]: () => rooms,
      [routes.adminChatRoomSave.path]: () => ({ ...rooms[0], vipMin: 3 }),
    });
    renderAs(['chat.read', 'chat.write'], <ChatRoomsPage />);
    expect(await screen.findByText('VIP0 - VIP99')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '编辑' }));
    const dialog = await screen.findByRole('dialog', { name: '编辑房间 聊天大厅' });
    fireEvent.change(within(dialog).getByLabelText('最低 VIP 等级'), { target: { value: '50' } });
    fireEvent.change(within(dialog).getByLabelText('最高 VIP 等级'), { target: { value: '5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('最低 VIP 等级不能高于最高等级')).toBeTruthy();
    expect(api.bodiesOf(routes.adminChatRoomSave.path)).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText('最低 VIP 等级'), { target: { value: '3' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(api.bodiesOf(routes.adminChatRoomSave.path)).toEqual([
        { roomId: 1, name: '聊天大厅', vipMin: 3, vipMax: 5, isMaintenance: false, sort: 0 },
      ]),
    );
  }, 40_000);

  it('shows the settings read-only without chat.write', async () => {
    serve({
      [routes.adminChatSettings.path]: () => ({
        bannedWords: ['代充'],
        giftRecipient: 'house',
        messagesPer10s: 5,
      }),
    });
    renderAs(['chat.read'], <ChatSettingsPage />);
    expect(await screen.findByText('代充')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '保存' })).toBeNull();
  });
});

describe('chat console forms', () => {
  it('sends a mute time only with a mute', () => {
    expect(speechBody({ username: ' a1 ', status: 'banned', mutedMinutes: 60, reason: ' 诈骗 ' })).toEqual({
      username: 'a1',
      status: 'banned',
      reason: '诈骗',
    });
    expect(speechBody({ username: 'a1', status: 'muted', mutedMinutes: 10, reason: '刷屏' })).toEqual({
      username: 'a1',
      status: 'muted',
      mutedMinutes: 10,
      reason: '刷屏',
    });
  });

  it('keeps each banned word once, trimmed', () => {
    expect(cleanWords([' 代充 ', '代充', '', '  ', '刷单'])).toEqual(['代充', '刷单']);
  });
});
