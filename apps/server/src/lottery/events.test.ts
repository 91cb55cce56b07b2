import {
  drawSeedCommitment,
  FeedMsgId,
  type LotteryDrawEvent,
  type LotteryDrawEventKind,
  routes,
  type ServerFrame,
} from '@site/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cashierClient } from '../cashier/test-support.ts';
import { openTestSocket, type TestSocket } from '../stream/test-support.ts';
import { createTestApp, type TestApp } from '../testing.ts';

let testApp: TestApp;
let baseUrl: string;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  testApp = await createTestApp();
  baseUrl = await testApp.app.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  for (const socket of sockets) {
    socket.close();
  }
  await testApp.close();
});

/** An anonymous socket of the site following a game's draws. */
async function follower(gameCode: string, siteId = 9001) {
  const socket = await openTestSocket(baseUrl, `clientType=web&siteId=${siteId}`);
  sockets.push(socket);
  const answer = await socket.request(FeedMsgId.subscribe, { topics: [`draw:${gameCode}`] });
  expect(answer.code).toBe(6000);
  return socket;
}

const eventOf = (frame: ServerFrame) => (frame.msgData as { topic: string; data: LotteryDrawEvent }).data;

/** The next event of `kind` the socket hears about the issue. */
async function heard(socket: TestSocket, kind: LotteryDrawEventKind, issueNo?: string) {
  const frame = await socket.next(FeedMsgId.lotteryDraw, (candidate) => {
    const event = eventOf(candidate);
    return event.event === kind && (issueNo === undefined || event.draw.issueNo === issueNo);
  });
  expect(frame.msgData).toMatchObject({ topic: 'draw:SSC1' });
  return eventOf(frame).draw;
}

describe('draw events over the live socket', () => {
  it("tells a game's followers when an issue opens, closes, is drawn and is settled", async () => {
    const socket = await follower('SSC1');
    const lottery = testApp.services.lottery;
    testApp.clock.set((Math.floor(testApp.clock.now() / 60_000) + 1) * 60_000);
    const opening = heard(socket, 'opened');
    await lottery.tick();
    const opened = await opening;
    expect(opened).toMatchObject({ gameCode: 'SSC1', status: 'open', seed: null, numbers: null });
    expect(Date.parse(opened.opensAt)).toBe(testApp.clock.now());

    testApp.clock.set(Date.parse(opened.closesAt));
    const closing = heard(socket, 'closed', opened.issueNo);
    await lottery.tick();
    expect(await closing).toMatchObject({ status: 'closing', seed: null });

    testApp.clock.set(Date.parse(opened.drawAt));
    const drawing = heard(socket, 'drawn', opened.issueNo);
    const settling = heard(socket, 'settled', opened.issueNo);
    const next = heard(socket, 'opened');
    await lottery.tick();
    const drawn = await drawing;
    expect(drawn).toMatchObject({ status: 'drawn', commitment: opened.commitment });
    expect(drawSeedCommitment(drawn.seed ?? '')).toBe(opened.commitment);
    expect(drawn.numbers).toHaveLength(5);
    expect(await settling).toMatchObject({ status: 'settled', numbers: drawn.numbers, seed: drawn.seed });
    expect(await next).toMatchObject({ opensAt: opened.drawAt, status: 'open' });
    // Only SSC1's issues on its topic.
    const events = socket.frames.filter((frame) => frame.msgId === FeedMsgId.lotteryDraw).map(eventOf);
    expect(events.every((event) => event.draw.gameCode === 'SSC1')).toBe(true);
  });

  it('tells them when an issue is cancelled', async () => {
    const socket = await follower('SSC1');
    testApp.clock.set((Math.floor(testApp.clock.now() / 60_000) + 1) * 60_000);
    const opening = heard(socket, 'opened');
    await testApp.services.lottery.tick();
    const opened = await opening;
    const cancelling = heard(socket, 'cancelled', opened.issueNo);
    const cancelled = await cashierClient(testApp).asOperator(routes.adminLotteryCancel.path, {
      gameCode: 'SSC1',
      issueNo: opened.issueNo,
      reason: '开奖源异常',
    });
    expect(cancelled.code).toBe(6000);
    expect(await cancelling).toMatchObject({ status: 'cancelled', cancelReason: '开奖源异常', seed: null });
  });

  it("keeps each site's games to its own sockets under the same topic name", async () => {
    const ours = await follower('SSC1');
    const theirs = await follower('SSC1', 9002);
    const publish = (siteId: number) =>
      testApp.services.gateway.publishToSite(siteId, 'draw:SSC1', FeedMsgId.lotteryDraw, {
        topic: 'draw:SSC1',
        data: { siteId },
      });
    // Were both on one topic, ours would hear 9002's before its own, in publish order.
    await publish(9002);
    await publish(9001);
    const isOf = (siteId: number) => (frame: ServerFrame) =>
      frame.msgId === FeedMsgId.lotteryDraw &&
      (frame.msgData as { data: { siteId?: number } }).data.siteId === siteId;
    await ours.next(FeedMsgId.lotteryDraw, isOf(9001), 0);
    await theirs.next(FeedMsgId.lotteryDraw, isOf(9002), 0);
    expect(ours.frames.filter(isOf(9002))).toEqual([]);
  });
});
