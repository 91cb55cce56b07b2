import {
  type LotteryDraw,
  type LotteryHallGame,
  type LotteryTicketView,
  lotteryGames,
  routes,
  verifyDraw,
} from '@site/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cashierClient } from '../cashier/test-support.ts';
import { createTestApp, type TestApp } from '../testing.ts';
import { createLotteryService, drawCycleLockKey, type LotteryWalletPort } from './service.ts';

const isExternal = process.env.TEST_STORES === 'external' && Boolean(process.env.DATABASE_URL);
const noAudit = { record: async () => undefined };

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
 * A fresh SSC1 issue as the hall shows it: the clock moves to the next minute, when one goes on sale,
 * and a pass of the draw cycle opens it (and settles those before).
 */
async function issueOnSale(gameCode = 'SSC1'): Promise<LotteryDraw> {
  testApp.clock.set((Math.floor(testApp.clock.now() / 60_000) + 1) * 60_000);
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
    await testApp.stores.db.transaction().execute(async (tx) => {
      await sql`select pg_advisory_xact_lock(${drawCycleLockKey})`.execute(tx);
      expect(await testApp.services.lottery.tick()).toBe(false);
    });
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
    // A wallet that dies after two payouts, as a node would.
    let payouts = 0;
    const dying: LotteryWalletPort = {
      ...testApp.services.seamless,
      credit: async (venue, call) => {
        payouts += 1;
        if (payouts > 2) {
          throw new Error('node stopped');
        }
        return testApp.services.seamless.credit(venue, call);
      },
    };
    const dyingNode = createLotteryService({
      db: testApp.stores.db,
      clock: testApp.clock,
      seamless: dying,
      audit: noAudit,
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
