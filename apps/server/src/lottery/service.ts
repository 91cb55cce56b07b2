import { createHash } from 'node:crypto';
import {
  drawSeedChain,
  drawSeedCommitment,
  ErrorCode,
  formatFen,
  type LotteryBetBody,
  type LotteryDraw,
  type LotteryHallGame,
  type LotteryPlayId,
  type LotteryTicket,
  type LotteryTicketView,
  type LotteryUnit,
  lotteryNotePriceFen,
  lotteryPlays,
} from '@site/contract';
import { AppError } from '../app-error.ts';
import type { AuditLog } from '../audit/service.ts';
import { type Db, runHoldingLock } from '../db/database.ts';
import type { PageRequest } from '../db/paging.ts';
import type { MemberPrincipal, OperatorPrincipal } from '../http/access.ts';
import type { SeamlessWallet } from '../seamless/service.ts';
import type { Clock } from '../stores/clock.ts';
import { defaultHouseEdgeBps, defaultLotteryGames, defaultTicketStakeMaxFen } from './defaults.ts';
import { drawResultOf, newDrawSeedChain } from './draws.ts';
import type { DrawResult } from './play-rule.ts';
import { pricedTicket, prizeTable, settleTicket } from './plays.ts';
import { type GameSchedule, issuesPerDay, nextIssue, type ScheduledIssue } from './schedule.ts';
import * as store from './store.ts';

/** The venue the hall's stakes and payouts go through: its bets show in 投注记录 under CP. */
export const lotteryVenueCode = 'CP';
/** The advisory lock of the draw cycle: one node runs it at a time. */
export const drawCycleLockKey = 727_014;
/** Tickets read, paid and closed together while settling an issue. */
const settlementBatchSize = 200;
/** Wallet calls of a batch in flight at once. */
const walletCallsInFlight = 8;

/** What the hall needs of the seamless wallet: each call idempotent on its transaction id. */
export type LotteryWalletPort = Pick<SeamlessWallet, 'debit' | 'credit' | 'rollback'>;

export type LotteryService = ReturnType<typeof createLotteryService>;

const refused = (code: ErrorCode, data: unknown = null) => new AppError(code, undefined, data);

/** The wallet's ids of a ticket: its bet, and one transaction per movement it can make. */
const betIdOf = (ticketRowId: bigint) => `LT${ticketRowId}`;
const stakeTransactionOf = (ticketRowId: bigint) => `lottery-stake-${ticketRowId}`;

const scheduleOf = (game: store.GameRow): GameSchedule => ({
  intervalSeconds: game.interval_seconds,
  firstDrawSeconds: game.first_draw_seconds,
  closingSeconds: game.closing_seconds,
});

const ticketOf = (row: store.TicketRow): LotteryTicket => ({
  playId: row.play_id as LotteryPlayId,
  selection: row.selection,
  unit: row.unit,
  multiplier: row.multiplier,
});

const requestHashOf = (body: LotteryBetBody) =>
  createHash('sha256')
    .update(
      JSON.stringify([body.gameCode, body.issueNo, body.playId, body.selection, body.unit, body.multiplier]),
    )
    .digest('hex');

const isPlayOf = (playId: string, game: store.GameRow) =>
  Object.hasOwn(lotteryPlays, playId) && lotteryPlays[playId as LotteryPlayId].game === game.kind;

/**
 * The lottery hall (GAMES.md section 3, issue 14): each site's games and their issue calendar, the
 * draw cycle (open → closing → drawn → settled, or cancelled) with commit-reveal seeds, tickets
 * taken through the CP venue's seamless wallet, and settlement. Every step keeps its state in the
 * rows and is safe to run again: the wallet's transaction ids make each movement happen once.
 */
export function createLotteryService(deps: {
  db: Db;
  clock: Clock;
  seamless: LotteryWalletPort;
  audit: Pick<AuditLog, 'record'>;
}) {
  const now = () => new Date(deps.clock.now());
  const venueOf = (siteId: number) => ({ siteId, venueCode: lotteryVenueCode });

  const gameOf = async (siteId: number, code: string): Promise<store.GameRow> => {
    const game = await store.findGame(deps.db, siteId, code);
    if (!game) {
      throw refused(ErrorCode.lotteryGameUnavailable, { gameCode: code });
    }
    return game;
  };

  const resultOf = (game: store.GameRow, draw: store.DrawRow): DrawResult =>
    drawResultOf(
      game.kind,
      draw.seed_hex,
      { lotteryCode: draw.game_code, issueNo: draw.issue_no },
      draw.draw_at,
    );

  // ---- the draw cycle ---------------------------------------------------------------------

  /** The seed of an issue, from its day's chain (made by the first node to need it). */
  const seedOf = async (game: store.GameRow, issue: ScheduledIssue): Promise<string> => {
    const issueCount = issuesPerDay(scheduleOf(game));
    const day =
      (await store.findSeedDay(deps.db, game.site_id, game.code, issue.day)) ??
      (await store.seedDay(deps.db, {
        site_id: game.site_id,
        game_code: game.code,
        day: issue.day,
        last_seed_hex: newDrawSeedChain(issueCount)[issueCount] as string,
        issue_count: issueCount,
        created_at: now(),
      }));
    const seedHex = drawSeedChain(day.last_seed_hex, day.issue_count)[issue.index];
    if (seedHex === undefined) {
      throw new Error(`lottery: ${game.code} ${issue.issueNo} is past its day's chain of ${day.issue_count}`);
    }
    return seedHex;
  };

  /** Puts each running game's current issue on sale, with its commitment, unless it is already. */
  const openIssues = async (games: readonly store.GameRow[], nowMs: number) => {
    for (const game of games) {
      const issue = nextIssue(scheduleOf(game), nowMs);
      if (
        game.is_paused ||
        issue.opensAt.getTime() > nowMs ||
        (await store.findDraw(deps.db, game.site_id, game.code, issue.issueNo))
      ) {
        continue;
      }
      const seedHex = await seedOf(game, issue);
      await store.insertDraw(deps.db, {
        site_id: game.site_id,
        game_code: game.code,
        issue_no: issue.issueNo,
        opens_at: issue.opensAt,
        closes_at: issue.closesAt,
        draw_at: issue.drawAt,
        seed_hex: seedHex,
        commitment_hex: drawSeedCommitment(seedHex),
      });
    }
  };

  const drawDueIssues = async (games: ReadonlyMap<string, store.GameRow>, at: Date) => {
    for (const draw of await store.dueDraws(deps.db, at)) {
      const game = games.get(`${draw.site_id}:${draw.game_code}`);
      if (!game) {
        throw new Error(`lottery: issue ${draw.id} has no game`);
      }
      await store.recordDrawn(deps.db, draw.id, resultOf(game, draw).numbers, at);
    }
  };

  /**
   * Pays (drawn) or refunds (cancelled) one ticket through the wallet: what its row must record
   * once the money moved. A ticket still `placing` had its stake taken back, or never taken.
   */
  const closeTicket = async (
    ticket: store.TicketRow,
    result: DrawResult | undefined,
  ): Promise<store.TicketClose> => {
    const venue = venueOf(ticket.site_id);
    const betId = betIdOf(ticket.id);
    if (ticket.status === 'placing') {
      await deps.seamless.rollback(venue, {
        transactionId: `lottery-rollback-${ticket.id}`,
        debitTransactionId: stakeTransactionOf(ticket.id),
      });
      return { id: ticket.id, status: 'void', payoutFen: ticket.stake_fen };
    }
    if (result === undefined) {
      await deps.seamless.credit(venue, {
        transactionId: `lottery-refund-${ticket.id}`,
        betId,
        payoutFen: ticket.stake_fen,
        isVoid: true,
      });
      return { id: ticket.id, status: 'void', payoutFen: ticket.stake_fen };
    }
    const { payoutFen } = settleTicket(ticketOf(ticket), result, ticket.house_edge_bps);
    await deps.seamless.credit(venue, {
      transactionId: `lottery-payout-${ticket.id}`,
      betId,
      payoutFen,
      isVoid: false,
    });
    return { id: ticket.id, status: payoutFen > 0n ? 'won' : 'lost', payoutFen };
  };

  /**
   * Settles a drawn issue or refunds a cancelled one, batch after batch of its open tickets: a
   * batch's wallet calls, then one statement closing its rows. Stopped midway, the next run takes
   * the rows still open, and the wallet answers their calls made before again, moving nothing.
   */
  const settleIssue = async (game: store.GameRow, draw: store.DrawRow) => {
    const result = draw.status === 'cancelled' ? undefined : resultOf(game, draw);
    for (;;) {
      const tickets = await store.unsettledTickets(deps.db, draw.id, settlementBatchSize);
      if (tickets.length === 0) {
        break;
      }
      const closes: store.TicketClose[] = [];
      for (let from = 0; from < tickets.length; from += walletCallsInFlight) {
        const calls = tickets
          .slice(from, from + walletCallsInFlight)
          .map((ticket) => closeTicket(ticket, result));
        // Every call of the slice ends before a failure stops the run, so none is left in flight,
        // and the tickets paid so far are recorded.
        const answers = await Promise.allSettled(calls);
        for (const answer of answers) {
          if (answer.status === 'fulfilled') {
            closes.push(answer.value);
          }
        }
        const failure = answers.find((answer) => answer.status === 'rejected');
        if (failure) {
          await store.closeTickets(deps.db, closes, now());
          throw failure.reason;
        }
      }
      await store.closeTickets(deps.db, closes, now());
    }
    await store.markDrawSettled(deps.db, draw.id, now());
  };

  /** Settles every drawn or cancelled issue left open; one that fails does not hold up the others. */
  const settleIssues = async (games: ReadonlyMap<string, store.GameRow>) => {
    const failures: unknown[] = [];
    for (const draw of await store.unsettledDraws(deps.db)) {
      const game = games.get(`${draw.site_id}:${draw.game_code}`);
      if (!game) {
        throw new Error(`lottery: issue ${draw.id} has no game`);
      }
      await settleIssue(game, draw).catch((error: unknown) => failures.push(error));
    }
    if (failures.length > 0) {
      throw new AggregateError(failures, `lottery: ${failures.length} issue(s) could not be settled yet`);
    }
  };

  /**
   * One pass of the draw cycle at the clock's time, on the node holding the cycle's lock: puts
   * current issues on sale, closes betting, draws due issues from their seeds and settles them.
   * Idempotent; false when another node holds the lock.
   */
  const tick = () =>
    runHoldingLock(deps.db, drawCycleLockKey, async () => {
      const at = now();
      const games = await store.listGames(deps.db);
      const gamesByKey = new Map(games.map((game) => [`${game.site_id}:${game.code}`, game]));
      await openIssues(games, at.getTime());
      await store.closeDueDraws(deps.db, at);
      await drawDueIssues(gamesByKey, at);
      await settleIssues(gamesByKey);
    });

  // ---- tickets ----------------------------------------------------------------------------

  /**
   * Takes the stake of a `placing` ticket through the wallet and puts it on its issue. A refusal
   * (balance, venue) removes the ticket and answers the wallet's code: nothing changed.
   */
  const takeStake = async (ticket: store.TicketRow): Promise<store.TicketRow> => {
    if (ticket.status !== 'placing') {
      return ticket;
    }
    try {
      await deps.seamless.debit(venueOf(ticket.site_id), {
        transactionId: stakeTransactionOf(ticket.id),
        memberId: ticket.member_id,
        betId: betIdOf(ticket.id),
        roundId: `${ticket.game_code}-${ticket.issue_no}`,
        gameCode: ticket.game_code,
        amountFen: ticket.stake_fen,
        oddsE4: null,
      });
    } catch (error) {
      if (error instanceof AppError) {
        await store.deletePlacingTicket(deps.db, ticket.id);
      }
      throw error;
    }
    return store.markTicketOpen(deps.db, ticket.id);
  };

  /** A ticket id used before: the same ticket answers its first result, another one is refused. */
  const again = async (ticket: store.TicketRow, requestHash: string) => {
    if (ticket.request_hash !== requestHash) {
      throw refused(ErrorCode.lotteryTicketConflict, { ticketId: ticket.ticket_id });
    }
    return presentTicket(await takeStake(ticket));
  };

  async function place(member: MemberPrincipal, body: LotteryBetBody): Promise<LotteryTicketView> {
    const requestHash = requestHashOf(body);
    const known = await store.findTicket(deps.db, member.siteId, member.memberId, body.ticketId);
    if (known) {
      return again(known, requestHash);
    }
    const game = await gameOf(member.siteId, body.gameCode);
    if (game.is_paused) {
      throw refused(ErrorCode.lotteryGameUnavailable, { gameCode: game.code });
    }
    if (!isPlayOf(body.playId, game)) {
      throw refused(ErrorCode.lotteryPlayUnknown, { playId: body.playId });
    }
    const { notes, stakeFen } = pricedTicket({ ...body, playId: body.playId as LotteryPlayId });
    if (stakeFen > game.ticket_stake_max_fen) {
      throw refused(ErrorCode.lotteryStakeOverLimit, {
        stake: formatFen(stakeFen),
        limit: formatFen(game.ticket_stake_max_fen),
      });
    }
    const draw = await store.findDraw(deps.db, member.siteId, game.code, body.issueNo);
    if (!draw) {
      throw refused(ErrorCode.lotteryIssueUnknown, { issueNo: body.issueNo });
    }
    const at = now();
    const placed =
      draw.status === 'open' && draw.closes_at > at
        ? await store.insertTicket(
            deps.db,
            draw.id,
            {
              site_id: member.siteId,
              member_id: member.memberId,
              game_code: game.code,
              issue_no: draw.issue_no,
              play_id: body.playId,
              selection: JSON.stringify(body.selection),
              unit: body.unit,
              multiplier: body.multiplier,
              notes,
              stake_fen: stakeFen,
              house_edge_bps: game.house_edge_bps,
              ticket_id: body.ticketId,
              request_hash: requestHash,
              placed_at: at,
            },
            at,
          )
        : undefined;
    if (placed) {
      return presentTicket(await takeStake(placed));
    }
    // Not inserted: the issue closed, or the same ticket id arrived at the same time.
    const raced = await store.findTicket(deps.db, member.siteId, member.memberId, body.ticketId);
    if (raced) {
      return again(raced, requestHash);
    }
    throw refused(ErrorCode.lotteryIssueClosed, { issueNo: draw.issue_no });
  }

  // ---- operator ---------------------------------------------------------------------------

  /** Cancels an issue before its draw and refunds its tickets; a cancelled one answers again. */
  async function cancelIssue(
    operator: OperatorPrincipal,
    body: { gameCode: string; issueNo: string; reason: string },
  ): Promise<LotteryDraw> {
    const game = await gameOf(operator.siteId, body.gameCode);
    const draw = await store.findDraw(deps.db, operator.siteId, game.code, body.issueNo);
    if (!draw) {
      throw refused(ErrorCode.lotteryIssueUnknown, { issueNo: body.issueNo });
    }
    const cancelled = await store.cancelDraw(deps.db, draw.id, body.reason);
    if (cancelled.status !== 'cancelled') {
      throw refused(ErrorCode.lotteryIssueDrawn, { issueNo: draw.issue_no });
    }
    if (draw.status !== 'cancelled') {
      await deps.audit.record(operator, {
        siteId: operator.siteId,
        action: 'lottery.cancel',
        target: `${game.code} ${draw.issue_no}`,
        before: presentDraw(draw),
        after: presentDraw(cancelled),
        reason: body.reason,
      });
    }
    await settleIssue(game, cancelled);
    return presentDraw(await store.drawById(deps.db, draw.id));
  }

  return {
    /** Adds the default games a site lacks. */
    async seedDefaults(siteId: number) {
      await store.insertMissingGames(
        deps.db,
        defaultLotteryGames.map((game, index) => ({
          site_id: siteId,
          code: game.code,
          kind: game.kind,
          name: game.name,
          interval_seconds: game.intervalSeconds,
          first_draw_seconds: game.firstDrawSeconds,
          closing_seconds: game.closingSeconds,
          house_edge_bps: defaultHouseEdgeBps,
          ticket_stake_max_fen: defaultTicketStakeMaxFen,
          is_paused: false,
          sort_order: index,
          updated_at: now(),
        })),
      );
    },

    tick,

    /**
     * Runs `tick` every `intervalMs` (one pass at a time) until stopped; `stop` waits for the pass
     * under way, so a node stops between passes.
     */
    startDrawCycle(options: { intervalMs: number; onError: (error: unknown) => void }) {
      let running: Promise<unknown> | undefined;
      const timer = setInterval(() => {
        running ??= tick()
          .catch(options.onError)
          .finally(() => {
            running = undefined;
          });
      }, options.intervalMs);
      return {
        async stop() {
          clearInterval(timer);
          await running;
        },
      };
    },

    place,
    cancelIssue,

    async hall(siteId: number): Promise<LotteryHallGame[]> {
      const games = await store.listGames(deps.db, siteId);
      const onSale = new Map(
        (await store.openDraws(deps.db, siteId, now())).map((draw) => [draw.game_code, draw]),
      );
      return games.map((game) => {
        const draw = onSale.get(game.code);
        return {
          code: game.code,
          kind: game.kind,
          name: game.name,
          intervalSeconds: game.interval_seconds,
          closingSeconds: game.closing_seconds,
          isPaused: game.is_paused,
          ticketStakeMax: formatFen(game.ticket_stake_max_fen),
          issue: draw ? presentDraw(draw) : null,
        };
      });
    },

    /** A game's plays with the prize of a winning note at each level, as settling pays it. */
    async plays(siteId: number, query: { gameCode: string; unit: LotteryUnit }) {
      const game = await gameOf(siteId, query.gameCode);
      return {
        gameCode: game.code,
        unit: query.unit,
        plays: (Object.keys(lotteryPlays) as LotteryPlayId[])
          .filter((playId) => lotteryPlays[playId].game === game.kind)
          .map((playId) => ({
            playId,
            name: lotteryPlays[playId].name,
            notePrice: formatFen(lotteryNotePriceFen(query.unit)),
            prizes: Object.fromEntries(
              Object.entries(prizeTable(playId, query.unit, game.house_edge_bps)).map(([level, prize]) => [
                level,
                formatFen(prize),
              ]),
            ),
          })),
      };
    },

    /** A game's issues, newest first, each seed shown once drawn. */
    async results(siteId: number, query: PageRequest & { gameCode: string }) {
      const game = await gameOf(siteId, query.gameCode);
      const page = await store.drawsPage(deps.db, siteId, game.code, query);
      return { ...page, list: page.list.map(presentDraw), pageNum: query.pageNum, pageSize: query.pageSize };
    },

    async tickets(member: MemberPrincipal, query: PageRequest & { gameCode?: string | undefined }) {
      const page = await store.memberTickets(deps.db, member.siteId, member.memberId, query.gameCode, query);
      return {
        ...page,
        list: page.list.map(presentTicket),
        pageNum: query.pageNum,
        pageSize: query.pageSize,
      };
    },
  };
}

/** An issue as anyone may see it: the seed stays on the server until the issue is drawn. */
function presentDraw(row: store.DrawRow): LotteryDraw {
  const isDrawn = row.status === 'drawn' || row.status === 'settled';
  return {
    gameCode: row.game_code,
    issueNo: row.issue_no,
    status: row.status,
    commitment: row.commitment_hex,
    seed: isDrawn ? row.seed_hex : null,
    numbers: isDrawn ? row.numbers : null,
    opensAt: row.opens_at.toISOString(),
    closesAt: row.closes_at.toISOString(),
    drawAt: row.draw_at.toISOString(),
    cancelReason: row.cancel_reason,
  };
}

function presentTicket(row: store.TicketRow): LotteryTicketView {
  return {
    ticketId: row.ticket_id,
    betId: betIdOf(row.id),
    gameCode: row.game_code,
    issueNo: row.issue_no,
    playId: row.play_id,
    playName: lotteryPlays[row.play_id as LotteryPlayId].name,
    selection: row.selection,
    unit: row.unit,
    multiplier: row.multiplier,
    notes: row.notes,
    stake: formatFen(row.stake_fen),
    status: row.status,
    payout: row.payout_fen === null ? null : formatFen(row.payout_fen),
    placedAt: row.placed_at.toISOString(),
    settledAt: row.settled_at?.toISOString() ?? null,
  };
}
