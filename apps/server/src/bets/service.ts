import {
  type AdminBet,
  type AdminBetQuery,
  type BetRecord,
  type BetRecordQuery,
  type BetSettings,
  type BetStatus,
  type Fen,
  fen,
  formatFen,
  formatOddsValue,
  maxFen,
  oddsE4OfText,
  type SharedBet,
} from '@site/contract';
import type { AuditActor, AuditLog } from '../audit/service.ts';
import type { Db } from '../db/database.ts';
import { type MemberService, memberIdsOf } from '../member/service.ts';
import type { Clock } from '../stores/clock.ts';
import * as store from './store.ts';
import { defaultMinValidOddsE4, settledStatusOf, validTurnoverOf } from './turnover.ts';

export type { BetRow } from './store.ts';

export type BetService = ReturnType<typeof createBetService>;

/** How a venue settles a bet: the payout, and whether the bet is void (its stake returned). */
export interface Closing {
  payoutFen: Fen;
  isVoid: boolean;
}

/** How long a node keeps a site's bet rules before reading them again. */
export const settingsTtlMs = 5_000;

/**
 * Bet records of every venue in one table. The seamless wallet writes them in the statement that
 * moves their money, through the bets' SQL functions (`bet_place`, `bet_close`, see
 * migration.ts); settling counts the bet's valid turnover against the member's turnover
 * requirements in that statement.
 */
export function createBetService(deps: {
  db: Db;
  clock: Clock;
  audit: Pick<AuditLog, 'record'>;
  /** The venue's display name, for records. */
  venueNameOf: (siteId: number, venueCode: string) => Promise<string | undefined>;
  /** Staff search by username, and show the usernames of what they find. */
  members: Pick<MemberService, 'memberIdFilter' | 'summariesOf'>;
}) {
  /**
   * Each site's minimum odds, read at most every `settingsTtlMs` per node: every settlement needs
   * it. A change applies at once on the node that made it and within the TTL on the others.
   */
  const minOddsCache = new Map<number, { readAtMs: number; oddsE4: number }>();
  const minValidOddsE4 = async (db: Db, siteId: number) => {
    const cached = minOddsCache.get(siteId);
    if (cached && deps.clock.now() - cached.readAtMs < settingsTtlMs) {
      return cached.oddsE4;
    }
    const oddsE4 = (await store.findMinValidOdds(db, siteId)) ?? defaultMinValidOddsE4;
    minOddsCache.set(siteId, { readAtMs: deps.clock.now(), oddsE4 });
    return oddsE4;
  };

  /** What a settlement writes, the site's minimum odds read through `db` (the caller's transaction). */
  const closingOf = async (
    db: Db,
    bet: store.BetRow,
    closing: Closing,
  ): Promise<{ status: BetStatus; validFen: Fen }> => {
    if (closing.isVoid) {
      return { status: 'void', validFen: fen(0n) };
    }
    const status = settledStatusOf(bet.stake_fen, closing.payoutFen);
    const validFen = validTurnoverOf({
      status,
      stakeFen: bet.stake_fen,
      payoutFen: closing.payoutFen,
      oddsE4: bet.odds_e4,
      minValidOddsE4: await minValidOddsE4(db, bet.site_id),
    });
    return { status, validFen };
  };

  const now = () => new Date(deps.clock.now());

  const venueNames = async (siteId: number, rows: ReadonlyArray<store.BetRow>) => {
    const codes = [...new Set(rows.map((row) => row.venue_code))];
    const names = await Promise.all(codes.map((code) => deps.venueNameOf(siteId, code)));
    return new Map(codes.map((code, index) => [code, names[index] ?? code]));
  };

  const presentBet = (row: store.BetRow, venueName: string): BetRecord => ({
    betId: row.bet_id,
    venueCode: row.venue_code,
    venueName,
    category: row.category,
    gameCode: row.game_code,
    roundId: row.round_id,
    stake: formatFen(row.stake_fen),
    validAmount: formatFen(row.valid_fen),
    payout: formatFen(row.payout_fen),
    winLoss: formatFen(row.status === 'pending' ? 0n : row.payout_fen - row.stake_fen),
    odds: row.odds_e4 === null ? null : formatOddsValue(row.odds_e4),
    status: row.status,
    ...(row.is_cashed_out ? { isCashedOut: true } : {}),
    placedAt: row.placed_at.toISOString(),
    settledAt: row.settled_at?.toISOString() ?? null,
  });

  const noTotals = { stake_fen: fen(0n), valid_fen: fen(0n), payout_fen: fen(0n), win_loss_fen: fen(0n) };
  const presentTotals = (totals: { stake_fen: Fen; valid_fen: Fen; payout_fen: Fen; win_loss_fen: Fen }) => ({
    stake: formatFen(totals.stake_fen),
    validAmount: formatFen(totals.valid_fen),
    payout: formatFen(totals.payout_fen),
    winLoss: formatFen(totals.win_loss_fen),
  });

  const rangeOf = (query: { startTime?: string | undefined; endTime?: string | undefined }) => ({
    from: query.startTime === undefined ? undefined : new Date(query.startTime),
    to: query.endTime === undefined ? undefined : new Date(query.endTime),
  });

  return {
    find: (siteId: number, venueCode: string, betId: string) =>
      store.findBet(deps.db, siteId, venueCode, betId),

    findMany: (siteId: number, venueCode: string, betIds: readonly string[]) =>
      store.findBets(deps.db, siteId, venueCode, betIds),

    /**
     * Marks a bet its venue settled at a cash-out offer (提前结算), so its records say so; safe to
     * repeat. A bet not settled yet is an assertion: the venue marks it after the wallet paid it.
     */
    async markCashedOut(venue: { siteId: number; venueCode: string }, betId: string) {
      if (!(await store.markCashedOut(deps.db, venue.siteId, venue.venueCode, betId))) {
        throw new Error(`bets: ${venue.venueCode} ${betId} is not settled and cannot be cashed out`);
      }
    },

    /** One of the member's own bets as a chat room shows it (晒单); undefined for anyone else's. */
    async shared(
      siteId: number,
      memberId: bigint,
      ref: { venueCode: string; betId: string },
    ): Promise<SharedBet | undefined> {
      const row = await store.findBet(deps.db, siteId, ref.venueCode, ref.betId);
      if (row?.member_id !== memberId) {
        return undefined;
      }
      const bet = presentBet(row, (await deps.venueNameOf(siteId, row.venue_code)) ?? row.venue_code);
      return {
        betId: bet.betId,
        venueName: bet.venueName,
        gameName: bet.gameCode,
        betContent: bet.odds === null ? `局号 ${bet.roundId}` : `局号 ${bet.roundId} · 赔率 ${bet.odds}`,
        amount: bet.stake,
        payout: bet.status === 'pending' ? null : bet.payout,
        status: bet.status,
        placedAt: bet.placedAt,
      };
    },

    /**
     * What settling the bet with the payout (win, lose or draw; void returns the stake) writes:
     * its status and its valid turnover. The seamless wallet's statement closes the bet with these
     * (`bet_close`), which counts the turnover against the member's turnover requirements in that
     * statement.
     */
    settlementOf: (bet: store.BetRow, closing: Closing) => closingOf(deps.db, bet, closing),

    /**
     * A bet its venue settled again after correcting a result (the sportsbook's resettlement), in
     * the venue's transaction `tx` that moves the money: the record takes the new payout, status
     * and valid turnover by the rules of a first settlement, and the settled time of now; `closing`
     * undefined opens it again (pending) until the venue settles it once more. Safe to repeat.
     *
     * Valid turnover follows the final settlement, as a licensed operator reports it: a bet the
     * correction voids counts 0 in 投注记录, reports, VIP and rebates. The turnover audit (打码量)
     * counts the bet at most once, at the most valid turnover it has had (`audited_fen`): a
     * correction that raises it counts the increase; one that lowers it takes nothing back, since
     * the audit keeps no record of which requirement a bet filled, and the member may already have
     * withdrawn on a requirement met in good faith. Correcting back therefore counts nothing twice.
     */
    async resettle(
      tx: Db,
      venue: { siteId: number; venueCode: string },
      betId: string,
      closing: Closing | undefined,
    ) {
      const bet = await store.lockBet(tx, venue.siteId, venue.venueCode, betId);
      // Pending with nothing audited: never settled (one opened again has its audit recorded).
      if (!bet || (bet.status === 'pending' && bet.audited_fen === null)) {
        throw new Error(`bets: ${venue.venueCode} ${betId} was never settled and cannot be settled again`);
      }
      const next = closing
        ? { ...(await closingOf(tx, bet, closing)), payoutFen: closing.payoutFen, settledAt: now() }
        : { status: 'pending' as const, validFen: fen(0n), payoutFen: fen(0n), settledAt: null };
      const countedFen = bet.audited_fen ?? bet.valid_fen;
      const auditedFen = maxFen(countedFen, next.validFen);
      await store.resettleBet(tx, bet, { ...next, auditedFen }, fen(auditedFen - countedFen));
    },

    /** 投注记录: a member's bets across every venue, with the totals of all the filter keeps. */
    async memberRecords(member: { siteId: number; memberId: bigint }, query: BetRecordQuery) {
      const found = await store.searchBets(
        deps.db,
        { ...query, ...rangeOf(query), siteId: member.siteId, memberId: member.memberId },
        query,
        {},
      );
      const names = await venueNames(member.siteId, found.list);
      return {
        list: found.list.map((row) => presentBet(row, names.get(row.venue_code) ?? row.venue_code)),
        total: found.total,
        pageNum: query.pageNum,
        pageSize: query.pageSize,
        totals: presentTotals(found.totals),
      };
    },

    /** 注单查询: the site's bets for the console, sorted on the server. */
    async adminSearch(siteId: number, query: AdminBetQuery) {
      const memberId = await deps.members.memberIdFilter(siteId, query.username);
      const found =
        memberId === null
          ? { list: [], total: 0, totals: noTotals }
          : await store.searchBets(deps.db, { ...query, ...rangeOf(query), siteId, memberId }, query, query);
      const [names, members] = await Promise.all([
        venueNames(siteId, found.list),
        deps.members.summariesOf(siteId, memberIdsOf(found.list)),
      ]);
      return {
        list: found.list.map(
          (row): AdminBet => ({
            ...presentBet(row, names.get(row.venue_code) ?? row.venue_code),
            id: Number(row.id),
            memberId: Number(row.member_id),
            username: members.get(row.member_id)?.username ?? '',
          }),
        ),
        total: found.total,
        pageNum: query.pageNum,
        pageSize: query.pageSize,
        totals: presentTotals(found.totals),
      };
    },

    settings: async (siteId: number): Promise<BetSettings> => ({
      minValidOdds: formatOddsValue(await minValidOddsE4(deps.db, siteId)),
    }),

    async updateSettings(actor: AuditActor & { siteId: number }, body: BetSettings): Promise<BetSettings> {
      const before = (await store.findMinValidOdds(deps.db, actor.siteId)) ?? defaultMinValidOddsE4;
      const after = oddsE4OfText(body.minValidOdds);
      await deps.db.transaction().execute(async (tx) => {
        await store.upsertMinValidOdds(tx, actor.siteId, after, new Date(deps.clock.now()));
        await deps.audit.record(
          actor,
          {
            siteId: actor.siteId,
            action: 'bets.settings_update',
            target: String(actor.siteId),
            before: { minValidOdds: formatOddsValue(before) },
            after: { minValidOdds: formatOddsValue(after) },
          },
          tx,
        );
      });
      minOddsCache.delete(actor.siteId);
      return { minValidOdds: formatOddsValue(after) };
    },
  };
}
