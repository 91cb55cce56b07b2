import { type ChatMessage, type ChatRoom, chatSafetyNotice, MsgId } from '@site/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../app/query-client.ts';
import { sharedSocket } from '../../lib/socket.ts';
import { saveToken } from '../../lib/token.ts';
import { fakeApi } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';

const rooms: ChatRoom[] = [
  { roomId: 1, name: '聊天大厅', vipMin: 0, vipMax: 99, isMaintenance: false, sort: 0 },
  { roomId: 2, name: 'VIP专属', vipMin: 1, vipMax: 99, isMaintenance: false, sort: 1 },
];

const greeting: ChatMessage = {
  kind: 'text',
  messageId: 41,
  roomId: 1,
  memberId: 8,
  nickname: 'li***',
  vipLevel: 3,
  createdAt: '2026-11-25T04:00:00.000Z',
  content: '大家好',
};

type Frame = { msgId: number; msgData: Record<string, unknown> };

/** The server end of the page's socket: answers login, rooms and join, and records what was sent. */
class FakeServerSocket {
  static latest: FakeServerSocket | undefined;
  readyState: WebSocket['readyState'] = 0;
  onopen: WebSocket['onopen'] = null;
  onclose: WebSocket['onclose'] = null;
  onerror: WebSocket['onerror'] = null;
  onmessage: WebSocket['onmessage'] = null;
  readonly sent: Frame[] = [];
  canSpeak = true;
  speakRefusal: string | null = null;

  constructor(readonly url: string) {
    FakeServerSocket.latest = this;
    setTimeout(() => {
      this.readyState = 1;
      this.onopen?.call(this as never, new Event('open'));
    }, 0);
  }
  send(data: string): void {
    const frame = JSON.parse(data) as Frame;
    this.sent.push(frame);
    const answers: Record<number, () => unknown> = {
      [MsgId.login]: () => ({
        memberId: 7,
        nickname: 'zh***',
        vipLevel: 1,
        speechStatus: 0,
        mutedUntil: null,
        vipMin: 0,
        vipMax: 99,
        shieldedMemberIds: [],
      }),
      [MsgId.roomStatus]: () => ({ rooms }),
      [MsgId.joinRoom]: () => ({
        room: rooms.find((room) => room.roomId === frame.msgData.roomId),
        history: frame.msgData.roomId === 1 ? [greeting] : [],
        safetyNotice: chatSafetyNotice,
        canSpeak: this.canSpeak,
        speakRefusal: this.speakRefusal,
      }),
    };
    const answer = answers[frame.msgId];
    if (answer) {
      this.push(frame.msgId, answer());
    }
  }
  close(): void {
    this.readyState = 3;
  }
  push(msgId: number, msgData: unknown, code = 6000, message = '成功'): void {
    setTimeout(() => {
      const data = JSON.stringify({ msgId, code, message, msgData });
      this.onmessage?.call(this as never, new MessageEvent('message', { data }));
    }, 0);
  }
  sentOf(msgId: number): Frame[] {
    return this.sent.filter((frame) => frame.msgId === msgId);
  }
}

function server(): FakeServerSocket {
  const socket = FakeServerSocket.latest;
  if (!socket) {
    throw new Error('the page opened no socket');
  }
  return socket;
}

beforeEach(() => {
  // jsdom lays nothing out: the virtualised log gets a phone's message area.
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(390);
  FakeServerSocket.latest = undefined;
  vi.stubGlobal('WebSocket', FakeServerSocket);
  fakeApi({
    namingList: () => [],
    memberJwt: () => ({ token: 'socket-token', expiresAt: '2026-11-25T05:00:00.000Z' }),
    walletSummary: () => ({
      mainBalance: '120.00',
      withdrawalHoldBalance: '0.00',
      bonusBalance: '0.00',
      venues: [],
      totalBalance: '120.00',
      isAutoTransfer: false,
      hasFundsPassword: true,
    }),
  });
  saveToken('member-token');
});

afterEach(() => {
  // The client's one socket outlives a page: each test starts from a closed one.
  act(() => sharedSocket(createQueryClient()).close());
  vi.unstubAllGlobals();
});

async function openChat() {
  renderApp('/chat');
  const log = await screen.findByRole('log', { name: '聊天消息' });
  await within(log).findByText('大家好');
  return log;
}

describe('ChatPage', () => {
  it('logs in with the jwt token, lists the rooms, joins the first and shows its history, VIP badge and 安全提示', async () => {
    const log = await openChat();
    expect(server().url).toBe(
      `${window.location.origin.replace(/^http/, 'ws')}/stream/ws/v1/handshake?clientType=web`,
    );
    expect(server().sentOf(MsgId.login)[0]?.msgData).toMatchObject({ token: 'socket-token' });
    expect(screen.getByRole('tab', { name: '聊天大厅', selected: true })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'VIP专属' })).toBeTruthy();
    expect(within(log).getByText('VIP3')).toBeTruthy();
    expect(screen.getByText(chatSafetyNotice)).toBeTruthy();
  });

  it('sends a text with an emoji, and shows the broadcast when it comes back', async () => {
    const log = await openChat();
    fireEvent.click(screen.getByRole('button', { name: '表情' }));
    fireEvent.change(screen.getByRole('textbox', { name: '输入消息' }), { target: { value: '晚上好' } });
    fireEvent.click(
      within(screen.getByRole('group', { name: '选择表情' })).getByRole('button', { name: '🎉' }),
    );
    fireEvent.click(screen.getByRole('button', { name: '发送' }));
    expect(server().sentOf(MsgId.broadcastRoom)).toEqual([
      { msgId: MsgId.broadcastRoom, msgData: { roomId: 1, content: '晚上好🎉' } },
    ]);
    server().push(MsgId.broadcastRoom, {
      ...greeting,
      messageId: 42,
      memberId: 7,
      nickname: 'zh***',
      content: '晚上好🎉',
    });
    expect(await within(log).findByText('晚上好🎉')).toBeTruthy();
  });

  it('shows a refusal in Chinese', async () => {
    await openChat();
    fireEvent.change(screen.getByRole('textbox', { name: '输入消息' }), {
      target: { value: '加我微信abc123' },
    });
    fireEvent.click(screen.getByRole('button', { name: '发送' }));
    server().push(
      MsgId.broadcastRoom,
      { reason: 'contactDetails' },
      10001,
      '禁止发布手机号、QQ、微信等联系方式或链接',
    );
    expect(await screen.findByText('禁止发布手机号、QQ、微信等联系方式或链接')).toBeTruthy();
  });

  it('a mute from the console replaces the input with why and until when', async () => {
    await openChat();
    server().canSpeak = false;
    server().speakRefusal = '您已被禁言';
    server().push(MsgId.speechStatus, {
      speechStatus: 1,
      mutedUntil: '2099-11-25T06:30:00.000Z',
      reason: '刷屏广告',
    });
    const notice = await screen.findByRole('region', { name: '您已被禁言' });
    expect(within(notice).getByText('原因：刷屏广告')).toBeTruthy();
    expect(within(notice).getByText('禁言至 2099/11/25 14:30:00（北京时间）')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: '输入消息' })).toBeNull();
  });

  it('a gift asks to confirm its price before it is sent', async () => {
    await openChat();
    fireEvent.click(screen.getByRole('button', { name: /礼物/ }));
    const sheet = await screen.findByRole('dialog', { name: '赠送礼物' });
    fireEvent.click(within(sheet).getByRole('button', { name: 'li***' }));
    fireEvent.click(within(sheet).getByRole('button', { name: /蛋糕/ }));
    fireEvent.click(within(sheet).getByRole('button', { name: '赠送 ¥18.00' }));
    expect(
      await screen.findByText('赠送「蛋糕」给 li***，将从主钱包扣除 ¥18.00，赠送后不可退回。确认赠送吗？'),
    ).toBeTruthy();
    expect(server().sentOf(MsgId.gift)).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(server().sentOf(MsgId.gift)).toHaveLength(1));
    expect(server().sentOf(MsgId.gift)[0]?.msgData).toMatchObject({
      roomId: 1,
      giftCode: 'cake',
      toMemberId: 8,
      price: '18.00',
    });
  });

  it('the gift sheet leads to 礼物记录', async () => {
    const { router } = renderApp('/chat');
    await screen.findByRole('log', { name: '聊天消息' });
    fireEvent.click(await screen.findByRole('button', { name: /礼物/ }));
    const sheet = await screen.findByRole('dialog', { name: '赠送礼物' });
    fireEvent.click(within(sheet).getByRole('link', { name: '礼物记录' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/mine/record/giftRecord'));
  });
});
