import {
  chatSafetyNotice,
  FeedMsgId,
  MsgId,
  routes,
  type ServerFrame,
  socketCloseCodes,
} from '@site/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cashierClient } from '../cashier/test-support.ts';
import { transferIds } from '../ledger/transfer-ids.ts';
import { authClient, homeOf, registered } from '../session/test-support.ts';
import { loggedInSocket, openTestSocket, type TestSocket } from '../stream/test-support.ts';
import { createTestApp, playValidBets, type TestApp } from '../testing.ts';

let testApp: TestApp;
let baseUrl: string;
let client: ReturnType<typeof authClient>;
let cashier: ReturnType<typeof cashierClient>;
let hallId: number;
let vipRoomId: number;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  testApp = await createTestApp();
  baseUrl = await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  client = authClient(testApp);
  cashier = cashierClient(testApp);
  const rooms = await testApp.services.chat.rooms(9001);
  hallId = rooms.find((room) => room.vipMin === 0)?.roomId ?? 0;
  vipRoomId = rooms.find((room) => room.vipMin === 1)?.roomId ?? 0;
});

afterAll(async () => {
  for (const socket of sockets) {
    socket.close();
  }
  await testApp.close();
});

async function member(username: string) {
  const { token, member: info } = await registered(client, username);
  const connected = await loggedInSocket(baseUrl, client, { token, device: homeOf(username).device });
  sockets.push(connected.socket);
  return { username, token, memberId: info.memberId, ...connected };
}

async function joined(username: string, roomId = hallId) {
  const created = await member(username);
  const join = await created.socket.request(MsgId.joinRoom, { roomId });
  expect(join.code).toBe(6000);
  return { ...created, join };
}

const reasonOf = (frame: ServerFrame) => (frame.msgData as { reason?: string } | null)?.reason;

describe('socket gateway', () => {
  it('answers heartbeats, and a chat frame before login with 10004', async () => {
    const socket = await openTestSocket(baseUrl);
    sockets.push(socket);
    expect(await socket.request(MsgId.heartbeat)).toMatchObject({ msgId: 0, code: 6000 });
    const refused = await socket.request(MsgId.joinRoom, { roomId: hallId });
    expect(refused.code).toBe(10004);
    expect(reasonOf(refused)).toBe('notLoggedIn');
    expect((await socket.request(MsgId.broadcastRoom, { roomId: hallId, content: '你好' })).code).toBe(10004);
  });

  it('refuses a bad socket token, and one presented from another device', async () => {
    const { token } = await registered(client, 'chatjwt01');
    const jwt = await client.call<{ token: string }>('GET', routes.memberJwt.path, {
      token,
      device: homeOf('chatjwt01').device,
    });
    const socket = await openTestSocket(baseUrl);
    sockets.push(socket);
    expect(
      (await socket.request(MsgId.login, { token: `${jwt.data.token}x`, body: homeOf('chatjwt01').device }))
        .code,
    ).toBe(10004);
    expect(
      (await socket.request(MsgId.login, { token: jwt.data.token, body: 'someone-elses-dev' })).code,
    ).toBe(10004);
    expect((await socket.request(MsgId.login, { token: '' })).code).toBe(10003);
  });

  it('logs in with the chat login data, and a second login answers the same without re-checking', async () => {
    const alice = await member('chatlogin1');
    expect(alice.login.msgData).toMatchObject({
      memberId: alice.memberId,
      nickname: 'ch***n1',
      vipLevel: 0,
      speechStatus: 0,
      mutedUntil: null,
      vipMin: 0,
      vipMax: 99,
      shieldedMemberIds: [],
    });
    const again = await alice.socket.request(MsgId.login, { token: 'not-even-a-token', body: 'x' });
    expect(again.code).toBe(6000);
  });

  it('refuses an unknown message id and closes a socket that sends what is not JSON', async () => {
    const socket = await openTestSocket(baseUrl);
    sockets.push(socket);
    const unknown = await socket.request(12345);
    expect(unknown.code).toBe(10003);
    socket.socket.send('not json');
    expect((await socket.closed).code).toBe(socketCloseCodes.badFrame);
    const oversized = await openTestSocket(baseUrl);
    sockets.push(oversized);
    oversized.send(MsgId.heartbeat, { padding: 'x'.repeat(20_000) });
    expect((await oversized.closed).code).toBe(1009);
    // The node lives on: the next socket is served.
    const next = await openTestSocket(baseUrl);
    sockets.push(next);
    expect((await next.request(MsgId.heartbeat)).code).toBe(6000);
  });

  it('lets an anonymous socket follow public feeds, batched per flush window, but not other topics', async () => {
    const socket = await openTestSocket(baseUrl);
    sockets.push(socket);
    expect((await socket.request(FeedMsgId.subscribe, { topics: ['odds:42'] })).code).toBe(6000);
    expect((await socket.request(FeedMsgId.subscribe, { topics: ['member:1'] })).code).toBe(10003);
    for (const home of [1, 2, 3]) {
      await testApp.services.gateway.publish('odds:42', FeedMsgId.odds, { topic: 'odds:42', data: { home } });
    }
    const third = await socket.next(
      FeedMsgId.odds,
      (frame) => (frame.msgData as { data: { home: number } }).data.home === 3,
    );
    expect(third.code).toBe(6000);
    expect(socket.frames.filter((frame) => frame.msgId === FeedMsgId.odds)).toHaveLength(3);
    expect(socket.batchWrites()).toBe(1);
    expect((await socket.request(FeedMsgId.unsubscribe, { topics: ['odds:42'] })).code).toBe(6000);
    expect(testApp.services.gateway.subscriberCount('odds:42')).toBe(0);
  });
});

describe('chat room', () => {
  it('lists rooms, joins with history and the safety notice, and tells the room (10008)', async () => {
    const watcher = await joined('chatjoin01');
    const rooms = await watcher.socket.request(MsgId.roomStatus);
    expect((rooms.msgData as { rooms: unknown[] }).rooms.length).toBeGreaterThanOrEqual(2);
    const newcomer = await member('chatjoin02');
    const join = await newcomer.socket.request(MsgId.joinRoom, { roomId: hallId });
    expect(join.msgData).toMatchObject({
      safetyNotice: chatSafetyNotice,
      canSpeak: true,
      speakRefusal: null,
    });
    expect(chatSafetyNotice).toContain('转账');
    const announced = await watcher.socket.next(
      MsgId.broadcastJoin,
      (frame) => (frame.msgData as { memberId: number }).memberId === newcomer.memberId,
    );
    expect(announced.msgData).toMatchObject({ roomId: hallId, nickname: 'ch***02', vipLevel: 0 });
    // The same member on a second socket within the minute is not announced again: the room's
    // next message arrives with no 10008 before it (one topic keeps publish order).
    const secondTab = await loggedInSocket(baseUrl, client, {
      token: newcomer.token,
      device: homeOf('chatjoin02').device,
    });
    sockets.push(secondTab.socket);
    const since = watcher.socket.frames.length;
    expect((await secondTab.socket.request(MsgId.joinRoom, { roomId: hallId })).code).toBe(6000);
    newcomer.socket.send(MsgId.broadcastRoom, { roomId: hallId, content: '我在两个窗口' });
    await watcher.socket.next(MsgId.broadcastRoom, () => true, since);
    expect(watcher.socket.frames.slice(since).filter((frame) => frame.msgId === MsgId.broadcastJoin)).toEqual(
      [],
    );
    expect((await newcomer.socket.request(MsgId.joinRoom, { roomId: 999_999 })).msgData).toMatchObject({
      reason: 'noRoom',
    });
  });

  it('broadcasts a text to everyone in the room, sender included (10003)', async () => {
    const sender = await joined('chatsend01');
    const reader = await joined('chatsend02');
    const since = reader.socket.frames.length;
    const senderSince = sender.socket.frames.length;
    sender.socket.send(MsgId.broadcastRoom, { roomId: hallId, content: '  今晚一起看球  ' });
    const heard = await reader.socket.next(
      MsgId.broadcastRoom,
      (frame) => (frame.msgData as { memberId: number }).memberId === sender.memberId,
      since,
    );
    expect(heard.msgData).toMatchObject({
      kind: 'text',
      content: '今晚一起看球',
      roomId: hallId,
      nickname: 'ch***01',
    });
    const echoed = await sender.socket.next(
      MsgId.broadcastRoom,
      (frame) => (frame.msgData as { memberId: number }).memberId === sender.memberId,
      senderSince,
    );
    expect(echoed.msgData).toEqual(heard.msgData);
  });

  it('refuses a text from a socket not in the room, one too long counted the spec way, and an empty one', async () => {
    const outsider = await member('chatrule01');
    expect(
      reasonOf(await outsider.socket.request(MsgId.broadcastRoom, { roomId: hallId, content: '你好' })),
    ).toBe('notInRoom');
    await outsider.socket.request(MsgId.joinRoom, { roomId: hallId });
    // 101 Chinese characters count 202 (> 200); 200 ASCII letters count 200.
    const tooLong = await outsider.socket.request(MsgId.broadcastRoom, {
      roomId: hallId,
      content: '好'.repeat(101),
    });
    expect(tooLong.code).toBe(10003);
    expect(reasonOf(tooLong)).toBe('tooLong');
    const since = outsider.socket.frames.length;
    outsider.socket.send(MsgId.broadcastRoom, { roomId: hallId, content: 'a'.repeat(200) });
    expect((await outsider.socket.next(MsgId.broadcastRoom, () => true, since)).code).toBe(6000);
    expect(
      reasonOf(await outsider.socket.request(MsgId.broadcastRoom, { roomId: hallId, content: '   ' })),
    ).toBe('invalid');
  });

  it('refuses banned words and contact details, however they are spaced or written', async () => {
    const settings = await cashier.asOperator(routes.adminChatSettingsSave.path, {
      bannedWords: ['代充', '刷流水'],
      giftRecipient: 'member',
      messagesPer10s: 30,
    });
    expect(settings.code).toBe(6000);
    const speaker = await joined('chatfilt01');
    for (const content of ['找我代 充，便宜', '专业刷·流水']) {
      const refused = await speaker.socket.request(MsgId.broadcastRoom, { roomId: hallId, content });
      expect(refused.code).toBe(10001);
      expect(reasonOf(refused)).toBe('bannedWord');
    }
    for (const content of [
      '加我 138 0013 8000',
      '联系一三八零零一三八零零零',
      'vx: abc12345',
      '微 信 wxid_888888',
      '看 www.example.com',
      'https://t.me/x',
      'QQ：１２３４５６７８',
    ]) {
      const refused = await speaker.socket.request(MsgId.broadcastRoom, { roomId: hallId, content });
      expect(reasonOf(refused), content).toBe('contactDetails');
    }
    const since = speaker.socket.frames.length;
    speaker.socket.send(MsgId.broadcastRoom, { roomId: hallId, content: '主队 2:1 领先，100 块下注' });
    expect((await speaker.socket.next(MsgId.broadcastRoom, () => true, since)).code).toBe(6000);
    await cashier.asOperator(routes.adminChatSettingsSave.path, {
      bannedWords: [],
      giftRecipient: 'member',
      messagesPer10s: 5,
    });
  });

  it('refuses a member who sends too fast (6501), counted in the shared store', async () => {
    const speaker = await joined('chatrate01');
    for (let index = 0; index < 5; index += 1) {
      const since = speaker.socket.frames.length;
      speaker.socket.send(MsgId.broadcastRoom, { roomId: hallId, content: `第${index}条` });
      expect((await speaker.socket.next(MsgId.broadcastRoom, () => true, since)).code).toBe(6000);
    }
    const refused = await speaker.socket.request(MsgId.broadcastRoom, { roomId: hallId, content: '第六条' });
    expect(refused.code).toBe(6501);
    expect(reasonOf(refused)).toBe('tooFast');
    testApp.clock.advance(10_001);
    const since = speaker.socket.frames.length;
    speaker.socket.send(MsgId.broadcastRoom, { roomId: hallId, content: '又可以了' });
    expect((await speaker.socket.next(MsgId.broadcastRoom, () => true, since)).code).toBe(6000);
  });

  it('lets a member outside the VIP range read but not speak (10007 answers the level)', async () => {
    const reader = await joined('chatvip001', vipRoomId);
    expect(reader.join.msgData).toMatchObject({ canSpeak: false });
    expect((reader.join.msgData as { speakRefusal: string }).speakRefusal).toContain('VIP1');
    const refused = await reader.socket.request(MsgId.broadcastRoom, { roomId: vipRoomId, content: '你好' });
    expect(reasonOf(refused)).toBe('vipLevel');
    expect((await reader.socket.request(MsgId.chatVipLevel)).msgData).toEqual({ vipLevel: 0 });
  });

  it('mutes for a time, bans and restores from the console, telling the member at once (10004)', async () => {
    const speaker = await joined('chatmute01');
    const mute = await cashier.asOperator(routes.adminChatSpeech.path, {
      username: 'chatmute01',
      status: 'muted',
      mutedMinutes: 30,
      reason: '刷屏',
    });
    expect(mute.data).toMatchObject({ speechStatus: 1 });
    const told = await speaker.socket.next(MsgId.speechStatus);
    expect(told.msgData).toMatchObject({ speechStatus: 1, reason: '刷屏' });
    const muted = await speaker.socket.request(MsgId.broadcastRoom, { roomId: hallId, content: '还能说吗' });
    expect(reasonOf(muted)).toBe('muted');
    expect(muted.message).toContain('禁言');
    const restrictions = await cashier.asOperatorGet<Array<{ username: string }>>(
      routes.adminChatRestrictions.path,
    );
    expect(restrictions.data.map((row) => row.username)).toContain('chatmute01');

    await cashier.asOperator(routes.adminChatSpeech.path, {
      username: 'chatmute01',
      status: 'banned',
      reason: '诈骗',
    });
    expect(
      reasonOf(await speaker.socket.request(MsgId.broadcastRoom, { roomId: hallId, content: '…' })),
    ).toBe('banned');
    expect((await speaker.socket.request(MsgId.speechStatus)).msgData).toMatchObject({ speechStatus: 2 });

    await cashier.asOperator(routes.adminChatSpeech.path, {
      username: 'chatmute01',
      status: 'normal',
      reason: '解除',
    });
    const since = speaker.socket.frames.length;
    speaker.socket.send(MsgId.broadcastRoom, { roomId: hallId, content: '恢复了' });
    expect((await speaker.socket.next(MsgId.broadcastRoom, () => true, since)).code).toBe(6000);
    expect(
      (
        await cashier.asOperator(routes.adminChatSpeech.path, {
          username: 'chatmute01',
          status: 'muted',
          reason: 'x',
        })
      ).code,
    ).toBe(10003);
  });

  it('withdraws a message for everyone (10005) and keeps it in the log, marked', async () => {
    const speaker = await joined('chatwdrw01');
    const reader = await joined('chatwdrw02');
    speaker.socket.send(MsgId.broadcastRoom, { roomId: hallId, content: '要撤回的消息' });
    const heard = await reader.socket.next(
      MsgId.broadcastRoom,
      (frame) => (frame.msgData as { content?: string }).content === '要撤回的消息',
    );
    const { messageId } = heard.msgData as { messageId: number };
    const withdrawn = await cashier.asOperator(routes.adminChatWithdraw.path, { messageId, reason: '违规' });
    expect(withdrawn.code).toBe(6000);
    const notice = await reader.socket.next(
      MsgId.msgShield,
      (frame) => (frame.msgData as { kind: string }).kind === 'withdrawn',
    );
    expect(notice.msgData).toEqual({ kind: 'withdrawn', roomId: hallId, messageId });
    const history = await reader.socket.request(MsgId.chatHistory, { roomId: hallId, limit: 100 });
    expect(
      (history.msgData as { list: Array<{ messageId: number }> }).list.map((row) => row.messageId),
    ).not.toContain(messageId);
    const log = await cashier.asOperator<{
      list: Array<{ isWithdrawn: boolean; withdrawnReason: string; username: string }>;
    }>(routes.adminChatLog.path, { keyword: '要撤回', pageNum: 1, pageSize: 10 });
    expect(log.data.list).toEqual([
      expect.objectContaining({ isWithdrawn: true, withdrawnReason: '违规', username: 'chatwdrw01' }),
    ]);
  });

  it("hides a shielded member's messages from the shielding member's history (10005)", async () => {
    const noisy = await joined('chatshld01');
    const reader = await joined('chatshld02');
    noisy.socket.send(MsgId.broadcastRoom, { roomId: hallId, content: '烦人的消息' });
    await reader.socket.next(
      MsgId.broadcastRoom,
      (frame) => (frame.msgData as { content?: string }).content === '烦人的消息',
    );
    const shield = await reader.socket.request(MsgId.msgShield, {
      memberId: noisy.memberId,
      isShielded: true,
    });
    expect(shield.msgData).toEqual({ kind: 'member', shieldedMemberIds: [noisy.memberId] });
    const history = await reader.socket.request(MsgId.chatHistory, { roomId: hallId, limit: 100 });
    expect(
      (history.msgData as { list: Array<{ memberId: number }> }).list.some(
        (row) => row.memberId === noisy.memberId,
      ),
    ).toBe(false);
    const page = await client.call<{ list: Array<{ memberId: number }> }>('POST', routes.chatHistory.path, {
      token: reader.token,
      device: homeOf('chatshld02').device,
      body: { roomId: hallId, pageNum: 1, pageSize: 100 },
    });
    expect(page.code).toBe(6000);
    expect(page.data.list.some((row) => row.memberId === noisy.memberId)).toBe(false);
    const unshield = await reader.socket.request(MsgId.msgShield, {
      memberId: noisy.memberId,
      isShielded: false,
    });
    expect(unshield.msgData).toEqual({ kind: 'member', shieldedMemberIds: [] });
  });

  it('pages history (10011 with beforeId, and the history route)', async () => {
    const reader = await joined('chathist01');
    const first = await reader.socket.request(MsgId.chatHistory, { roomId: hallId, limit: 2 });
    const firstPage = first.msgData as { list: Array<{ messageId: number }>; hasMore: boolean };
    expect(firstPage.list).toHaveLength(2);
    expect(firstPage.hasMore).toBe(true);
    const older = await reader.socket.request(MsgId.chatHistory, {
      roomId: hallId,
      limit: 2,
      beforeId: firstPage.list[1]?.messageId,
    });
    const olderIds = (older.msgData as { list: Array<{ messageId: number }> }).list.map(
      (row) => row.messageId,
    );
    expect(Math.max(...olderIds)).toBeLessThan(firstPage.list[1]?.messageId ?? 0);
    expect(reasonOf(await reader.socket.request(MsgId.chatHistory, { roomId: hallId, limit: 1000 }))).toBe(
      'invalid',
    );
    const page = await client.call<{ total: number; pageSize: number }>('POST', routes.chatHistory.path, {
      token: reader.token,
      device: homeOf('chathist01').device,
      body: { roomId: hallId, pageNum: 1, pageSize: 5 },
    });
    expect(page.data.total).toBeGreaterThan(5);
    expect((await client.call('POST', routes.chatHistory.path, { body: { roomId: hallId } })).code).toBe(
      10004,
    );
  });

  it('puts one room, then every room, into maintenance (10006, 10009)', async () => {
    const speaker = await joined('chatmain01');
    const rooms = await cashier.asOperatorGet<Array<{ roomId: number; name: string; onlineCount: number }>>(
      routes.adminChatRooms.path,
    );
    const hall = rooms.data.find((room) => room.roomId === hallId);
    expect(hall?.onlineCount).toBeGreaterThan(0);
    const saved = await cashier.asOperator(routes.adminChatRoomSave.path, {
      roomId: hallId,
      name: hall?.name,
      vipMin: 0,
      vipMax: 99,
      isMaintenance: true,
      sort: 0,
    });
    expect(saved.code).toBe(6000);
    const status = await speaker.socket.next(
      MsgId.roomStatus,
      (frame) =>
        (frame.msgData as { rooms: Array<{ isMaintenance: boolean }> }).rooms[0]?.isMaintenance === true,
    );
    expect(status.code).toBe(6000);
    expect(
      reasonOf(await speaker.socket.request(MsgId.broadcastRoom, { roomId: hallId, content: '维护中吗' })),
    ).toBe('roomMaintenance');
    await cashier.asOperator(routes.adminChatRoomSave.path, {
      roomId: hallId,
      name: hall?.name,
      vipMin: 0,
      vipMax: 99,
      isMaintenance: false,
      sort: 0,
    });

    await cashier.asOperator(routes.adminChatMaintainAll.path, { isMaintenance: true });
    expect((await speaker.socket.next(MsgId.allRoomMaintain)).msgData).toMatchObject({ isMaintenance: true });
    expect(
      reasonOf(await speaker.socket.request(MsgId.broadcastRoom, { roomId: hallId, content: '全部维护' })),
    ).toBe('allMaintenance');
    await cashier.asOperator(routes.adminChatMaintainAll.path, { isMaintenance: false });
    expect(
      (
        await cashier.asOperator(routes.adminChatRoomSave.path, {
          name: '新房间',
          vipMin: 5,
          vipMax: 2,
          isMaintenance: false,
          sort: 0,
        })
      ).code,
    ).toBe(10003);
  });

  it('shares the sender’s own bet with its result (10010), never another member’s', async () => {
    const speaker = await joined('chatbet002');
    const other = await joined('chatbet003');
    await testApp.services.ledger.transfer({
      transferId: transferIds.named('fund-chatbet002'),
      debitAccount: { kind: 'house', siteId: 9001, name: 'test_funding' },
      creditAccount: { kind: 'member_main', siteId: 9001, memberId: BigInt(speaker.memberId) },
      amountFen: 10_000n as never,
      kind: 'adjustment',
    });
    await playValidBets(testApp.services, BigInt(speaker.memberId), 5_000n);
    const [won] = (
      await testApp.services.bets.memberRecords(
        { siteId: 9001, memberId: BigInt(speaker.memberId) },
        { pageNum: 1, pageSize: 10, status: 'win' },
      )
    ).list;
    expect(won).toBeDefined();
    const share = { roomId: hallId, venueCode: won?.venueCode, betId: won?.betId };
    const since = other.socket.frames.length;
    expect((await speaker.socket.request(MsgId.shareBetRecord, share)).code).toBe(6000);
    const shown = await other.socket.next(MsgId.shareBetRecord, () => true, since);
    expect(shown.msgData).toMatchObject({
      kind: 'bet',
      bet: { betId: won?.betId, amount: won?.stake, payout: won?.payout, status: 'win' },
    });
    expect(reasonOf(await other.socket.request(MsgId.shareBetRecord, share))).toBe('betNotFound');
  });

  it('refuses to share a bet that is not the sender’s (10010), and a member’s score (10014); posts the console’s score', async () => {
    const speaker = await joined('chatbet001');
    expect(
      reasonOf(
        await speaker.socket.request(MsgId.shareBetRecord, {
          roomId: hallId,
          venueCode: 'IMTY',
          betId: 'B-unknown',
        }),
      ),
    ).toBe('betNotFound');
    expect(reasonOf(await speaker.socket.request(MsgId.score, { roomId: hallId }))).toBe('systemOnly');
    const posted = await cashier.asOperator(routes.adminChatScore.path, {
      roomId: hallId,
      matchName: '英超',
      homeTeam: '曼联',
      awayTeam: '利物浦',
      homeScore: 2,
      awayScore: 1,
    });
    expect(posted.code).toBe(6000);
    const score = await speaker.socket.next(MsgId.score);
    expect(score.msgData).toMatchObject({
      kind: 'score',
      memberId: null,
      score: { homeTeam: '曼联', homeScore: 2 },
    });
  });

  it('leaves a room (10012): its messages stop, and speaking there is refused', async () => {
    const leaver = await joined('chatleave1');
    expect((await leaver.socket.request(MsgId.leaveRoom, { roomId: hallId })).msgData).toEqual({
      roomId: hallId,
    });
    expect(
      reasonOf(await leaver.socket.request(MsgId.broadcastRoom, { roomId: hallId, content: '走了' })),
    ).toBe('notInRoom');
  });
});

describe('chat gifts', () => {
  const fund = (memberId: number, yuan: bigint, id: string) =>
    testApp.services.ledger.transfer({
      transferId: transferIds.named(id),
      debitAccount: { kind: 'house', siteId: 9001, name: 'test_funding' },
      creditAccount: { kind: 'member_main', siteId: 9001, memberId: BigInt(memberId) },
      amountFen: (yuan * 100n) as never,
      kind: 'adjustment',
    });
  const balanceOf = async (memberId: number) =>
    (await testApp.services.ledger.balance({ kind: 'member_main', siteId: 9001, memberId: BigInt(memberId) }))
      .availableFen;

  it('charges the sender and credits the receiver once, whatever the retries and races (10017)', async () => {
    const giver = await joined('chatgift01');
    const receiver = await joined('chatgift02');
    const gift = {
      roomId: hallId,
      giftCode: 'rocket',
      toMemberId: receiver.memberId,
      price: '88.00',
      giftOrderId: 'gift-order-0001',
    };
    const poor = await giver.socket.request(MsgId.gift, gift);
    expect(reasonOf(poor)).toBe('insufficientFunds');
    await fund(giver.memberId, 100n, 'fund-chatgift01');

    const since = receiver.socket.frames.length;
    // One gift order sent at once from three sockets of the giver: one payment, one broadcast.
    const tabs = [giver.socket];
    for (let index = 0; index < 2; index += 1) {
      const tab = await loggedInSocket(baseUrl, client, {
        token: giver.token,
        device: homeOf('chatgift01').device,
      });
      sockets.push(tab.socket);
      expect((await tab.socket.request(MsgId.joinRoom, { roomId: hallId })).code).toBe(6000);
      tabs.push(tab.socket);
    }
    for (const tab of tabs) {
      tab.send(MsgId.gift, gift);
    }
    const shown = await receiver.socket.next(MsgId.gift, () => true, since);
    expect(shown.msgData).toMatchObject({
      kind: 'gift',
      gift: { giftCode: 'rocket', price: '88.00', toMemberId: receiver.memberId },
    });
    const replay = await giver.socket.request(MsgId.gift, gift);
    expect(replay.msgData).toMatchObject({ messageId: (shown.msgData as { messageId: number }).messageId });
    expect(await balanceOf(giver.memberId)).toBe(1200n);
    expect(await balanceOf(receiver.memberId)).toBe(8800n);
    expect(receiver.socket.frames.slice(since).filter((frame) => frame.msgId === MsgId.gift)).toHaveLength(1);

    expect(
      reasonOf(
        await giver.socket.request(MsgId.gift, { ...gift, giftOrderId: 'gift-order-0002', price: '80.00' }),
      ),
    ).toBe('giftPriceChanged');
    expect(
      (await giver.socket.request(MsgId.gift, { ...gift, giftOrderId: 'gift-order-0002', price: '80.00' }))
        .code,
    ).toBe(301220);
    expect(
      reasonOf(
        await giver.socket.request(MsgId.gift, {
          ...gift,
          giftOrderId: 'gift-order-0003',
          toMemberId: giver.memberId,
        }),
      ),
    ).toBe('giftToSelf');
    expect(
      reasonOf(
        await giver.socket.request(MsgId.gift, {
          ...gift,
          giftOrderId: 'gift-order-0004',
          giftCode: 'yacht',
        }),
      ),
    ).toBe('giftUnknown');
    expect(
      reasonOf(await giver.socket.request(MsgId.gift, { ...gift, giftOrderId: 'gift-order-0005' })),
    ).toBe('insufficientFunds');
    expect(await balanceOf(giver.memberId)).toBe(1200n);

    // /mine/record/giftRecord: the one paid gift, on each side, with the other member's name.
    const records = (token: string, direction: string) =>
      cashier.asMember<{ total: number; list: Array<Record<string, unknown>> }>(
        token,
        routes.giftRecords.path,
        {
          direction,
          pageNum: 1,
          pageSize: 10,
        },
      );
    const sent = await records(giver.token, 'sent');
    expect(sent.data.total).toBe(1);
    expect(sent.data.list[0]).toMatchObject({
      giftOrderId: 'gift-order-0001',
      giftName: '火箭',
      price: '88.00',
      direction: 'sent',
      counterpartNickname: 'ch***02',
      isCredited: true,
    });
    expect((await records(receiver.token, 'received')).data.list).toEqual([
      expect.objectContaining({
        giftOrderId: 'gift-order-0001',
        direction: 'received',
        counterpartNickname: 'ch***01',
      }),
    ]);
    expect((await records(receiver.token, 'sent')).data.total).toBe(0);
    expect((await records(giver.token, 'both')).code).toBe(10003);
  });

  it("sends the gift's money to the house when the site says so", async () => {
    await cashier.asOperator(routes.adminChatSettingsSave.path, {
      bannedWords: [],
      giftRecipient: 'house',
      messagesPer10s: 5,
    });
    const giver = await joined('chatgift03');
    const receiver = await joined('chatgift04');
    await fund(giver.memberId, 10n, 'fund-chatgift03');
    const answer = giver.socket.next(MsgId.gift);
    giver.socket.send(MsgId.gift, {
      roomId: hallId,
      giftCode: 'flower',
      toMemberId: receiver.memberId,
      price: '1.00',
      giftOrderId: 'gift-house-0001',
    });
    expect((await answer).code).toBe(6000);
    expect(await balanceOf(giver.memberId)).toBe(900n);
    expect(await balanceOf(receiver.memberId)).toBe(0n);
    const received = await cashier.asMember<{ list: Array<Record<string, unknown>> }>(
      receiver.token,
      routes.giftRecords.path,
      { direction: 'received', pageNum: 1, pageSize: 10 },
    );
    expect(received.data.list).toEqual([
      expect.objectContaining({ giftOrderId: 'gift-house-0001', isCredited: false }),
    ]);
    await cashier.asOperator(routes.adminChatSettingsSave.path, {
      bannedWords: [],
      giftRecipient: 'member',
      messagesPer10s: 5,
    });
  });
});

describe('ending sessions', () => {
  it('closes a socket whose session another login replaced (6001)', async () => {
    const first = await member('chatkick01');
    const replaced = await client.login('chatkick01');
    expect(replaced.code).toBe(6000);
    const kicked = await first.socket.next(MsgId.login, (frame) => frame.code === 6001, 0);
    expect(kicked.message).toBe('您的账号已在其他地方登录');
    expect((await first.socket.closed).code).toBe(socketCloseCodes.sessionEnded);
  });

  it('closes a blocked member’s socket (10104), and the old token cannot log in again', async () => {
    const blocked = await member('chatblock1');
    expect(await testApp.services.members.block(9001, 'chatblock1', '诈骗')).toBe(true);
    expect((await blocked.socket.next(MsgId.login, (frame) => frame.code === 10104, 0)).code).toBe(10104);
    expect((await blocked.socket.closed).code).toBe(socketCloseCodes.sessionEnded);
    const again = await openTestSocket(baseUrl);
    sockets.push(again);
    const jwt = await client.call<{ token: string }>('GET', routes.memberJwt.path, {
      token: blocked.token,
      device: homeOf('chatblock1').device,
    });
    expect(jwt.code).toBe(10104);
  });

  it('closes sockets only when the transaction that ended their sessions commits', async () => {
    const kept = await member('chatlogout');
    await expect(
      testApp.services.members.forceLogout(9001, 'chatlogout', async () => {
        throw new Error('audit write failed');
      }),
    ).rejects.toThrow('audit write failed');
    expect((await kept.socket.request(MsgId.heartbeat)).code).toBe(6000);
    const ended = await testApp.services.members.forceLogout(9001, 'chatlogout', async () => {});
    expect(ended?.sessionsEnded).toBe(1);
    expect((await kept.socket.next(MsgId.login, (frame) => frame.code === 10004, 0)).code).toBe(10004);
    expect((await kept.socket.closed).code).toBe(socketCloseCodes.sessionEnded);
  });

  it('drops a socket silent for three heartbeats, and keeps one that beats', async () => {
    const silent = await openTestSocket(baseUrl);
    const beating = await openTestSocket(baseUrl);
    sockets.push(silent, beating);
    testApp.clock.advance(10_000);
    await beating.request(MsgId.heartbeat);
    testApp.clock.advance(6_000);
    testApp.services.gateway.dropSilent();
    expect((await silent.closed).code).toBe(socketCloseCodes.silent);
    expect((await beating.request(MsgId.heartbeat)).code).toBe(6000);
  });
});
