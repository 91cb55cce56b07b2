import { type Fen, fen } from '@site/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cashierClient } from '../cashier/test-support.ts';
import { createTestApp, type TestApp } from '../testing.ts';

/**
 * A bet record settled again by its venue after a result correction (`BetService.resettle`): the
 * record follows each settlement by the rules of the first, and the turnover audit counts a
 * bet's valid turnover once, at the most it has had.
 */
let testApp: TestApp;
let member: { memberId: bigint };
const venue = { siteId: 9001, venueCode: 'IMTY' };

beforeAll(async () => {
  testApp = await createTestApp();
  const cashier = cashierClient(testApp);
  const created = await cashier.member('betresettle');
  // Requires 1000.00 of valid turnover: more than these bets count.
  await cashier.deposit(created.token, '1000.00');
  member = created;
  await sql`insert into bet_settings (site_id, min_valid_odds_e4, updated_at) values (9001, 10000, now())`.execute(
    testApp.stores.db,
  );
});
afterAll(async () => {
  await testApp.close();
});

/** A 10.00 bet at 2.00 the wallet placed and closed with `payoutFen`, as the seamless wallet does. */
async function settledBet(betId: string, payoutFen: Fen) {
  const { db } = testApp.stores;
  await sql`select bet_place(9001, 'IMTY', 'TY', 'football', 'round-1', ${betId}, ${member.memberId}, 1000, 20000, now())`.execute(
    db,
  );
  const bet = await testApp.services.bets.find(9001, 'IMTY', betId);
  if (!bet) {
    throw new Error(`bet ${betId} was not placed`);
  }
  const closing = await testApp.services.bets.settlementOf(bet, { payoutFen, isVoid: false });
  await sql`select bet_close(9001, 'IMTY', ${betId}, ${closing.status}, ${payoutFen}, ${closing.validFen}, now())`.execute(
    db,
  );
}

const resettle = (betId: string, closing: { payoutFen: Fen; isVoid: boolean } | undefined) =>
  testApp.stores.db.transaction().execute((tx) => testApp.services.bets.resettle(tx, venue, betId, closing));

const recordOf = async (betId: string) => {
  const row = await testApp.services.bets.find(9001, 'IMTY', betId);
  return (
    row && {
      status: row.status,
      payoutFen: row.payout_fen,
      validFen: row.valid_fen,
      settledAt: row.settled_at,
    }
  );
};

const auditedFen = async () =>
  (
    await testApp.stores.db
      .selectFrom('cashier_turnover_requirements')
      .select(sql<bigint>`coalesce(sum(completed_fen), 0)::int8`.as('completed'))
      .where('member_id', '=', member.memberId)
      .executeTakeFirstOrThrow()
  ).completed;

describe('settling a bet record again', () => {
  it('voids a won bet (0 valid turnover, the audit keeps its count), wins it back, and repeats safely', async () => {
    const before = await auditedFen();
    await settledBet('resettle-void', fen(1500n));
    expect(await recordOf('resettle-void')).toMatchObject({
      status: 'win',
      payoutFen: 1500n,
      validFen: 500n,
    });
    expect(await auditedFen()).toBe(before + 500n);

    await resettle('resettle-void', { payoutFen: fen(1000n), isVoid: true });
    await resettle('resettle-void', { payoutFen: fen(1000n), isVoid: true });
    expect(await recordOf('resettle-void')).toMatchObject({ status: 'void', payoutFen: 1000n, validFen: 0n });
    expect(await auditedFen()).toBe(before + 500n);

    // A loss risks the whole stake: the audit counts what it adds to the most counted so far.
    await resettle('resettle-void', { payoutFen: fen(0n), isVoid: false });
    expect(await recordOf('resettle-void')).toMatchObject({ status: 'lose', payoutFen: 0n, validFen: 1000n });
    expect(await auditedFen()).toBe(before + 1000n);

    await resettle('resettle-void', { payoutFen: fen(1500n), isVoid: false });
    await resettle('resettle-void', { payoutFen: fen(1500n), isVoid: false });
    expect(await recordOf('resettle-void')).toMatchObject({
      status: 'win',
      payoutFen: 1500n,
      validFen: 500n,
    });
    expect(await auditedFen()).toBe(before + 1000n);
  });

  it('opens a settled bet again (pending) and settles it once more', async () => {
    const before = await auditedFen();
    await settledBet('resettle-open', fen(0n));
    await resettle('resettle-open', undefined);
    expect(await recordOf('resettle-open')).toEqual({
      status: 'pending',
      payoutFen: 0n,
      validFen: 0n,
      settledAt: null,
    });
    await resettle('resettle-open', { payoutFen: fen(1000n), isVoid: false });
    expect(await recordOf('resettle-open')).toMatchObject({ status: 'draw', payoutFen: 1000n, validFen: 0n });
    expect(await auditedFen()).toBe(before + 1000n);
  });

  it('refuses a bet never settled or unknown, changing nothing', async () => {
    await sql`select bet_place(9001, 'IMTY', 'TY', 'football', 'round-1', 'resettle-pending', ${member.memberId}, 1000, 20000, now())`.execute(
      testApp.stores.db,
    );
    await expect(resettle('resettle-pending', { payoutFen: fen(0n), isVoid: false })).rejects.toThrow(
      /never settled/,
    );
    await expect(resettle('resettle-unknown', { payoutFen: fen(0n), isVoid: false })).rejects.toThrow(
      /never settled/,
    );
    expect(await recordOf('resettle-pending')).toMatchObject({ status: 'pending', payoutFen: 0n });
  });
});
