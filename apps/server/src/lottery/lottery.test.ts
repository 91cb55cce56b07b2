import {
  type AdminLotteryDraw,
  type AdminLotteryGame,
  type LotteryChaseView,
  type LotteryDraw,
  type LotteryHallGame,
  type LotteryTicketView,
  lotteryGames,
  routes,
  verifyDraw,
} from '@site/contract';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cashierClient } from '../cashier/test-support.ts';
import { holdLock } from '../db/test-support.ts';
import { type StaffCredentials, signInStaff } from '../operator/test-support.ts';
import { createTestApp, type TestApp } from '../testing.ts';
import { createLotteryService, drawCycleLockKey, type LotteryWalletPort } from './service.ts';

const isExternal = process.env.TEST_STORES === 'external' && Boolean(process.env.DATABASE_URL);
const noAudit = { record: async () => undefined };
const noEvents = { publish: async () => undefined };

let testApp: TestApp;
let cashier: ReturnType<typeof cashierClient>;

beforeAll(async () => {
  testApp = await createTestApp();
  cashier = cashierClient(testApp);
});
afterAll(async () => {
  await testApp.close();
});

type Member = Awaited<ReturnType<typeof player>>;

/** A member with `amount` deposited. */
async function player(username: string, amount = '100.00') {
  const member = await cashier.member(username);
  await cashier.deposit(member.token, amount);
  return member;
}

const mainYuan = async (member: Member) => Number(await cashier.mainBalanceFen(member.memberId)) / 100;

const expectReconciled = async () => {
  const report = await testApp.services.ledger.reconcile();
  expect(report.problems).toEqual([]);
};

/**
 * A fresh issue as the hall shows it (SSC1 by default): the clock moves to the next draw time, when one goes on sale,
 * and a pass of the draw cycle opens it (and settles those before).
 */
async function issueOnSale(gameCode = 'SSC1', intervalMs = 60_000): Promise<LotteryDraw> {
  testApp.clock.set((Math.floor(testApp.clock.now() / intervalMs) + 1) * intervalMs);
  await testApp.services.lottery.tick();
  const hall = await cashier.client.call<LotteryHallGame[]>('GET', routes.lotteryHall.path);
  const issue = hall.data.find((game) => game.code === gameCode)?.issue;
  if (!issue) {
    throw new Error(`no issue of ${gameCode} on sale`);
  }
  return issue;
}

let ticketCount = 0;
/** A ticket on `issue` of SSC1: by default 定位胆 on every digit of 万位, which wins exactly one note. */
const bet = (member: Member, issue: LotteryDraw, change: object = {}) => {
  ticketCount += 1;
  return cashier.asMember<LotteryTicketView>(member.token, routes.lotteryBet.path, {
    gameCode: issue.gameCode,
    issueNo: issue.issueNo,
    playId: 'ssc_position',
    selection: [[0, 1, 2, 3, 4, 5, 6, 7, 8, 9], [], [], [], []],
    unit: 'yuan',
    multiplier: 1,
    ticketId: `ticket-${ticketCount}-${Date.now()}`,
    ...change,
  });
};

/** Moves the clock past the issue's draw and runs the cycle: it draws and settles the issue. */
async function drawAndSettle(issue: LotteryDraw) {
  testApp.clock.set(Date.parse(issue.drawAt) + 1000);
  await testApp.services.lottery.tick();
}

const resultOf = async (issue: LotteryDraw) => {
  const page = await cashier.client.call<{ list: LotteryDraw[] }>('POST', routes.lotteryResults.path, {
    body: { gameCode: issue.gameCode, pageSize: 100 },
  });
  const found = page.data.list.find((draw) => draw.issueNo === issue.issueNo);
  if (!found) {
    throw new Error(`no result of ${issue.issueNo}`);
  }
  return found;
};

const myTickets = async (member: Member) =>
  (
    await cashier.asMember<{ list: LotteryTicketView[]; total: number }>(
      member.token,
      routes.lotteryTickets.path,
      {},
    )
  ).data;

const betRecordOf = async (member: Member, betId: string) => {
  const records = await cashier.asMember<{ list: Array<{ betId: string; status: string; payout: string }> }>(
    member.token,
    routes.betRecords.path,
    {},
  );
  return records.data.list.find((record) => record.betId === betId);
};

const seamlessCallCount = async () =>
  Number(
    (
      await sql<{ count: string }>`select count(*) as count from seamless_transactions`.execute(
        testApp.stores.db,
      )
    ).rows[0]?.count,
  );

describe('lottery tickets', () => {
  it('takes a ticket on the issue on sale: the server prices it, the wallet takes the stake, 投注记录 shows it', async () => {
    const member = await player('lotplace01');
    const issue = await issueOnSale();
    expect(issue).toMatchObject({ status: 'open', seed: null, numbers: null });
    expect(issue.commitment).toMatch(/^[0-9a-f]{64}$/);

    const placed = await bet(member, issue, {
      selection: [[1, 2], [], [], [], []],
      multiplier: 3,
      unit: 'jiao',
    });
    // 2 notes × 0.20 × 3.
    expect(placed).toMatchObject({
      code: 6000,
      data: { notes: 2, stake: '1.20', status: 'open', payout: null },
    });
    expect(await mainYuan(member)).toBe(98.8);
    expect(await betRecordOf(member, placed.data.betId)).toMatchObject({ status: 'pending' });
    expect((await myTickets(member)).list.map((ticket) => ticket.betId)).toEqual([placed.data.betId]);
    await expectReconciled();
  });

  it('never shows a seed before its draw', async () => {
    const issue = await issueOnSale();
    const { rows } = await sql<{
      seed_hex: string;
    }>`select seed_hex from lottery_draws where issue_no = ${issue.issueNo} and game_code = 'SSC1'`.execute(
      testApp.stores.db,
    );
    const seed = rows[0]?.seed_hex ?? '';
    expect(seed).toMatch(/^[0-9a-f]{64}$/);
    const hall = await testApp.app.inject({ method: 'GET', url: routes.lotteryHall.path });
    const results = await cashier.client.call('POST', routes.lotteryResults.path, {
      body: { gameCode: 'SSC1' },
    });
    expect(hall.body).not.toContain(seed);
    expect(JSON.stringify(results)).not.toContain(seed);
  });

  it('refuses a ticket after closing, an unknown play, a bad selection and a stake over the limit, moving nothing', async () => {
    const member = await player('lotrefuse01');
    const issue = await issueOnSale();
    const calls = await seamlessCallCount();

    expect((await bet(member, issue, { playId: 'pk10_position' })).code).toBe(700304);
    expect((await bet(member, issue, { playId: 'no_such_play' })).code).toBe(700304);
    const badSelection = await bet(member, issue, { selection: [[10], [], [], [], []] });
    expect(badSelection).toMatchObject({ code: 10003, data: { field: 'selection' } });
    // 2 notes × 2.00 × 9999 = 39,996.00 over 20,000.00.
    const overLimit = await bet(member, issue, { selection: [[1, 2], [], [], [], []], multiplier: 9999 });
    expect(overLimit).toMatchObject({ code: 700305, data: { stake: '39996.00', limit: '20000.00' } });
    expect((await bet(member, { ...issue, issueNo: '20991231-0001' })).code).toBe(700303);
    expect((await bet(member, { ...issue, gameCode: 'NOGAME' })).code).toBe(700301);
    expect((await bet(member, issue, { selection: [[1], [], [], [], []], multiplier: 51 })).code).toBe(
      700201,
    );

    testApp.clock.set(Date.parse(issue.closesAt));
    expect((await bet(member, issue)).code).toBe(700302);
    await testApp.services.lottery.tick();
    expect((await bet(member, issue)).code).toBe(700302);

    expect(await mainYuan(member)).toBe(100);
    expect((await myTickets(member)).total).toBe(0);
    expect(await seamlessCallCount()).toBe(calls);
    await expectReconciled();
  });

  it('answers a repeated ticket id with its first result and refuses it with other data', async () => {
    const member = await player('lotrepeat01');
    const issue = await issueOnSale();
    const ticket = { ticketId: 'repeat-ticket-0001', selection: [[7], [], [], [], []] };
    const first = await bet(member, issue, ticket);
    const again = await bet(member, issue, ticket);
    expect(first.code).toBe(6000);
    expect(again).toEqual(first);
    const other = await bet(member, issue, { ...ticket, multiplier: 2 });
    expect(other).toMatchObject({ code: 700306, data: { ticketId: 'repeat-ticket-0001' } });
    expect(await mainYuan(member)).toBe(98);
    expect((await myTickets(member)).total).toBe(1);
    await expectReconciled();
  });
});

describe('lottery hall', () => {
  it('shows the issue counting down to its draw during 封盘 and the last result, and finds one issue by its number', async () => {
    const issue = await issueOnSale();
    const ssc = async () =>
      (await cashier.client.call<LotteryHallGame[]>('GET', routes.lotteryHall.path)).data.find(
        (game) => game.code === 'SSC1',
      );
    testApp.clock.set(Date.parse(issue.closesAt) + 1000);
    await testApp.services.lottery.tick();
    expect(await ssc()).toMatchObject({ issue: null, drawing: { issueNo: issue.issueNo, seed: null } });

    await drawAndSettle(issue);
    const after = await ssc();
    expect(after?.drawing).toBeNull();
    expect(after?.lastResult).toMatchObject({ issueNo: issue.issueNo, status: 'settled' });
    expect(after?.lastResult?.numbers).toHaveLength(5);

    const one = await cashier.client.call<{ list: LotteryDraw[]; total: number }>(
      'POST',
      routes.lotteryResults.path,
      {
        body: { gameCode: 'SSC1', issueNo: issue.issueNo },
      },
    );
    expect(one.data).toMatchObject({ total: 1, list: [after?.lastResult] });
    const none = await cashier.client.call<{ list: LotteryDraw[] }>('POST', routes.lotteryResults.path, {
      body: { gameCode: 'SSC1', issueNo: '20200101-0001' },
    });
    expect(none.data.list).toEqual([]);
  });

  it("lists every game with its issue on sale, and a play's prizes in each unit as settling pays them", async () => {
    const issue = await issueOnSale();
    const hall = await cashier.client.call<LotteryHallGame[]>('GET', routes.lotteryHall.path);
    expect(hall.data.map((game) => game.code)).toEqual([
      'SSC1',
      'SSC3',
      'SSC5',
      'PK10',
      'K3',
      'SYXW',
      'PC28',
      'MARKSIX5',
      'MARKSIX',
    ]);
    expect(hall.data.every((game) => game.issue?.status === 'open')).toBe(true);
    expect(hall.data[0]).toMatchObject({ intervalSeconds: 60, closingSeconds: 5, issue });

    const plays = async (unit: string) =>
      (
        await cashier.client.call<{ plays: Array<{ playId: string; notePrice: string; prizes: object }> }>(
          'POST',
          routes.lotteryPlays.path,
          { body: { gameCode: 'SSC1', unit } },
        )
      ).data.plays.find((play) => play.playId === 'ssc_position');
    expect(await plays('yuan')).toEqual({
      playId: 'ssc_position',
      name: '定位胆',
      notePrice: '2.00',
      prizes: { win: '18.00' },
    });
    expect(await plays('jiao')).toMatchObject({ notePrice: '0.20', prizes: { win: '1.80' } });
    const unknown = await cashier.client.call('POST', routes.lotteryPlays.path, {
      body: { gameCode: 'NOGAME' },
    });
    expect(unknown.code).toBe(700301);
  });

  it('runs the draw cycle on a timer until stopped, the pass under way finishing first', async () => {
    const onSale = async () =>
      (await cashier.client.call<LotteryHallGame[]>('GET', routes.lotteryHall.path)).data[0]?.issue ?? null;
    const drawn = await issueOnSale();
    testApp.clock.set(Date.parse(drawn.drawAt));
    expect(await onSale()).toBeNull();
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const errors: unknown[] = [];
      const cycle = testApp.services.lottery.startDrawCycle({
        intervalMs: 1000,
        onError: (error) => errors.push(error),
      });
      vi.advanceTimersByTime(1000);
      await cycle.stop();
      expect(errors).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
    expect(await onSale()).toMatchObject({ status: 'open', opensAt: drawn.drawAt });
    expect((await resultOf(drawn)).status).toBe('settled');
  });

  it('runs a pass of the draw cycle only on the node holding its lock', async () => {
    if (!isExternal) {
      // PGlite serves one node, which always holds it.
      expect(await testApp.services.lottery.tick()).toBe(true);
      return;
    }
    const release = await holdLock(testApp.stores.db, drawCycleLockKey);
    try {
      expect(await testApp.services.lottery.tick()).toBe(false);
    } finally {
      await release();
    }
    expect(await testApp.services.lottery.tick()).toBe(true);
  });
});

describe('lottery draws and settlement', () => {
  it('draws from the committed seed, pays the winners into their balance, and the draw verifies', async () => {
    const winner = await player('lotdraw01');
    const sides = await player('lotdraw02');
    const issue = await issueOnSale();
    const placed = await bet(winner, issue, { multiplier: 2 });
    // 总和 大 and 小: exactly one of the two notes wins.
    const both = await bet(sides, issue, { playId: 'ssc_sum_sides', selection: [[0, 1]] });
    expect(placed.data.stake).toBe('40.00');
    expect(both.data.stake).toBe('4.00');

    await drawAndSettle(issue);

    const result = await resultOf(issue);
    expect(result).toMatchObject({ status: 'settled', commitment: issue.commitment });
    const verified = verifyDraw({
      shape: lotteryGames.ssc.draw,
      id: { lotteryCode: issue.gameCode, issueNo: issue.issueNo },
      seedHex: result.seed ?? '',
      commitmentHex: issue.commitment,
      publishedNumbers: result.numbers ?? [],
    });
    expect(verified).toMatchObject({ isCommitmentKept: true, isResultKept: true });

    // One winning note of 定位胆 pays 2.00 × 10 × 90 % = 18.00, × 2; one of 总和大小 2.00 × 2 × 90 %.
    expect(await mainYuan(winner)).toBe(96);
    expect(await mainYuan(sides)).toBe(99.6);
    const [ticket] = (await myTickets(winner)).list;
    expect(ticket).toMatchObject({ status: 'won', payout: '36.00' });
    // 投注记录 judges the bet by its net: 36.00 back on 40.00 staked is a loss there.
    expect(await betRecordOf(winner, placed.data.betId)).toMatchObject({ status: 'lose', payout: '36.00' });
    await expectReconciled();
  });

  it('pays nothing twice when settlement runs again over tickets whose rows lost their close', async () => {
    const member = await player('lotrerun01');
    const issue = await issueOnSale();
    await bet(member, issue);
    await drawAndSettle(issue);
    expect(await mainYuan(member)).toBe(98);
    const calls = await seamlessCallCount();

    // As if the node stopped after paying and before recording it.
    await sql`update lottery_tickets set status = 'open', payout_fen = null, settled_at = null
      where issue_no = ${issue.issueNo}`.execute(testApp.stores.db);
    await sql`update lottery_draws set status = 'drawn', settled_at = null
      where issue_no = ${issue.issueNo} and game_code = 'SSC1'`.execute(testApp.stores.db);
    await testApp.services.lottery.tick();
    await testApp.services.lottery.tick();

    expect(await mainYuan(member)).toBe(98);
    expect(await seamlessCallCount()).toBe(calls);
    expect((await resultOf(issue)).status).toBe('settled');
    expect((await myTickets(member)).list[0]).toMatchObject({ status: 'won', payout: '18.00' });
    await expectReconciled();
  });

  it('resumes a settlement stopped midway and pays every member exactly once', async () => {
    const members: Member[] = [];
    for (const index of [1, 2, 3, 4, 5]) {
      members.push(await player(`lotcrash0${index}`));
    }
    const issue = await issueOnSale();
    for (const member of members) {
      expect((await bet(member, issue)).code).toBe(6000);
    }
    // A node settling in three lanes that dies once its wallet paid two tickets, before closing any row.
    let paymentsLeft = 2;
    const dying: LotteryWalletPort = {
      ...testApp.services.seamless,
      creditMany: async (venue, calls) => {
        const paying = calls.slice(0, paymentsLeft);
        paymentsLeft -= paying.length;
        await testApp.services.seamless.creditMany(venue, paying);
        throw new Error('node stopped');
      },
    };
    const dyingNode = createLotteryService({
      db: testApp.stores.db,
      clock: testApp.clock,
      seamless: dying,
      audit: noAudit,
      members: testApp.services.members,
      events: noEvents,
      settlementLanes: 3,
    });
    testApp.clock.set(Date.parse(issue.drawAt) + 1000);
    await expect(dyingNode.tick()).rejects.toThrow();
    const balances = await Promise.all(members.map(mainYuan));
    expect(balances.filter((balance) => balance === 98)).toHaveLength(2);
    expect((await resultOf(issue)).status).toBe('drawn');

    await testApp.services.lottery.tick();
    expect(await Promise.all(members.map(mainYuan))).toEqual(members.map(() => 98));
    expect((await resultOf(issue)).status).toBe('settled');
    await expectReconciled();
  });

  it('finishes a ticket whose stake its node did not take when the client retries, and voids it at settlement otherwise', async () => {
    const member = await player('lotplacing01');
    const issue = await issueOnSale();
    const stopping = createLotteryService({
      db: testApp.stores.db,
      clock: testApp.clock,
      seamless: {
        ...testApp.services.seamless,
        debit: async () => {
          throw new Error('node stopped');
        },
      },
      audit: noAudit,
      members: testApp.services.members,
      events: noEvents,
    });
    const principal = { siteId: 9001, memberId: member.memberId, sessionId: 0n };
    const ticket = (ticketId: string) => ({
      gameCode: issue.gameCode,
      issueNo: issue.issueNo,
      playId: 'ssc_position',
      selection: [[1], [], [], [], []],
      unit: 'yuan' as const,
      multiplier: 1,
      ticketId,
    });
    await expect(stopping.place(principal, ticket('placing-retried'))).rejects.toThrow('node stopped');
    await expect(stopping.place(principal, ticket('placing-left-behind'))).rejects.toThrow('node stopped');
    expect(await mainYuan(member)).toBe(100);

    const retried = await bet(member, issue, ticket('placing-retried'));
    expect(retried.data).toMatchObject({ status: 'open', stake: '2.00' });
    expect(await mainYuan(member)).toBe(98);

    await drawAndSettle(issue);
    const isRetriedWon = (await resultOf(issue)).numbers?.[0] === 1;
    expect(await mainYuan(member)).toBe(isRetriedWon ? 116 : 98);
    const left = await bet(member, issue, ticket('placing-left-behind'));
    expect(left.data).toMatchObject({ status: 'void', payout: '2.00' });
    expect(await mainYuan(member)).toBe(isRetriedWon ? 116 : 98);
    await expectReconciled();
  });

  it('refunds every ticket of a cancelled issue, and a drawn issue cannot be cancelled', async () => {
    const member = await player('lotcancel01');
    const issue = await issueOnSale();
    const placed = await bet(member, issue, { multiplier: 3 });
    expect(await mainYuan(member)).toBe(40);

    const cancel = { gameCode: issue.gameCode, issueNo: issue.issueNo, reason: '开奖源异常' };
    const cancelled = await cashier.asOperator<LotteryDraw>(routes.adminLotteryCancel.path, cancel);
    expect(cancelled).toMatchObject({
      code: 6000,
      data: { status: 'cancelled', cancelReason: '开奖源异常', seed: null, numbers: null },
    });
    expect(await mainYuan(member)).toBe(100);
    expect((await myTickets(member)).list[0]).toMatchObject({ status: 'void', payout: '60.00' });
    expect(await betRecordOf(member, placed.data.betId)).toMatchObject({ status: 'void' });
    expect(await cashier.asOperator(routes.adminLotteryCancel.path, cancel)).toEqual(cancelled);

    await drawAndSettle(issue);
    expect(await resultOf(issue)).toMatchObject({ status: 'cancelled', seed: null });
    expect(await mainYuan(member)).toBe(100);

    const next = await issueOnSale();
    await drawAndSettle(next);
    const refused = await cashier.asOperator(routes.adminLotteryCancel.path, {
      ...cancel,
      issueNo: next.issueNo,
    });
    expect(refused.code).toBe(700307);
    await expectReconciled();
  });
});

let chaseCount = 0;
/**
 * A chase from `issue` on SSC1: by default 定位胆 on every digit of 万位 (each ticket wins one note:
 * 20.00 staked × multiplier, 18.00 × multiplier back), 翻倍 over 3 issues (×1, ×2, ×4), going on
 * after a win.
 */
const startChase = (member: Member, issue: LotteryDraw, change: object = {}) => {
  chaseCount += 1;
  return cashier.asMember<LotteryChaseView>(member.token, routes.lotteryChaseStart.path, {
    gameCode: issue.gameCode,
    playId: 'ssc_position',
    selection: [[0, 1, 2, 3, 4, 5, 6, 7, 8, 9], [], [], [], []],
    unit: 'yuan',
    startIssueNo: issue.issueNo,
    plan: { kind: 'doubling', issueCount: 3, multiplier: 1, ratio: 2, every: 1 },
    isStopOnWin: false,
    chaseId: `chase-${chaseCount}-${Date.now()}`,
    ...change,
  });
};

const myChases = async (member: Member) =>
  (
    await cashier.asMember<{ list: LotteryChaseView[]; total: number }>(
      member.token,
      routes.lotteryChases.path,
      {},
    )
  ).data;

const issueStatuses = (chase: LotteryChaseView) => chase.issues.map((issue) => issue.status);

describe('lottery chases (追号)', () => {
  it('places one ticket per issue as each opens, with the multiplier of the plan, and finishes', async () => {
    const member = await player('lotchase01', '200.00');
    const first = await issueOnSale();
    const started = await startChase(member, first);
    expect(started).toMatchObject({
      code: 6000,
      data: { status: 'running', notes: 10, plannedStake: '140.00', isStopOnWin: false },
    });
    expect(started.data.issues.map((issue) => [issue.multiplier, issue.stake, issue.status])).toEqual([
      [1, '20.00', 'placed'],
      [2, '40.00', 'waiting'],
      [4, '80.00', 'waiting'],
    ]);
    expect(started.data.issues[0]?.ticket).toMatchObject({ issueNo: first.issueNo, stake: '20.00' });
    expect(await mainYuan(member)).toBe(180);

    const second = await issueOnSale();
    // Another pass at the same time places nothing more.
    await testApp.services.lottery.tick();
    expect(await mainYuan(member)).toBe(180 + 18 - 40);
    const third = await issueOnSale();
    await drawAndSettle(third);

    const [chase] = (await myChases(member)).list;
    expect(chase).toMatchObject({ status: 'finished', stopCode: null });
    expect(chase?.issues.map((issue) => issue.ticket?.issueNo)).toEqual([
      first.issueNo,
      second.issueNo,
      third.issueNo,
    ]);
    expect(chase?.issues.map((issue) => issue.ticket?.payout)).toEqual(['18.00', '36.00', '72.00']);
    expect((await myTickets(member)).total).toBe(3);
    // 200 − (20 + 40 + 80) + (18 + 36 + 72).
    expect(await mainYuan(member)).toBe(186);
    await expectReconciled();
  });

  it('stops after a win when asked to, placing nothing more', async () => {
    const member = await player('lotchase02');
    const first = await issueOnSale();
    const started = await startChase(member, first, { isStopOnWin: true });
    expect(issueStatuses(started.data)).toEqual(['placed', 'waiting', 'waiting']);
    await issueOnSale();
    await issueOnSale();

    const [chase] = (await myChases(member)).list;
    expect(chase).toMatchObject({ status: 'won' });
    expect(chase && issueStatuses(chase)).toEqual(['placed', 'cancelled', 'cancelled']);
    expect((await myTickets(member)).total).toBe(1);
    expect(await mainYuan(member)).toBe(98);
    await expectReconciled();
  });

  it('lets the member cancel the issues still to come; an unknown chase answers 700311', async () => {
    const member = await player('lotchase03');
    const first = await issueOnSale();
    const started = await startChase(member, first);
    const cancel = { chaseId: started.data.chaseId };
    const cancelled = await cashier.asMember<LotteryChaseView>(
      member.token,
      routes.lotteryChaseCancel.path,
      cancel,
    );
    expect(cancelled.data).toMatchObject({ status: 'cancelled' });
    expect(issueStatuses(cancelled.data)).toEqual(['placed', 'cancelled', 'cancelled']);
    expect(await cashier.asMember(member.token, routes.lotteryChaseCancel.path, cancel)).toEqual(cancelled);
    const unknown = await cashier.asMember(member.token, routes.lotteryChaseCancel.path, {
      chaseId: 'no-such-chase',
    });
    expect(unknown.code).toBe(700311);

    await issueOnSale();
    await issueOnSale();
    expect((await myTickets(member)).total).toBe(1);
    expect(await mainYuan(member)).toBe(98);
    await expectReconciled();
  });

  it('keeps the record whole when a cancel meets the placing of the next ticket', async () => {
    const member = await player('lotchase07');
    const first = await issueOnSale();
    const started = await startChase(member, first, {
      plan: { kind: 'constant', issueCount: 3, multiplier: 1 },
    });
    const [cancelled] = await Promise.all([
      cashier.asMember<LotteryChaseView>(member.token, routes.lotteryChaseCancel.path, {
        chaseId: started.data.chaseId,
      }),
      issueOnSale(),
    ]);
    expect(cancelled.data.status).toBe('cancelled');
    await issueOnSale();
    const [chase] = (await myChases(member)).list;
    const placed = chase?.issues.filter((issue) => issue.status === 'placed') ?? [];
    // The second ticket went in before the cancel or not at all, and the chase says which.
    expect(placed.length).toBeGreaterThanOrEqual(1);
    expect(placed.length).toBeLessThanOrEqual(2);
    expect(chase?.issues[2]?.status).toBe('cancelled');
    expect((await myTickets(member)).total).toBe(placed.length);
    // Each ticket: 20.00 staked, 18.00 back once settled.
    const settled = placed.filter((issue) => issue.ticket?.status === 'won').length;
    expect(await mainYuan(member)).toBe(100 - 20 * placed.length + 18 * settled);
    await expectReconciled();
  });

  it("stops with the refusal's code when the balance falls short mid-chase, taking nothing for it", async () => {
    const member = await player('lotchase04', '50.00');
    const first = await issueOnSale();
    await startChase(member, first, {
      plan: { kind: 'doubling', issueCount: 3, multiplier: 1, ratio: 3, every: 1 },
    });
    expect(await mainYuan(member)).toBe(30);
    // The first ticket pays 18.00: 48.00 is short of the second issue's 60.00.
    await issueOnSale();
    await issueOnSale();

    const [chase] = (await myChases(member)).list;
    expect(chase).toMatchObject({ status: 'stopped', stopCode: 700201, stopMessage: '余额不足' });
    expect(chase?.issues.map((issue) => [issue.status, issue.refusalCode])).toEqual([
      ['placed', null],
      ['refused', 700201],
      ['cancelled', null],
    ]);
    expect(await mainYuan(member)).toBe(48);
    expect((await myTickets(member)).total).toBe(1);
    await expectReconciled();
  });

  it('answers a replayed start with the same chase, concurrent ones too, and refuses its id with another plan', async () => {
    const member = await player('lotchase05');
    const first = await issueOnSale();
    const body = { chaseId: 'replayed-chase-0001' };
    const [one, two] = await Promise.all([startChase(member, first, body), startChase(member, first, body)]);
    expect(one.code).toBe(6000);
    expect(two).toEqual(one);
    expect(await startChase(member, first, body)).toEqual(one);
    const other = await startChase(member, first, {
      ...body,
      plan: { kind: 'constant', issueCount: 3, multiplier: 1 },
    });
    expect(other).toMatchObject({ code: 700310, data: { chaseId: 'replayed-chase-0001' } });
    expect((await myChases(member)).total).toBe(1);
    expect((await myTickets(member)).total).toBe(1);
    expect(await mainYuan(member)).toBe(80);
    await expectReconciled();
  });

  it('refuses a chase from a closed or unknown issue, or over the ticket limit, recording nothing', async () => {
    const member = await player('lotchase06');
    const first = await issueOnSale();
    testApp.clock.set(Date.parse(first.closesAt));
    expect((await startChase(member, first)).code).toBe(700302);
    expect((await startChase(member, { ...first, issueNo: '20991231-0001' })).code).toBe(700303);
    await issueOnSale();
    expect((await startChase(member, first)).code).toBe(700302);
    // ×1024 on the 11th issue: 20,480.00 over 20,000.00.
    const overLimit = await startChase(member, await issueOnSale(), {
      plan: { kind: 'doubling', issueCount: 11, multiplier: 1, ratio: 2, every: 1 },
    });
    expect(overLimit).toMatchObject({ code: 700305, data: { stake: '20480.00' } });
    const badPlan = await startChase(member, await issueOnSale(), {
      plan: { kind: 'doubling', issueCount: 20, multiplier: 10, ratio: 2, every: 1 },
    });
    expect(badPlan).toMatchObject({ code: 10003, data: { field: 'plan' } });
    expect((await myChases(member)).total).toBe(0);
    expect(await mainYuan(member)).toBe(100);
  });
});

describe('lottery limits and liability', () => {
  const configure = async (playLimits: object, liabilityCap: string | null) => {
    await sql`update lottery_games set play_limits = ${JSON.stringify(playLimits)}::jsonb,
      liability_cap_fen = ${liabilityCap}::bigint where code = 'SSC5'`.execute(testApp.stores.db);
  };
  afterEach(async () => {
    await configure({}, null);
  });
  const liabilityOf = async (issue: LotteryDraw, exposure: string) =>
    (
      await sql<{ liability_fen: bigint }>`select l.liability_fen from lottery_liabilities l
        join lottery_draws d on d.id = l.draw_id
        where d.game_code = 'SSC5' and d.issue_no = ${issue.issueNo} and l.exposure = ${exposure}`.execute(
        testApp.stores.db,
      )
    ).rows[0]?.liability_fen;
  /** 定位胆 on one digit of 万位 of SSC5: 2.00 a note, 18.00 back when it wins. */
  const single = (digit: number, multiplier: number) => ({
    playId: 'ssc_position',
    selection: [[digit], [], [], [], []],
    multiplier,
  });

  it("holds each play's own ticket and per-issue limits, other plays keeping the game's", async () => {
    const member = await player('lotlimit01');
    const other = await player('lotlimit02');
    await configure({ ssc_position: { ticketStakeMaxFen: '1000', issueStakeMaxFen: '3000' } }, null);
    const issue = await issueOnSale('SSC5', 300_000);
    const calls = await seamlessCallCount();
    expect(await bet(member, issue, single(1, 6))).toMatchObject({
      code: 700305,
      data: { stake: '12.00', limit: '10.00' },
    });
    expect(calls).toBe(await seamlessCallCount());
    for (const digit of [1, 2, 3]) {
      expect((await bet(member, issue, single(digit, 5))).code).toBe(6000);
    }
    expect(await bet(member, issue, single(4, 1))).toMatchObject({
      code: 700308,
      data: { stake: '2.00', limit: '30.00' },
    });
    expect((await bet(other, issue, single(4, 5))).code).toBe(6000);
    expect(
      (await bet(member, issue, { playId: 'ssc_sum_sides', selection: [[0]], multiplier: 20 })).code,
    ).toBe(6000);
    expect(await mainYuan(member)).toBe(100 - 30 - 40);
    await expectReconciled();
  });

  it('refuses a ticket whose payout on a number would pass the cap, moving nothing, and counts each number apart', async () => {
    const first = await player('lotcap01');
    const second = await player('lotcap02');
    await configure({}, '5000');
    const issue = await issueOnSale('SSC5', 300_000);
    expect((await bet(first, issue, single(7, 2))).code).toBe(6000);
    expect(await liabilityOf(issue, 'ssc_position:0:7')).toBe(3600n);
    const calls = await seamlessCallCount();
    const over = await bet(second, issue, single(7, 1));
    expect(over).toMatchObject({
      code: 700309,
      message: '该号码本期投注已满，请更换号码或减少倍数',
      data: { number: 'ssc_position:0:7', liability: '18.00', cap: '50.00' },
    });
    // A ticket on 7 and 8 is refused whole.
    expect((await bet(second, issue, { selection: [[7, 8], [], [], [], []] })).code).toBe(700309);
    expect(await seamlessCallCount()).toBe(calls);
    expect(await mainYuan(second)).toBe(100);
    expect(await liabilityOf(issue, 'ssc_position:0:8')).toBeUndefined();
    expect((await bet(second, issue, single(8, 2))).code).toBe(6000);
    // 万位 7 and 千位 7 are different numbers.
    expect((await bet(second, issue, { selection: [[], [7], [], [], []], multiplier: 2 })).code).toBe(6000);
    await expectReconciled();
  });

  it('gives back the liability and the member total of a ticket whose stake the wallet refused', async () => {
    const broke = await cashier.member('lotcap03');
    const rich = await player('lotcap04');
    await configure({ ssc_position: { ticketStakeMaxFen: '100000', issueStakeMaxFen: '400' } }, '3600');
    const issue = await issueOnSale('SSC5', 300_000);
    expect((await bet(broke, issue, single(7, 2))).code).toBe(700201);
    expect(await liabilityOf(issue, 'ssc_position:0:7')).toBe(0n);
    expect((await bet(rich, issue, single(7, 2))).code).toBe(6000);
    await cashier.deposit(broke.token, '100.00');
    expect((await bet(broke, issue, single(6, 2))).code).toBe(6000);
    await expectReconciled();
  });

  it('lets only as many concurrent tickets through as the cap and the member limit hold', async () => {
    const members = await Promise.all([1, 2, 3, 4, 5].map((index) => player(`lotrace0${index}`)));
    await configure({ ssc_position: { ticketStakeMaxFen: '100000', issueStakeMaxFen: '600' } }, '5400');
    const issue = await issueOnSale('SSC5', 300_000);
    // 18.00 each against 54.00: three of five.
    const onSeven = await Promise.all(members.map((member) => bet(member, issue, single(7, 1))));
    expect(onSeven.filter((answer) => answer.code === 6000)).toHaveLength(3);
    expect(onSeven.filter((answer) => answer.code === 700309)).toHaveLength(2);
    expect(await liabilityOf(issue, 'ssc_position:0:7')).toBe(5400n);
    // One member's 2.00 tickets on other numbers against 6.00 of the play, less his ticket on 7.
    const [member] = members as [Member];
    const roomFor = onSeven[0]?.code === 6000 ? 2 : 3;
    const own = await Promise.all([0, 1, 2, 3, 4].map((digit) => bet(member, issue, single(digit, 1))));
    expect(own.filter((answer) => answer.code === 6000)).toHaveLength(roomFor);
    expect(own.filter((answer) => answer.code === 700308)).toHaveLength(5 - roomFor);
    const balances = await Promise.all(members.map(mainYuan));
    const staked = balances.reduce((total, balance) => total + (100 - balance), 0);
    expect(staked).toBe(3 * 2 + roomFor * 2);
    await expectReconciled();
  });
});

describe('lottery operator console', () => {
  // Signed in for each test: the tests before moved the clock past any earlier session.
  let credentials: StaffCredentials | undefined;
  let operatorToken = '';
  beforeEach(async () => {
    credentials ??= {
      username: 'lottery_op',
      password: (await testApp.services.operators.create('lottery_op')).password,
    };
    operatorToken = await signInStaff(
      (body) => cashier.client.call('POST', routes.adminLogin.path, { body }),
      credentials,
      testApp.clock,
    );
  });
  const asOperator = <T = unknown>(path: string, body: object) =>
    cashier.client.call<T>('POST', path, { token: operatorToken, body });
  const update = (change: object) =>
    asOperator<AdminLotteryGame>(routes.adminLotteryGameUpdate.path, { gameCode: 'SSC3', ...change });
  const gameOf = async (code: string) =>
    (
      await cashier.client.call<AdminLotteryGame[]>('GET', routes.adminLotteryGames.path, {
        token: operatorToken,
      })
    ).data.find((game) => game.code === code);

  it('lists the games and changes one with an audit entry, refusing bad settings whole', async () => {
    const before = await gameOf('SSC3');
    expect(before).toMatchObject({
      intervalSeconds: 180,
      closingSeconds: 10,
      firstDrawSeconds: 180,
      issuesPerDay: 480,
      houseEdgeBps: 1000,
      ticketStakeMax: '20000.00',
      liabilityCap: null,
      isPaused: false,
    });
    expect(before?.playLimits.find((limit) => limit.playId === 'ssc_position')).toEqual({
      playId: 'ssc_position',
      playName: '定位胆',
      ticketStakeMax: '20000.00',
      issueStakeMax: '20000.00',
      isGameDefault: true,
    });

    for (const bad of [
      { closingSeconds: 180 },
      { houseEdgeBps: 5001 },
      { liabilityCap: '0' },
      { playLimits: [{ playId: 'ssc_position', ticketStakeMax: '10', issueStakeMax: '0.00' }] },
    ]) {
      expect((await update({ isPaused: true, ...bad })).code).toBe(10003);
    }
    const foreignPlay = await update({
      playLimits: [{ playId: 'pk10_position', ticketStakeMax: '10', issueStakeMax: '10' }],
    });
    expect(foreignPlay.code).toBe(700304);
    expect(await gameOf('SSC3')).toEqual(before);

    const changed = await update({
      isPaused: true,
      houseEdgeBps: 500,
      closingSeconds: 20,
      liabilityCap: '5000',
      playLimits: [{ playId: 'ssc_position', ticketStakeMax: '100', issueStakeMax: '300.50' }],
      reason: '调整限红',
    });
    expect(changed.data).toMatchObject({
      isPaused: true,
      houseEdgeBps: 500,
      closingSeconds: 20,
      liabilityCap: '5000.00',
    });
    expect(changed.data.playLimits.find((limit) => limit.playId === 'ssc_position')).toMatchObject({
      ticketStakeMax: '100.00',
      issueStakeMax: '300.50',
      isGameDefault: false,
    });
    const hall = await cashier.client.call<LotteryHallGame[]>('GET', routes.lotteryHall.path);
    expect(hall.data.find((game) => game.code === 'SSC3')).toMatchObject({
      isPaused: true,
      closingSeconds: 20,
    });
    const { rows } = await sql<{ action: string; reason: string; after: { houseEdgeBps: number } }>`
      select action, reason, after from audit_log where target = 'SSC3' order by id desc limit 1`.execute(
      testApp.stores.db,
    );
    expect(rows[0]).toMatchObject({
      action: 'lottery.game',
      reason: '调整限红',
      after: { houseEdgeBps: 500 },
    });

    const restored = await update({
      isPaused: false,
      houseEdgeBps: 1000,
      closingSeconds: 10,
      liabilityCap: null,
      playLimits: [],
    });
    expect(restored.data).toEqual({ ...before, updatedAt: restored.data.updatedAt });
  });

  it("lists a game's issues with their money, the seed of an issue not drawn hidden", async () => {
    const member = await player('lotadmin01');
    const drawn = await issueOnSale('SSC5', 300_000);
    await bet(member, drawn, { multiplier: 2 });
    const open = await issueOnSale('SSC5', 300_000);
    await bet(member, open);
    const page = await asOperator<{ list: AdminLotteryDraw[] }>(routes.adminLotteryDraws.path, {
      gameCode: 'SSC5',
      pageSize: 2,
    });
    const [newest, previous] = page.data.list;
    expect(newest).toMatchObject({
      issueNo: open.issueNo,
      status: 'open',
      seed: null,
      numbers: null,
      ticketCount: 1,
      totalStake: '20.00',
      totalPayout: '0.00',
    });
    expect(previous).toMatchObject({
      issueNo: drawn.issueNo,
      status: 'settled',
      ticketCount: 1,
      totalStake: '40.00',
      totalPayout: '36.00',
    });
    expect(previous?.seed).toMatch(/^[0-9a-f]{64}$/);
    const { rows } = await sql<{ seed_hex: string }>`select seed_hex from lottery_draws
      where game_code = 'SSC5' and issue_no = ${open.issueNo}`.execute(testApp.stores.db);
    expect(JSON.stringify(page)).not.toContain(rows[0]?.seed_hex);
    const settled = await asOperator<{ list: AdminLotteryDraw[] }>(routes.adminLotteryDraws.path, {
      gameCode: 'SSC5',
      status: 'open',
    });
    expect(settled.data.list.map((draw) => draw.issueNo)).toEqual([open.issueNo]);
    const byIssue = await asOperator<{ list: AdminLotteryDraw[] }>(routes.adminLotteryDraws.path, {
      gameCode: 'SSC5',
      issueNo: drawn.issueNo,
    });
    expect(byIssue.data.list.map((draw) => draw.issueNo)).toEqual([drawn.issueNo]);
    const day = open.issueNo.slice(0, 8);
    const ofDay = await asOperator<{ list: AdminLotteryDraw[] }>(routes.adminLotteryDraws.path, {
      gameCode: 'SSC5',
      day,
    });
    expect(ofDay.data.list.length).toBeGreaterThan(0);
    expect(ofDay.data.list.every((draw) => draw.issueNo.startsWith(`${day}-`))).toBe(true);
    const otherDay = await asOperator<{ total: number }>(routes.adminLotteryDraws.path, {
      gameCode: 'SSC5',
      day: '20000101',
    });
    expect(otherDay.data.total).toBe(0);
  });

  it("shows an issue's liability by number, biggest first, and finds tickets by member, issue and status", async () => {
    const first = await player('lotadmin02');
    const second = await player('lotadmin03');
    const issue = await issueOnSale('SSC5', 300_000);
    const onSeven = await bet(first, issue, { selection: [[7], [], [], [], []], multiplier: 2 });
    await bet(second, issue, { selection: [[7, 3], [], [], [], []] });
    await bet(second, issue, { playId: 'ssc_sum_sides', selection: [[0]] });
    const liability = await asOperator(routes.adminLotteryLiability.path, {
      gameCode: 'SSC5',
      issueNo: issue.issueNo,
      limit: 2,
    });
    expect(liability.data).toMatchObject({
      draw: { issueNo: issue.issueNo, seed: null },
      liabilityCap: null,
      ticketCount: 3,
      totalStake: '10.00',
      exposures: [
        {
          number: 'ssc_position:0:7',
          playId: 'ssc_position',
          playName: '定位胆',
          position: '万位',
          pick: '7',
          liability: '54.00',
        },
        { number: 'ssc_position:0:3', liability: '18.00' },
      ],
    });
    const unknown = await asOperator(routes.adminLotteryLiability.path, {
      gameCode: 'SSC5',
      issueNo: '20991231-0001',
    });
    expect(unknown.code).toBe(700303);

    const search = async (filter: object) =>
      (
        await asOperator<{
          list: Array<{ betId: string; memberId: number; isChase: boolean }>;
          total: number;
        }>(routes.adminLotteryTickets.path, { gameCode: 'SSC5', issueNo: issue.issueNo, ...filter })
      ).data;
    expect((await search({})).total).toBe(3);
    expect((await search({ memberId: Number(first.memberId) })).list).toEqual([
      expect.objectContaining({
        betId: onSeven.data.betId,
        memberId: Number(first.memberId),
        isChase: false,
      }),
    ]);
    expect((await search({ username: 'LOTADMIN03' })).list).toEqual([
      expect.objectContaining({ username: 'lotadmin03', memberId: Number(second.memberId) }),
      expect.objectContaining({ username: 'lotadmin03', memberId: Number(second.memberId) }),
    ]);
    expect((await search({ username: 'nobody_here' })).total).toBe(0);
    expect((await search({ username: 'lotadmin03', memberId: Number(first.memberId) })).total).toBe(0);
    const placedAt = Date.parse(onSeven.data.placedAt);
    const within = (startMs: number, endMs: number) =>
      search({ startTime: new Date(startMs).toISOString(), endTime: new Date(endMs).toISOString() });
    expect((await within(placedAt, placedAt + 1)).total).toBe(3);
    expect((await within(placedAt + 1, placedAt + 60_000)).total).toBe(0);
    const tooLong = await asOperator(routes.adminLotteryTickets.path, {
      startTime: new Date(placedAt - 40 * 86_400_000).toISOString(),
      endTime: new Date(placedAt).toISOString(),
    });
    expect(tooLong.code).toBe(10003);
    expect((await search({ status: 'won' })).total).toBe(0);
    await drawAndSettle(issue);
    const settled = await search({});
    expect(settled.total).toBe(3);
    expect((await search({ status: 'open' })).total).toBe(0);
  });
});
