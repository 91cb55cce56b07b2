import { createHash } from 'node:crypto';
import {
  type AdminLotteryGame,
  type AdminLotteryGameUpdateBody,
  chaseIssueCountMax,
  chaseMultipliers,
  chasePlanProblems,
  drawSeedChain,
  drawSeedCommitment,
  ErrorCode,
  errorMessages,
  type Fen,
  fen,
  formatFen,
  type GameSchedule,
  issuesPerDay,
  type LotteryBetBody,
  type LotteryChaseStartBody,
  type LotteryChaseView,
  type LotteryDraw,
  type LotteryDrawEvent,
  type LotteryDrawEventKind,
  type LotteryHallGame,
  type LotteryPlayId,
  type LotteryTicket,
  type LotteryTicketView,
  type LotteryUnit,
  lotteryNotePriceFen,
  lotteryPlays,
  lotteryStakeFen,
  nextIssue,
  parseYuan,
  type ScheduledIssue,
} from '@site/contract';
import { AppError, validationError } from '../app-error.ts';
import type { AuditLog } from '../audit/service.ts';
import { type Db, runHoldingLock, runsStatementsOneAtATime } from '../db/database.ts';
import type { PageRequest } from '../db/paging.ts';
import type { MemberPrincipal, OperatorPrincipal } from '../http/access.ts';
import { type MemberService, memberIdsOf } from '../member/service.ts';
import type { SeamlessWallet } from '../seamless/service.ts';
import type { Clock } from '../stores/clock.ts';
import { runEvery } from '../stores/periodic.ts';
import { defaultHouseEdgeBps, defaultLotteryGames, defaultTicketStakeMaxFen } from './defaults.ts';
import { drawResultOf, newDrawSeedChain } from './draws.ts';
import { describeExposure, ticketExposures } from './liability.ts';
import type { DrawResult } from './play-rule.ts';
import { pricedTicket, prizeTable, settleTicket } from './plays.ts';
import * as store from './store.ts';
import type { PlayLimitsJson } from './tables.ts';

/** The venue the hall's stakes and payouts go through: its bets show in 投注记录 under CP. */
export const lotteryVenueCode = 'CP';
/** The advisory lock of the draw cycle: one node runs it at a time. */
export const drawCycleLockKey = 727_014;
/** Tickets read, paid and closed together while settling an issue. */
const settlementBatchSize = 200;
/**
 * Lanes settling an issue side by side on PostgreSQL, each on its own connection. A lane takes
 * the tickets of every fourth member, so no two lanes wait on one balance or turnover row.
 */
const settlementLanesPooled = 4;

/** What the hall needs of the seamless wallet: each call idempotent on its transaction id. */
export type LotteryWalletPort = Pick<SeamlessWallet, 'debit' | 'creditMany' | 'rollback'>;

/** Where the draw cycle's events go: the live socket's per-site topic of the game. */
export interface LotteryEventsPort {
  publish(siteId: number, gameCode: string, event: LotteryDrawEvent): Promise<void>;
}

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

/** The Chinese message of an error code recorded on a row. */
const messageOf = (code: number) =>
  Object.hasOwn(errorMessages, code) ? errorMessages[code as ErrorCode] : errorMessages[ErrorCode.common];

const isPlayOf = (playId: string, game: store.GameRow) =>
  Object.hasOwn(lotteryPlays, playId) && lotteryPlays[playId as LotteryPlayId].game === game.kind;

const playIdsOf = (game: store.GameRow) =>
  (Object.keys(lotteryPlays) as LotteryPlayId[]).filter((playId) => lotteryPlays[playId].game === game.kind);

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
  events: LotteryEventsPort;
  /** Staff find tickets by username and see whose they are. */
  members: Pick<MemberService, 'memberIdFilter' | 'summariesOf'>;
  /** Lanes settling an issue side by side: one on PGlite, `settlementLanesPooled` on PostgreSQL. */
  settlementLanes?: number;
}) {
  const now = () => new Date(deps.clock.now());
  const venueOf = (siteId: number) => ({ siteId, venueCode: lotteryVenueCode });

  /** Tells the game's subscribers what became of an issue, once written. */
  const announce = (event: LotteryDrawEventKind, draw: store.DrawRow | undefined) =>
    draw ? deps.events.publish(draw.site_id, draw.game_code, { event, draw: presentDraw(draw) }) : undefined;

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
      const opened = await store.insertDraw(deps.db, {
        site_id: game.site_id,
        game_code: game.code,
        issue_no: issue.issueNo,
        opens_at: issue.opensAt,
        closes_at: issue.closesAt,
        draw_at: issue.drawAt,
        seed_hex: seedHex,
        commitment_hex: drawSeedCommitment(seedHex),
      });
      await announce('opened', opened);
    }
  };

  const drawDueIssues = async (games: ReadonlyMap<string, store.GameRow>, at: Date) => {
    for (const draw of await store.dueDraws(deps.db, at)) {
      const game = games.get(`${draw.site_id}:${draw.game_code}`);
      if (!game) {
        throw new Error(`lottery: issue ${draw.id} has no game`);
      }
      await announce('drawn', await store.recordDrawn(deps.db, draw.id, resultOf(game, draw).numbers, at));
    }
  };

  /**
   * What closing a ticket pays: its prize once drawn, its stake back once cancelled. A ticket
   * still `placing` had its stake taken back, or never taken: it is rolled back instead.
   */
  const closingOf = (ticket: store.TicketRow, result: DrawResult | undefined): store.TicketClose => {
    if (result === undefined || ticket.status === 'placing') {
      return { id: ticket.id, status: 'void', payoutFen: ticket.stake_fen };
    }
    const { payoutFen } = settleTicket(ticketOf(ticket), result, ticket.house_edge_bps);
    return { id: ticket.id, status: payoutFen > 0n ? 'won' : 'lost', payoutFen };
  };

  /**
   * Pays a batch of tickets through the wallet: the prizes and refunds in one batch credit, the
   * rollbacks of tickets left `placing` one by one. Each movement has its own transaction id, so
   * running it again moves nothing twice.
   */
  const payTickets = async (
    siteId: number,
    tickets: readonly store.TicketRow[],
    result: DrawResult | undefined,
  ) => {
    const venue = venueOf(siteId);
    const closes = tickets.map((ticket) => closingOf(ticket, result));
    for (const ticket of tickets.filter((candidate) => candidate.status === 'placing')) {
      await deps.seamless.rollback(venue, {
        transactionId: `lottery-rollback-${ticket.id}`,
        debitTransactionId: stakeTransactionOf(ticket.id),
      });
    }
    const credits = tickets.flatMap((ticket, index) => {
      const close = closes[index];
      if (ticket.status === 'placing' || close === undefined) {
        return [];
      }
      const isVoid = result === undefined;
      return [
        {
          transactionId: `lottery-${isVoid ? 'refund' : 'payout'}-${ticket.id}`,
          betId: betIdOf(ticket.id),
          payoutFen: close.payoutFen,
          isVoid,
        },
      ];
    });
    const outcomes = await deps.seamless.creditMany(venue, credits);
    const refusal = outcomes.find((outcome) => 'refusal' in outcome);
    if (refusal && 'refusal' in refusal) {
      throw refusal.refusal;
    }
    return closes;
  };

  const settlementLanes =
    deps.settlementLanes ?? (runsStatementsOneAtATime(deps.db) ? 1 : settlementLanesPooled);

  /**
   * Settles a drawn issue or refunds a cancelled one, batch after batch of its open tickets in
   * each lane: a batch's wallet calls, then one statement closing its rows. Stopped midway, the
   * next run takes the rows still open, and the wallet answers their calls made before again,
   * moving nothing.
   */
  const settleIssue = async (game: store.GameRow, draw: store.DrawRow) => {
    const result = draw.status === 'cancelled' ? undefined : resultOf(game, draw);
    const settleLane = async (index: number) => {
      const lane = { index, count: settlementLanes };
      for (let afterId = 0n; ; ) {
        const tickets = await store.unsettledTickets(deps.db, draw.id, lane, afterId, settlementBatchSize);
        const last = tickets.at(-1);
        if (last === undefined) {
          return;
        }
        await store.closeTickets(deps.db, await payTickets(draw.site_id, tickets, result), now());
        afterId = last.id;
      }
    };
    // Every lane ends before a failure is reported: the next pass must not find one still running.
    const lanes = await Promise.allSettled(
      Array.from({ length: settlementLanes }, (_, index) => settleLane(index)),
    );
    const failed = lanes.find((lane) => lane.status === 'rejected');
    if (failed) {
      throw failed.reason;
    }
    await announce('settled', await store.markDrawSettled(deps.db, draw.id, now()));
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
      for (const closed of await store.closeDueDraws(deps.db, at)) {
        await announce('closed', closed);
      }
      await drawDueIssues(gamesByKey, at);
      // Chases move on after settling (a win stops its chase before the next ticket), and also
      // when an issue could not be settled yet.
      const settling = await settleIssues(gamesByKey).then(
        () => undefined,
        (error: unknown) => error,
      );
      await advanceChases();
      if (settling !== undefined) {
        throw settling;
      }
    });

  // ---- tickets ----------------------------------------------------------------------------

  /** What a ticket of the play may stake, and a member on it per issue (the game's limit by default). */
  const limitsOf = (game: store.GameRow, playId: string) => {
    const own = game.play_limits[playId];
    return {
      ticketStakeMaxFen: own ? fen(BigInt(own.ticketStakeMaxFen)) : game.ticket_stake_max_fen,
      issueStakeMaxFen: own ? fen(BigInt(own.issueStakeMaxFen)) : game.ticket_stake_max_fen,
    };
  };

  const exposuresOf = (ticket: store.TicketRow) => ticketExposures(ticketOf(ticket), ticket.house_edge_bps);

  /**
   * Records a ticket as `placing` on its issue together with what it adds to its member's total on
   * the play and to the issue's liabilities, in one transaction: a total over the play's limit or
   * a liability over the cap refuses it and leaves nothing. Undefined when the issue is not on sale
   * or the ticket id was used.
   */
  const insertWithinLimits = (
    game: store.GameRow,
    drawId: bigint,
    row: store.NewTicket,
    issueStakeMaxFen: Fen,
    at: Date,
  ) =>
    deps.db.transaction().execute(async (tx) => {
      const ticket = await store.insertTicket(tx, drawId, row, at);
      if (!ticket) {
        return undefined;
      }
      const stake = {
        draw_id: drawId,
        member_id: row.member_id,
        play_id: row.play_id,
        stake_fen: row.stake_fen,
      };
      if (!(await store.addMemberStake(tx, stake, issueStakeMaxFen))) {
        throw refused(ErrorCode.lotteryIssueStakeOverLimit, {
          stake: formatFen(row.stake_fen),
          limit: formatFen(issueStakeMaxFen),
        });
      }
      const exposures = exposuresOf(ticket);
      const [over] = await store.addLiabilities(tx, drawId, exposures, game.liability_cap_fen);
      if (over !== undefined) {
        throw refused(ErrorCode.lotteryLiabilityOverCap, {
          number: over,
          liability: formatFen(exposures.get(over) ?? fen(0n)),
          cap: formatFen(game.liability_cap_fen ?? fen(0n)),
        });
      }
      return ticket;
    });

  /**
   * Takes the stake of a `placing` ticket through the wallet and puts it on its issue. A refusal
   * (balance, venue) removes the ticket with what it added to its limits, and answers the wallet's
   * code: nothing changed.
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
        await deps.db.transaction().execute(async (tx) => {
          if (await store.deletePlacingTicket(tx, ticket.id)) {
            await store.releaseTicketLimits(tx, ticket, exposuresOf(ticket));
          }
        });
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
    return takeStake(ticket);
  };

  /** A member's ticket, or a chase's ticket on its behalf (`chaseId`). */
  async function placeTicket(
    owner: Pick<MemberPrincipal, 'siteId' | 'memberId'>,
    body: LotteryBetBody,
    chaseId: bigint | null,
  ): Promise<store.TicketRow> {
    const requestHash = requestHashOf(body);
    const known = await store.findTicket(deps.db, owner.siteId, owner.memberId, body.ticketId);
    if (known) {
      return again(known, requestHash);
    }
    const game = await gameOf(owner.siteId, body.gameCode);
    if (game.is_paused) {
      throw refused(ErrorCode.lotteryGameUnavailable, { gameCode: game.code });
    }
    if (!isPlayOf(body.playId, game)) {
      throw refused(ErrorCode.lotteryPlayUnknown, { playId: body.playId });
    }
    const { notes, stakeFen } = pricedTicket({ ...body, playId: body.playId as LotteryPlayId });
    const limits = limitsOf(game, body.playId);
    if (stakeFen > limits.ticketStakeMaxFen) {
      throw refused(ErrorCode.lotteryStakeOverLimit, {
        stake: formatFen(stakeFen),
        limit: formatFen(limits.ticketStakeMaxFen),
      });
    }
    if (stakeFen > limits.issueStakeMaxFen) {
      throw refused(ErrorCode.lotteryIssueStakeOverLimit, {
        stake: formatFen(stakeFen),
        limit: formatFen(limits.issueStakeMaxFen),
      });
    }
    const draw = await store.findDraw(deps.db, owner.siteId, game.code, body.issueNo);
    if (!draw) {
      throw refused(ErrorCode.lotteryIssueUnknown, { issueNo: body.issueNo });
    }
    const at = now();
    const placed =
      draw.status === 'open' && draw.closes_at > at
        ? await insertWithinLimits(
            game,
            draw.id,
            {
              site_id: owner.siteId,
              member_id: owner.memberId,
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
              chase_id: chaseId,
            },
            limits.issueStakeMaxFen,
            at,
          )
        : undefined;
    if (placed) {
      return takeStake(placed);
    }
    // Not inserted: the issue closed, or the same ticket id arrived at the same time.
    const raced = await store.findTicket(deps.db, owner.siteId, owner.memberId, body.ticketId);
    if (raced) {
      return again(raced, requestHash);
    }
    throw refused(ErrorCode.lotteryIssueClosed, { issueNo: draw.issue_no });
  }

  const place = async (member: MemberPrincipal, body: LotteryBetBody): Promise<LotteryTicketView> =>
    presentTicket(await placeTicket(member, body, null));

  // ---- 追号 ----------------------------------------------------------------------------------

  /** The ticket of a chase's issue: the chase's id for it keeps a retry to one ticket. */
  const chaseTicketIdOf = (chaseRowId: bigint, seq: number) => `chase:${chaseRowId}:${seq}`;

  /**
   * Places the ticket of one chase issue on sale. A refusal (balance, limits, cap) stops the chase
   * with its code, nothing taken; a ticket placed while the member cancelled still counts.
   */
  const placeChaseIssue = async (row: Awaited<ReturnType<typeof store.chaseIssuesOnSale>>[number]) => {
    try {
      const ticket = await placeTicket(
        { siteId: row.site_id, memberId: row.member_id },
        {
          gameCode: row.game_code,
          issueNo: row.issue_no,
          playId: row.play_id,
          selection: row.selection,
          unit: row.unit,
          multiplier: row.multiplier,
          ticketId: chaseTicketIdOf(row.id, row.seq),
        },
        row.id,
      );
      await store.resolveChaseIssue(deps.db, row.id, row.seq, { status: 'placed', ticketId: ticket.id });
    } catch (error) {
      // A closed issue is left to `markMissedChaseIssues`; any other refusal stops the chase.
      if (!(error instanceof AppError) || error.code === ErrorCode.lotteryIssueClosed) {
        throw error;
      }
      await store.resolveChaseIssue(deps.db, row.id, row.seq, { status: 'refused', refusalCode: error.code });
      await store.endChase(deps.db, row.id, { status: 'stopped', stopCode: error.code, now: now() });
    }
  };

  /**
   * Places the tickets of chase issues on sale (of one chase, or of all), each on its own: one
   * that fails to be placed does not hold up the others.
   */
  const placeChaseIssuesOnSale = async (chaseId?: bigint) => {
    const failures: unknown[] = [];
    for (const row of await store.chaseIssuesOnSale(deps.db, now(), chaseId)) {
      await placeChaseIssue(row).catch((error: unknown) => failures.push(error));
    }
    if (failures.length > 0) {
      throw new AggregateError(
        failures,
        `lottery: ${failures.length} chase ticket(s) could not be placed yet`,
      );
    }
  };

  /**
   * Moves every chase on at the clock's time: ends those that won (中奖后停止), places the tickets
   * of issues on sale, marks the issues missed and ends the chases with nothing left to play.
   * Safe to run anywhere at any time: each step is conditional on the state it changes.
   */
  const advanceChases = async () => {
    const at = now();
    for (const id of (await store.chasesToEnd(deps.db)).won) {
      await store.endChase(deps.db, id, { status: 'won', stopCode: null, now: at });
    }
    const placing = await placeChaseIssuesOnSale().then(
      () => undefined,
      (error: unknown) => error,
    );
    await store.markMissedChaseIssues(deps.db, at);
    for (const id of (await store.chasesToEnd(deps.db)).done) {
      await store.endChase(deps.db, id, { status: 'finished', stopCode: null, now: at });
    }
    if (placing !== undefined) {
      throw placing;
    }
  };

  /** The issue numbered `startIssueNo` and the `count` after it, from the game's calendar. */
  const plannedIssues = (game: store.GameRow, startIssueNo: string, count: number): ScheduledIssue[] => {
    const schedule = scheduleOf(game);
    const at = now();
    let issue = nextIssue(schedule, at.getTime());
    if (startIssueNo < issue.issueNo || (startIssueNo === issue.issueNo && issue.closesAt <= at)) {
      throw refused(ErrorCode.lotteryIssueClosed, { issueNo: startIssueNo });
    }
    for (let ahead = 0; issue.issueNo !== startIssueNo; ahead += 1) {
      if (ahead >= chaseIssueCountMax || issue.issueNo > startIssueNo) {
        throw refused(ErrorCode.lotteryIssueUnknown, { issueNo: startIssueNo });
      }
      issue = nextIssue(schedule, issue.drawAt.getTime());
    }
    const issues = [issue];
    while (issues.length < count) {
      issue = nextIssue(schedule, issue.drawAt.getTime());
      issues.push(issue);
    }
    return issues;
  };

  const chaseRequestHashOf = (body: LotteryChaseStartBody) =>
    createHash('sha256')
      .update(
        JSON.stringify([
          body.gameCode,
          body.playId,
          body.selection,
          body.unit,
          body.startIssueNo,
          body.plan,
          body.isStopOnWin,
        ]),
      )
      .digest('hex');

  const presentChases = async (rows: readonly store.ChaseRow[]): Promise<LotteryChaseView[]> => {
    const issues = await store.chaseIssues(
      deps.db,
      rows.map((row) => row.id),
    );
    return rows.map((row) => {
      const own = issues.filter((issue) => issue.chase_id === row.id);
      const stakeOf = (multiplier: number) => lotteryStakeFen(row.notes, row.unit, multiplier);
      return {
        chaseId: row.chase_id,
        gameCode: row.game_code,
        playId: row.play_id,
        playName: lotteryPlays[row.play_id as LotteryPlayId].name,
        selection: row.selection,
        unit: row.unit,
        notes: row.notes,
        isStopOnWin: row.is_stop_on_win,
        status: row.status,
        stopCode: row.stop_code,
        stopMessage: row.stop_code === null ? null : messageOf(row.stop_code),
        plannedStake: formatFen(
          own.reduce<Fen>((total, issue) => fen(total + stakeOf(issue.multiplier)), fen(0n)),
        ),
        createdAt: row.created_at.toISOString(),
        endedAt: row.ended_at?.toISOString() ?? null,
        issues: own.map((issue) => ({
          issueNo: issue.issue_no,
          multiplier: issue.multiplier,
          stake: formatFen(stakeOf(issue.multiplier)),
          status: issue.status,
          refusalCode: issue.refusal_code,
          ticket: issue.ticket ? presentTicket(issue.ticket) : null,
        })),
      };
    });
  };

  const presentChase = async (row: store.ChaseRow) => (await presentChases([row]))[0] as LotteryChaseView;

  /**
   * A chase id used before: the same chase answers as it is now, once its issue on sale has its
   * ticket (a start stopped before placing it, or racing this one, is finished here); another
   * chase is refused.
   */
  const chaseAgain = async (chase: store.ChaseRow, requestHash: string) => {
    if (chase.request_hash !== requestHash) {
      throw refused(ErrorCode.lotteryChaseConflict, { chaseId: chase.chase_id });
    }
    await placeChaseIssuesOnSale(chase.id);
    return presentChase(await store.chaseById(deps.db, chase.id));
  };

  /**
   * Starts a chase: checks the ticket and its plan now, records the issues of the plan, and places
   * the first one's ticket at once when it is on sale; the draw cycle places each of the others as
   * its issue opens. Nothing is taken for issues to come.
   */
  async function startChase(member: MemberPrincipal, body: LotteryChaseStartBody): Promise<LotteryChaseView> {
    const requestHash = chaseRequestHashOf(body);
    const known = await store.findChase(deps.db, member.siteId, member.memberId, body.chaseId);
    if (known) {
      return chaseAgain(known, requestHash);
    }
    const game = await gameOf(member.siteId, body.gameCode);
    if (game.is_paused) {
      throw refused(ErrorCode.lotteryGameUnavailable, { gameCode: game.code });
    }
    if (!isPlayOf(body.playId, game)) {
      throw refused(ErrorCode.lotteryPlayUnknown, { playId: body.playId });
    }
    const plan = chaseMultipliers(body.plan);
    if (!plan.isValid) {
      throw validationError('plan', chasePlanProblems[plan.problem]);
    }
    const { notes } = pricedTicket({
      ...body,
      playId: body.playId as LotteryPlayId,
      multiplier: 1,
    });
    const { ticketStakeMaxFen } = limitsOf(game, body.playId);
    const topStakeFen = lotteryStakeFen(notes, body.unit, Math.max(...plan.multipliers));
    if (topStakeFen > ticketStakeMaxFen) {
      throw refused(ErrorCode.lotteryStakeOverLimit, {
        stake: formatFen(topStakeFen),
        limit: formatFen(ticketStakeMaxFen),
      });
    }
    const issues = plannedIssues(game, body.startIssueNo, plan.multipliers.length);
    const inserted = await store.insertChase(
      deps.db,
      {
        site_id: member.siteId,
        member_id: member.memberId,
        chase_id: body.chaseId,
        request_hash: requestHash,
        game_code: game.code,
        play_id: body.playId,
        selection: JSON.stringify(body.selection),
        unit: body.unit,
        notes,
        is_stop_on_win: body.isStopOnWin,
        created_at: now(),
      },
      issues.map((issue, index) => ({
        issue_no: issue.issueNo,
        multiplier: plan.multipliers[index] as number,
        draw_at: issue.drawAt,
      })),
    );
    const chase = inserted ?? (await chaseOf(member, body.chaseId));
    return chaseAgain(chase, requestHash);
  }

  const chaseOf = async (member: MemberPrincipal, chaseId: string) => {
    const chase = await store.findChase(deps.db, member.siteId, member.memberId, chaseId);
    if (!chase) {
      throw refused(ErrorCode.lotteryChaseUnknown, { chaseId });
    }
    return chase;
  };

  /** Stops a running chase: its issues to come get no ticket. An ended chase answers as it is. */
  async function cancelChase(member: MemberPrincipal, body: { chaseId: string }): Promise<LotteryChaseView> {
    const chase = await chaseOf(member, body.chaseId);
    await store.endChase(deps.db, chase.id, { status: 'cancelled', stopCode: null, now: now() });
    return presentChase(await store.chaseById(deps.db, chase.id));
  }

  async function chases(member: MemberPrincipal, query: PageRequest & { gameCode?: string | undefined }) {
    const page = await store.chasesPage(deps.db, member.siteId, member.memberId, query.gameCode, query);
    return {
      ...page,
      list: await presentChases(page.list),
      pageNum: query.pageNum,
      pageSize: query.pageSize,
    };
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
      await announce('cancelled', cancelled);
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

  /** A game as the console shows it, every play with the limits it plays under. */
  const presentGame = (game: store.GameRow): AdminLotteryGame => ({
    code: game.code,
    kind: game.kind,
    name: game.name,
    intervalSeconds: game.interval_seconds,
    closingSeconds: game.closing_seconds,
    firstDrawSeconds: game.first_draw_seconds,
    issuesPerDay: issuesPerDay(scheduleOf(game)),
    houseEdgeBps: game.house_edge_bps,
    ticketStakeMax: formatFen(game.ticket_stake_max_fen),
    liabilityCap: game.liability_cap_fen === null ? null : formatFen(game.liability_cap_fen),
    isPaused: game.is_paused,
    playLimits: playIdsOf(game).map((playId) => {
      const limits = limitsOf(game, playId);
      return {
        playId,
        playName: lotteryPlays[playId].name,
        ticketStakeMax: formatFen(limits.ticketStakeMaxFen),
        issueStakeMax: formatFen(limits.issueStakeMaxFen),
        isGameDefault: !Object.hasOwn(game.play_limits, playId),
      };
    }),
    updatedAt: game.updated_at.toISOString(),
  });

  /** A positive amount of the console in fen; anything else is a 10003 naming the field. */
  const positiveFen = (field: string, yuan: string): Fen => {
    const amount = parseYuan(yuan);
    if (amount === undefined || amount <= 0n) {
      throw validationError(field, '须为大于 0 的金额');
    }
    return amount;
  };

  const playLimitsOf = (
    game: store.GameRow,
    limits: ReadonlyArray<{ playId: string; ticketStakeMax: string; issueStakeMax: string }>,
  ): PlayLimitsJson => {
    const json: PlayLimitsJson = {};
    for (const [index, limit] of limits.entries()) {
      if (!isPlayOf(limit.playId, game)) {
        throw refused(ErrorCode.lotteryPlayUnknown, { playId: limit.playId });
      }
      if (Object.hasOwn(json, limit.playId)) {
        throw validationError(`playLimits.${index}.playId`, '玩法重复');
      }
      json[limit.playId] = {
        ticketStakeMaxFen: positiveFen(`playLimits.${index}.ticketStakeMax`, limit.ticketStakeMax).toString(),
        issueStakeMaxFen: positiveFen(`playLimits.${index}.issueStakeMax`, limit.issueStakeMax).toString(),
      };
    }
    return json;
  };

  /** Staff's changes to a game, checked whole before any is written, and audited. */
  async function updateGame(
    operator: OperatorPrincipal,
    body: AdminLotteryGameUpdateBody,
  ): Promise<AdminLotteryGame> {
    const game = await gameOf(operator.siteId, body.gameCode);
    const changes: store.GameChanges = {};
    if (body.isPaused !== undefined) {
      changes.is_paused = body.isPaused;
    }
    if (body.houseEdgeBps !== undefined) {
      changes.house_edge_bps = body.houseEdgeBps;
    }
    if (body.closingSeconds !== undefined) {
      if (body.closingSeconds >= game.interval_seconds) {
        throw validationError('closingSeconds', `须小于开奖间隔 ${game.interval_seconds} 秒`);
      }
      changes.closing_seconds = body.closingSeconds;
    }
    if (body.ticketStakeMax !== undefined) {
      changes.ticket_stake_max_fen = positiveFen('ticketStakeMax', body.ticketStakeMax);
    }
    if (body.liabilityCap !== undefined) {
      changes.liability_cap_fen =
        body.liabilityCap === null ? null : positiveFen('liabilityCap', body.liabilityCap);
    }
    if (body.playLimits !== undefined) {
      changes.play_limits = JSON.stringify(playLimitsOf(game, body.playLimits));
    }
    const updated = await store.updateGame(deps.db, operator.siteId, game.code, changes, now());
    await deps.audit.record(operator, {
      siteId: operator.siteId,
      action: 'lottery.game',
      target: game.code,
      before: presentGame(game),
      after: presentGame(updated),
      ...(body.reason === '' ? {} : { reason: body.reason }),
    });
    return presentGame(updated);
  }

  const drawOf = async (siteId: number, gameCode: string, issueNo: string) => {
    const draw = await store.findDraw(deps.db, siteId, gameCode, issueNo);
    if (!draw) {
      throw refused(ErrorCode.lotteryIssueUnknown, { issueNo });
    }
    return draw;
  };

  const admin = {
    async games(siteId: number): Promise<AdminLotteryGame[]> {
      return (await store.listGames(deps.db, siteId)).map(presentGame);
    },

    updateGame,

    /** A game's issues with their results and money; seeds of issues not drawn stay hidden. */
    async draws(siteId: number, query: PageRequest & store.DrawSearch & { gameCode: string }) {
      const game = await gameOf(siteId, query.gameCode);
      const page = await store.drawsWithTotalsPage(deps.db, siteId, game.code, query, query);
      return {
        total: page.total,
        list: page.list.map(({ draw, totals }) => ({
          ...presentDraw(draw),
          ticketCount: Number(totals.ticket_count),
          totalStake: formatFen(totals.stake_fen),
          totalPayout: formatFen(totals.payout_fen),
        })),
        pageNum: query.pageNum,
        pageSize: query.pageSize,
      };
    },

    /** An issue's stakes and the numbers it would pay most on. */
    async liability(siteId: number, query: { gameCode: string; issueNo: string; limit: number }) {
      const game = await gameOf(siteId, query.gameCode);
      const draw = await drawOf(siteId, game.code, query.issueNo);
      const { exposures, totals } = await store.issueLiability(deps.db, draw.id, query.limit);
      return {
        draw: presentDraw(draw),
        liabilityCap: game.liability_cap_fen === null ? null : formatFen(game.liability_cap_fen),
        ticketCount: Number(totals.ticket_count),
        totalStake: formatFen(totals.stake_fen),
        exposures: exposures.map(({ exposure, liability_fen }) => ({
          ...describeExposure(exposure),
          liability: formatFen(liability_fen),
        })),
      };
    },

    /** Tickets by member (id, or username: an unknown one finds nothing), game, issue, status and time. */
    async tickets(
      siteId: number,
      query: PageRequest &
        Omit<store.TicketSearch, 'memberId'> & {
          memberId?: number | undefined;
          username?: string | undefined;
        },
    ) {
      const byName = await deps.members.memberIdFilter(siteId, query.username);
      const byId = query.memberId === undefined ? undefined : BigInt(query.memberId);
      const isNobody = byName === null || (byName !== undefined && byId !== undefined && byName !== byId);
      const page = isNobody
        ? { list: [], total: 0 }
        : await store.siteTickets(deps.db, siteId, { ...query, memberId: byName ?? byId }, query);
      const members = await deps.members.summariesOf(siteId, memberIdsOf(page.list));
      return {
        total: page.total,
        list: page.list.map((row) => ({
          ...presentTicket(row),
          memberId: Number(row.member_id),
          username: members.get(row.member_id)?.username ?? null,
          isChase: row.chase_id !== null,
        })),
        pageNum: query.pageNum,
        pageSize: query.pageSize,
      };
    },
  };

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

    /** Runs `tick` every `intervalMs`, one pass at a time, until stopped (`stop` waits for a pass under way). */
    startDrawCycle(options: { intervalMs: number; onError: (error: unknown) => void }) {
      return runEvery(options.intervalMs, tick, options.onError);
    },

    /** The operator console's reads and game settings. */
    admin,
    place,
    startChase,
    chases,
    cancelChase,
    cancelIssue,

    async hall(siteId: number): Promise<LotteryHallGame[]> {
      const at = now();
      const [games, open, latest] = await Promise.all([
        store.listGames(deps.db, siteId),
        store.openDraws(deps.db, siteId, at),
        store.latestDraws(deps.db, siteId, at),
      ]);
      const byGame = (draws: readonly store.DrawRow[]) =>
        new Map(draws.map((draw) => [draw.game_code, draw]));
      const [onSale, drawing, drawn] = [byGame(open), byGame(latest.drawing), byGame(latest.drawn)];
      const presented = (draw: store.DrawRow | undefined) => (draw ? presentDraw(draw) : null);
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
          drawing: presented(drawing.get(game.code)),
          lastResult: presented(drawn.get(game.code)),
        };
      });
    },

    /** A game's plays with the prize of a winning note at each level, as settling pays it. */
    async plays(siteId: number, query: { gameCode: string; unit: LotteryUnit }) {
      const game = await gameOf(siteId, query.gameCode);
      return {
        gameCode: game.code,
        unit: query.unit,
        plays: playIdsOf(game).map((playId) => ({
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

    /** A game's issues, newest first (or the one `issueNo` names), each seed shown once drawn. */
    async results(siteId: number, query: PageRequest & { gameCode: string; issueNo?: string | undefined }) {
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
