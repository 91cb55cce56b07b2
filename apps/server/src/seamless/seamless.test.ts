import { fen, routes, type SeamlessAnswer } from '@site/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cashierClient } from '../cashier/test-support.ts';
import { createTestApp, type TestApp } from '../testing.ts';
import { launchTokenTtlMs } from '../venue/service.ts';
import { venueCaller } from './test-support.ts';

let testApp: TestApp;
let cashier: ReturnType<typeof cashierClient>;
let venue: ReturnType<typeof venueCaller>;

beforeAll(async () => {
  testApp = await createTestApp();
  cashier = cashierClient(testApp);
  venue = venueCaller(testApp);
});
afterAll(async () => {
  await testApp.close();
});

/** A member with `amount` deposited and a live launch of IMTY: the token the venue debits with. */
async function player(username: string, amount = '100.00') {
  const member = await cashier.member(username);
  await cashier.deposit(member.token, amount);
  const launched = await cashier.asMember<{ token: string }>(member.token, routes.venueLaunch.path, {
    enName: 'IMTY',
  });
  expect(launched.code).toBe(6000);
  return { ...member, launchToken: launched.data.token };
}

const debit = (
  launchToken: string,
  fields: { transactionId: string; betId: string; amount: string; odds?: string },
) =>
  venue<SeamlessAnswer>('seamlessDebit', {
    token: launchToken,
    roundId: `r-${fields.betId}`,
    gameCode: 'football',
    ...fields,
  });

const credit = (fields: { transactionId: string; betId: string; payout: string; isVoid?: boolean }) =>
  venue<SeamlessAnswer>('seamlessCredit', fields);

const rollback = (transactionId: string, debitTransactionId: string) =>
  venue<SeamlessAnswer>('seamlessRollback', { transactionId, debitTransactionId });

const mainYuan = async (memberId: bigint) => {
  const { availableFen, pendingFen } = await testApp.services.ledger.balance({
    kind: 'member_main',
    siteId: 9001,
    memberId,
  });
  return { available: Number(availableFen) / 100, pending: Number(pendingFen) / 100 };
};

const betOf = (betId: string) => testApp.services.bets.find(9001, 'IMTY', betId);

const countRows = async (table: 'bet_records' | 'seamless_transactions' | 'ledger_transfers') =>
  Number(
    (
      await sql<{ count: string }>`select count(*) as count from ${sql.table(table)}`.execute(
        testApp.stores.db,
      )
    ).rows[0]?.count,
  );

const expectReconciled = async () => {
  const report = await testApp.services.ledger.reconcile();
  expect(report.problems).toEqual([]);
};

describe('seamless wallet', () => {
  it('debits a stake, credits its payout: the bet settles, its valid turnover counts, the member sees it', async () => {
    const member = await player('swround01');
    const balance = await venue<{ balance: string; currency: string }>('seamlessBalance', {
      token: member.launchToken,
    });
    expect(balance).toMatchObject({ code: 6000, data: { balance: '100.00', currency: 'CNY' } });

    const debited = await debit(member.launchToken, {
      transactionId: 'rt-d1',
      betId: 'rt-b1',
      amount: '30.00',
      odds: '1.9',
    });
    expect(debited).toMatchObject({
      code: 6000,
      data: { transactionId: 'rt-d1', balance: '70.00', betId: 'rt-b1', betStatus: 'pending' },
    });
    expect(await mainYuan(member.memberId)).toEqual({ available: 70, pending: 30 });
    expect(await betOf('rt-b1')).toMatchObject({
      status: 'pending',
      stake_fen: 3000n,
      odds_e4: 19_000,
      category: 'TY',
    });

    const credited = await credit({ transactionId: 'rt-c1', betId: 'rt-b1', payout: '57.00' });
    expect(credited).toMatchObject({ code: 6000, data: { balance: '127.00', betStatus: 'win' } });
    expect(await mainYuan(member.memberId)).toEqual({ available: 127, pending: 0 });
    // Valid turnover is what was won, capped at the stake: min(30, 57 - 30) = 27.
    expect(await betOf('rt-b1')).toMatchObject({ status: 'win', payout_fen: 5700n, valid_fen: 2700n });
    const audit = await cashier.asMember<{ completedAmount: string }>(member.token, routes.auditSummary.path);
    expect(audit.data.completedAmount).toBe('27.00');

    const records = await cashier.asMember<{ list: unknown[]; totals: unknown }>(
      member.token,
      routes.betRecords.path,
      {
        category: 'TY',
      },
    );
    expect(records.data.list).toEqual([
      expect.objectContaining({
        betId: 'rt-b1',
        venueCode: 'IMTY',
        venueName: 'IM体育',
        stake: '30.00',
        validAmount: '27.00',
        payout: '57.00',
        winLoss: '27.00',
        odds: '1.9000',
        status: 'win',
      }),
    ]);
    expect(records.data.totals).toEqual({
      stake: '30.00',
      validAmount: '27.00',
      payout: '57.00',
      winLoss: '27.00',
    });
    const count = async (filter: object) => {
      const page = await cashier.asMember<{ total: number }>(member.token, routes.betRecords.path, filter);
      return page.code === 6000 ? page.data.total : page.code;
    };
    const now = testApp.clock.now();
    const day = (fromMs: number) => ({
      startTime: new Date(fromMs).toISOString(),
      endTime: new Date(fromMs + 86_400_000).toISOString(),
    });
    expect(await count({ venueCode: 'IMTY', status: 'win', ...day(now - 3_600_000) })).toBe(1);
    expect(await count({ category: 'ZR' })).toBe(0);
    expect(await count({ venueCode: 'YBTY' })).toBe(0);
    expect(await count({ status: 'pending' })).toBe(0);
    expect(await count(day(now + 3_600_000))).toBe(0);
    expect(await count({ status: 'won' })).toBe(10003);
    await expectReconciled();
  });

  it('answers a replay with its first answer, refuses a changed one, and takes calls out of order', async () => {
    const member = await player('swreplay01');
    const first = await debit(member.launchToken, {
      transactionId: 'rp-d1',
      betId: 'rp-b1',
      amount: '10.00',
    });
    await debit(member.launchToken, { transactionId: 'rp-d2', betId: 'rp-b2', amount: '20.00' });
    // The balance moved since, yet the replay answers exactly what the first call did, and moves nothing.
    const transfers = await countRows('ledger_transfers');
    expect(
      await debit(member.launchToken, { transactionId: 'rp-d1', betId: 'rp-b1', amount: '10.00' }),
    ).toEqual(first);
    expect(await countRows('ledger_transfers')).toBe(transfers);

    const changed = await debit(member.launchToken, {
      transactionId: 'rp-d1',
      betId: 'rp-b1',
      amount: '11.00',
    });
    expect(changed.code).toBe(700202);
    const otherId = await debit(member.launchToken, {
      transactionId: 'rp-d3',
      betId: 'rp-b1',
      amount: '10.00',
    });
    expect(otherId.code).toBe(700202);
    expect(await mainYuan(member.memberId)).toEqual({ available: 70, pending: 30 });

    // A credit for a bet whose debit has not arrived is refused; once it has, the credit goes through.
    expect((await credit({ transactionId: 'rp-c3', betId: 'rp-b3', payout: '5.00' })).code).toBe(700203);
    await debit(member.launchToken, { transactionId: 'rp-d3b', betId: 'rp-b3', amount: '5.00' });
    expect((await credit({ transactionId: 'rp-c3', betId: 'rp-b3', payout: '5.00' })).data.betStatus).toBe(
      'draw',
    );

    const paid = await credit({ transactionId: 'rp-c1', betId: 'rp-b1', payout: '0' });
    expect(paid.data).toMatchObject({ betStatus: 'lose', balance: '70.00' });
    expect(await credit({ transactionId: 'rp-c1', betId: 'rp-b1', payout: '0' })).toEqual(paid);
    expect((await credit({ transactionId: 'rp-c1', betId: 'rp-b1', payout: '1.00' })).code).toBe(700202);
    expect((await credit({ transactionId: 'rp-c1b', betId: 'rp-b1', payout: '0' })).code).toBe(700205);
    // A transaction id of one kind is no id for another.
    expect((await rollback('rp-c1', 'rp-d2')).code).toBe(700202);
    expect(await mainYuan(member.memberId)).toEqual({ available: 70, pending: 20 });

    const replays = await cashier.asOperator<{ list: Array<{ transactionId: string; replayCount: number }> }>(
      routes.adminSeamlessTransactions.path,
      { username: 'swreplay01', isReplayed: true, sortBy: 'replayCount', sortOrder: 'desc' },
    );
    expect(replays.data.list.map((row) => [row.transactionId, row.replayCount])).toEqual([
      ['rp-c1', 1],
      ['rp-d1', 1],
    ]);
    await expectReconciled();
  });

  it('rolls a debit back; a rollback that comes first bars the late debit', async () => {
    const member = await player('swrollback01');
    await debit(member.launchToken, { transactionId: 'rb-d1', betId: 'rb-b1', amount: '40.00' });
    const rolled = await rollback('rb-r1', 'rb-d1');
    expect(rolled).toMatchObject({
      code: 6000,
      data: { balance: '100.00', betId: 'rb-b1', betStatus: 'cancelled' },
    });
    expect(await rollback('rb-r1', 'rb-d1')).toEqual(rolled);
    expect((await rollback('rb-r1b', 'rb-d1')).code).toBe(700204);
    expect((await credit({ transactionId: 'rb-c1', betId: 'rb-b1', payout: '80.00' })).code).toBe(700204);
    expect(await betOf('rb-b1')).toMatchObject({ status: 'cancelled', payout_fen: 4000n, valid_fen: 0n });

    // The rollback of a debit never seen is recorded; the debit, when it comes, is refused, every time.
    const early = await rollback('rb-r2', 'rb-d2');
    expect(early).toMatchObject({ code: 6000, data: { transactionId: 'rb-r2', balance: null, betId: null } });
    expect(await rollback('rb-r2', 'rb-d2')).toEqual(early);
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const late = await debit(member.launchToken, {
        transactionId: 'rb-d2',
        betId: 'rb-b2',
        amount: '40.00',
      });
      expect(late.code).toBe(700204);
    }
    expect(await betOf('rb-b2')).toBeUndefined();
    // A settled bet is not rolled back.
    await debit(member.launchToken, { transactionId: 'rb-d3', betId: 'rb-b3', amount: '10.00' });
    await credit({ transactionId: 'rb-c3', betId: 'rb-b3', payout: '0' });
    expect((await rollback('rb-r3', 'rb-d3')).code).toBe(700205);
    expect(await mainYuan(member.memberId)).toEqual({ available: 90, pending: 0 });

    const tombstones = await cashier.asOperator<{ list: Array<{ transactionId: string; kind: string }> }>(
      routes.adminSeamlessTransactions.path,
      { transactionId: 'rb-d2' },
    );
    expect(tombstones.data.list.map((row) => [row.kind, row.transactionId, row])).toEqual([
      ['debit', 'rb-d2', expect.objectContaining({ isTombstone: true, username: null })],
      ['rollback', 'rb-r2', expect.objectContaining({ isTombstone: true, debitTransactionId: 'rb-d2' })],
    ]);
    await expectReconciled();
  });

  it('refuses a stake the member cannot cover, moving nothing', async () => {
    const member = await player('swfunds01', '50.00');
    const before = { transfers: await countRows('ledger_transfers'), bets: await countRows('bet_records') };
    const refused = await debit(member.launchToken, {
      transactionId: 'nf-d1',
      betId: 'nf-b1',
      amount: '50.01',
    });
    expect(refused.code).toBe(700201);
    expect({ transfers: await countRows('ledger_transfers'), bets: await countRows('bet_records') }).toEqual(
      before,
    );
    expect(await mainYuan(member.memberId)).toEqual({ available: 50, pending: 0 });
    // Nothing was recorded under the id: the venue may try it again once the member can cover it.
    expect(
      (await debit(member.launchToken, { transactionId: 'nf-d1', betId: 'nf-b1', amount: '50.00' })).code,
    ).toBe(6000);
    expect(
      (await debit(member.launchToken, { transactionId: 'nf-d2', betId: 'nf-b2', amount: '0.00' })).code,
    ).toBe(10003);
  });

  it('voids a bet at its stake, and counts no turnover for a void or a bet below the minimum odds', async () => {
    const member = await player('swvoid01');
    await debit(member.launchToken, { transactionId: 'vd-d1', betId: 'vd-b1', amount: '20.00' });
    expect(
      (await credit({ transactionId: 'vd-c1', betId: 'vd-b1', payout: '25.00', isVoid: true })).code,
    ).toBe(10003);
    expect(
      (await credit({ transactionId: 'vd-c1', betId: 'vd-b1', payout: '20.00', isVoid: true })).data,
    ).toMatchObject({
      betStatus: 'void',
      balance: '100.00',
    });
    await debit(member.launchToken, { transactionId: 'vd-d2', betId: 'vd-b2', amount: '20.00', odds: '1.2' });
    await credit({ transactionId: 'vd-c2', betId: 'vd-b2', payout: '24.00' });
    expect(await betOf('vd-b2')).toMatchObject({ status: 'win', valid_fen: 0n });

    const lowered = await cashier.asOperator(routes.adminBetSettingsUpdate.path, { minValidOdds: '1.15' });
    expect(lowered).toMatchObject({ code: 6000, data: { minValidOdds: '1.1500' } });
    await debit(member.launchToken, { transactionId: 'vd-d3', betId: 'vd-b3', amount: '20.00', odds: '1.2' });
    await credit({ transactionId: 'vd-c3', betId: 'vd-b3', payout: '24.00' });
    expect(await betOf('vd-b3')).toMatchObject({ status: 'win', valid_fen: 400n });
    await cashier.asOperator(routes.adminBetSettingsUpdate.path, { minValidOdds: '1.5' });

    const bets = await cashier.asOperator<{ list: Array<{ betId: string }>; totals: unknown }>(
      routes.adminBets.path,
      {
        username: 'swvoid01',
        sortBy: 'validAmount',
        sortOrder: 'desc',
      },
    );
    expect(bets.data.list.map((row) => row.betId)).toEqual(['vd-b3', 'vd-b2', 'vd-b1']);
    expect(bets.data.totals).toEqual({
      stake: '60.00',
      validAmount: '4.00',
      payout: '68.00',
      winLoss: '8.00',
    });
    expect((await cashier.asOperator(routes.adminBets.path, { sortBy: 'username' })).code).toBe(10003);
  });

  it('credits a batch in one statement as one by one: each balance after its own call, repeats answered in turn', async () => {
    const first = await player('swbatch05');
    const second = await player('swbatch06');
    for (const [member, betId] of [
      [first, 'bs-b1'],
      [first, 'bs-b2'],
      [first, 'bs-b3'],
      [second, 'bs-b4'],
      [second, 'bs-b5'],
    ] as const) {
      await debit(member.launchToken, { transactionId: `${betId}-d`, betId, amount: '10.00' });
    }
    expect(await mainYuan(first.memberId)).toEqual({ available: 70, pending: 30 });
    await credit({ transactionId: 'bs-c5', betId: 'bs-b5', payout: '30.00' });

    const imty = { siteId: 9001, venueCode: 'IMTY' };
    const call = (transactionId: string, betId: string, payout: bigint, isVoid = false) => ({
      transactionId,
      betId,
      payoutFen: fen(payout),
      isVoid,
    });
    const outcomes = await testApp.services.seamless.creditMany(imty, [
      call('bs-c1', 'bs-b1', 2500n),
      call('bs-c4', 'bs-b4', 1000n, true),
      call('bs-c2', 'bs-b2', 0n),
      // The same transaction again: its first answer.
      call('bs-c1', 'bs-b1', 2500n),
      // Another transaction for a bet this batch settles: refused as settled.
      call('bs-c2b', 'bs-b2', 0n),
      call('bs-c3', 'bs-b3', 1200n),
      // A replay of a credit made before the batch.
      call('bs-c5', 'bs-b5', 3000n),
      // A changed replay of it: a conflict.
      call('bs-c5', 'bs-b5', 100n),
    ]);
    const answers = outcomes.map((outcome) =>
      'answer' in outcome
        ? { balance: outcome.answer.balance, betStatus: outcome.answer.betStatus }
        : outcome.refusal.code,
    );
    expect(answers).toEqual([
      { balance: '95.00', betStatus: 'win' },
      { balance: '120.00', betStatus: 'void' },
      { balance: '95.00', betStatus: 'lose' },
      { balance: '95.00', betStatus: 'win' },
      700205,
      { balance: '107.00', betStatus: 'win' },
      { balance: '110.00', betStatus: 'win' },
      700202,
    ]);
    expect(await mainYuan(first.memberId)).toEqual({ available: 107, pending: 0 });
    expect(await mainYuan(second.memberId)).toEqual({ available: 120, pending: 0 });
    expect(await betOf('bs-b3')).toMatchObject({ status: 'win', payout_fen: 1200n, valid_fen: 200n });
    // Valid turnover of the batch counts against the deposit's requirement: 10 + 0 + 2 (the void none).
    const audit = await cashier.asMember<{ completedAmount: string }>(first.token, routes.auditSummary.path);
    expect(audit.data.completedAmount).toBe('22.00');

    // The whole batch again moves nothing and answers as before.
    const again = await testApp.services.seamless.creditMany(imty, [
      call('bs-c1', 'bs-b1', 2500n),
      call('bs-c4', 'bs-b4', 1000n, true),
      call('bs-c3', 'bs-b3', 1200n),
    ]);
    expect(again.map((outcome) => 'answer' in outcome && outcome.answer.balance)).toEqual([
      '95.00',
      '120.00',
      '107.00',
    ]);
    expect(await mainYuan(first.memberId)).toEqual({ available: 107, pending: 0 });
    await expectReconciled();
  });
  it('refuses transfer-wallet and off venues', async () => {
    const member = await player('swmodes01');
    const transferVenue = venueCaller(testApp, 'ZR');
    const asTransfer = await transferVenue('seamlessBalance', { token: member.launchToken });
    expect(asTransfer.code).toBe(700207);
    await testApp.services.venues.adminUpdate(
      { operatorId: 1n, username: 'test', siteId: 9001 },
      {
        code: 'IMTY',
        name: 'IM体育',
        logo: (await testApp.services.venues.get(9001, 'IMTY'))?.logo ?? '',
        state: 'off',
        maintenanceMessage: '',
        maintenanceUntil: null,
        sort: 1,
        demoAllowed: true,
      },
    );
    expect((await venue('seamlessBalance', { token: member.launchToken })).code).toBe(700102);
    await testApp.services.venues.adminUpdate(
      { operatorId: 1n, username: 'test', siteId: 9001 },
      {
        code: 'IMTY',
        name: 'IM体育',
        logo: (await testApp.services.venues.get(9001, 'IMTY'))?.logo ?? '',
        state: 'open',
        maintenanceMessage: '',
        maintenanceUntil: null,
        sort: 1,
        demoAllowed: true,
      },
    );
    expect((await venue('seamlessBalance', { token: member.launchToken })).code).toBe(6000);
  });

  it('never overdraws a member under many parallel debits, and a parallel replay moves money once', async () => {
    const member = await player('swrace01', '100.00');
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, index) =>
        debit(member.launchToken, {
          transactionId: `race-d${index}`,
          betId: `race-b${index}`,
          amount: '10.00',
        }),
      ),
    );
    expect(answers.filter((answer) => answer.code === 6000)).toHaveLength(10);
    expect(answers.filter((answer) => answer.code !== 6000).every((answer) => answer.code === 700201)).toBe(
      true,
    );
    expect(await mainYuan(member.memberId)).toEqual({ available: 0, pending: 100 });

    const winner = answers.findIndex((answer) => answer.code === 6000);
    const copies = await Promise.all(
      Array.from({ length: 8 }, () =>
        credit({ transactionId: 'race-c', betId: `race-b${winner}`, payout: '30.00' }),
      ),
    );
    expect(new Set(copies.map((copy) => JSON.stringify(copy)))).toEqual(new Set([JSON.stringify(copies[0])]));
    expect(copies[0]?.data.balance).toBe('30.00');
    expect(await mainYuan(member.memberId)).toEqual({ available: 30, pending: 90 });
    await expectReconciled();
  });

  it('answers parallel copies of one debit alike, placing the bet and reserving its stake once', async () => {
    const member = await player('swrace02', '100.00');
    const transfers = await countRows('ledger_transfers');
    const copies = await Promise.all(
      Array.from({ length: 8 }, () =>
        debit(member.launchToken, { transactionId: 'dup-d1', betId: 'dup-b1', amount: '10.00' }),
      ),
    );
    expect(copies[0]).toMatchObject({ code: 6000, data: { balance: '90.00', betStatus: 'pending' } });
    expect(new Set(copies.map((copy) => JSON.stringify(copy)))).toEqual(new Set([JSON.stringify(copies[0])]));
    expect(await countRows('ledger_transfers')).toBe(transfers + 1);
    expect(await mainYuan(member.memberId)).toEqual({ available: 90, pending: 10 });
    // Parallel copies of one debit id asking different stakes: one goes through, the rest are refused.
    const changed = await Promise.all(
      ['1.00', '2.00', '3.00', '4.00'].map((amount) =>
        debit(member.launchToken, { transactionId: 'dup-d2', betId: 'dup-b2', amount }),
      ),
    );
    expect(changed.map((answer) => answer.code).sort()).toEqual([6000, 700202, 700202, 700202]);
    const balance = Number(changed.find((answer) => answer.code === 6000)?.data.balance);
    expect(await mainYuan(member.memberId)).toEqual({ available: balance, pending: 100 - balance });
    await expectReconciled();
  });

  it('settles a bet once when its credit and its rollback race, and a rollback racing its debit wins or cancels it', async () => {
    const member = await player('swrace03', '100.00');
    for (let round = 0; round < 4; round += 1) {
      await debit(member.launchToken, {
        transactionId: `cr-d${round}`,
        betId: `cr-b${round}`,
        amount: '10.00',
      });
      const [credited, rolled] = await Promise.all([
        credit({ transactionId: `cr-c${round}`, betId: `cr-b${round}`, payout: '20.00' }),
        rollback(`cr-r${round}`, `cr-d${round}`),
      ]);
      const bet = await betOf(`cr-b${round}`);
      if (credited.code === 6000) {
        expect(rolled.code).toBe(700205);
        expect(bet?.status).toBe('win');
      } else {
        expect(credited.code).toBe(700204);
        expect(rolled.data).toMatchObject({ betStatus: 'cancelled' });
        expect(bet?.status).toBe('cancelled');
      }
    }
    for (let round = 0; round < 4; round += 1) {
      const [debited, rolled] = await Promise.all([
        debit(member.launchToken, { transactionId: `rd-d${round}`, betId: `rd-b${round}`, amount: '10.00' }),
        rollback(`rd-r${round}`, `rd-d${round}`),
      ]);
      expect(rolled.code).toBe(6000);
      const bet = await betOf(`rd-b${round}`);
      if (debited.code === 6000) {
        expect(rolled.data).toMatchObject({ betId: `rd-b${round}`, betStatus: 'cancelled' });
        expect(bet?.status).toBe('cancelled');
      } else {
        expect(debited.code).toBe(700204);
        expect(rolled.data).toMatchObject({ balance: null, betId: null });
        expect(bet).toBeUndefined();
      }
      // Either way the late copy of the debit is refused and the rollback's replay answers alike.
      expect(
        (
          await debit(member.launchToken, {
            transactionId: `rd-d${round}`,
            betId: `rd-b${round}`,
            amount: '10.00',
          })
        ).code,
      ).toBe(debited.code === 6000 ? 6000 : 700204);
      expect(await rollback(`rd-r${round}`, `rd-d${round}`)).toEqual(rolled);
    }
    const { pending } = await mainYuan(member.memberId);
    expect(pending).toBe(0);
    await expectReconciled();
  });

  it('credits a batch in one statement: each bet once, refusals its own, a replayed batch moving nothing', async () => {
    const members = await Promise.all(
      ['swbatch01', 'swbatch02', 'swbatch03'].map((name) => player(name, '50.00')),
    );
    for (const [index, member] of members.entries()) {
      for (const round of [0, 1]) {
        await debit(member.launchToken, {
          transactionId: `bt-d${index}-${round}`,
          betId: `bt-b${index}-${round}`,
          amount: '10.00',
        });
      }
    }
    const imty = { siteId: 9001, venueCode: 'IMTY' };
    const calls = members.flatMap((_, index) => [
      { transactionId: `bt-c${index}-0`, betId: `bt-b${index}-0`, payoutFen: fen(2500n), isVoid: false },
      { transactionId: `bt-c${index}-1`, betId: `bt-b${index}-1`, payoutFen: fen(0n), isVoid: false },
    ]);
    const unknown = {
      transactionId: 'bt-c-unknown',
      betId: 'bt-b-unknown',
      payoutFen: fen(100n),
      isVoid: false,
    };
    const outcomes = await testApp.services.seamless.creditMany(imty, [...calls, unknown]);
    expect(
      outcomes.slice(0, calls.length).map((outcome) => 'answer' in outcome && outcome.answer.betStatus),
    ).toEqual(['win', 'lose', 'win', 'lose', 'win', 'lose']);
    expect(outcomes.at(-1)).toMatchObject({ refusal: { code: 700203 } });
    for (const member of members) {
      expect(await mainYuan(member.memberId)).toEqual({ available: 55, pending: 0 });
    }
    const transfers = await countRows('ledger_transfers');
    // The batch again answers alike and moves nothing; a changed call of it is refused alone.
    const changed = { ...calls[0], payoutFen: fen(9900n) } as (typeof calls)[number];
    const again = await testApp.services.seamless.creditMany(imty, [changed, ...calls.slice(1)]);
    expect(again[0]).toMatchObject({ refusal: { code: 700202 } });
    expect(again.slice(1)).toEqual(outcomes.slice(1, calls.length));
    expect(await countRows('ledger_transfers')).toBe(transfers);
    await expectReconciled();
  });

  it('pays a bet once when a batch and single credits of it race', async () => {
    const member = await player('swbatch04', '100.00');
    for (let round = 0; round < 5; round += 1) {
      await debit(member.launchToken, {
        transactionId: `br-d${round}`,
        betId: `br-b${round}`,
        amount: '10.00',
      });
    }
    const calls = Array.from({ length: 5 }, (_, round) => ({
      transactionId: `br-c${round}`,
      betId: `br-b${round}`,
      payoutFen: fen(2000n),
      isVoid: false,
    }));
    const imty = { siteId: 9001, venueCode: 'IMTY' };
    await Promise.all([
      testApp.services.seamless.creditMany(imty, calls),
      testApp.services.seamless.creditMany(imty, [...calls].reverse()),
      ...calls.map((call) =>
        credit({ transactionId: call.transactionId, betId: call.betId, payout: '20.00' }),
      ),
    ]);
    expect(await mainYuan(member.memberId)).toEqual({ available: 150, pending: 0 });
    await expectReconciled();
  });

  // Runs last: it moves the clock past every session's lifetime.
  it('takes credits and rollbacks after the launch token expired, not debits', async () => {
    const member = await player('swexpiry01');
    await debit(member.launchToken, { transactionId: 'ex-d1', betId: 'ex-b1', amount: '10.00' });
    await debit(member.launchToken, { transactionId: 'ex-d2', betId: 'ex-b2', amount: '10.00' });
    testApp.clock.advance(launchTokenTtlMs + 1000);
    const stale = await debit(member.launchToken, {
      transactionId: 'ex-d3',
      betId: 'ex-b3',
      amount: '10.00',
    });
    expect(stale.code).toBe(700206);
    expect((await venue('seamlessBalance', { token: member.launchToken })).code).toBe(700206);
    expect((await credit({ transactionId: 'ex-c1', betId: 'ex-b1', payout: '25.00' })).data).toMatchObject({
      betStatus: 'win',
      balance: '105.00',
    });
    expect((await rollback('ex-r2', 'ex-d2')).data).toMatchObject({
      betStatus: 'cancelled',
      balance: '115.00',
    });
  });
});
