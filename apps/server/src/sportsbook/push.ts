import {
  FeedMsgId,
  type Fen,
  formatFen,
  formatOddsValue,
  type SportsbookBetEvent,
  type SportsbookBetStatus,
  type SportsbookBoardEvent,
  type SportsbookMarketUpdate,
  type SportsbookMatchChange,
  type SportsbookMatchEvent,
  type SportsbookSport,
  sportsbookBoardTopic,
  sportsbookMatchChanges,
  sportsbookMatchTopic,
} from '@site/contract';
import type { FixtureNow } from './feed-state.ts';
import type * as store from './store.ts';

/**
 * Where the sportsbook's live events go: a match's public topic, its sport's board topic and a
 * member's own sockets (the socket gateway's topics, wired in the composition root).
 */
export interface SportsbookEventsPort {
  publishMatch(event: SportsbookMatchEvent): Promise<void>;
  publishBoard(event: SportsbookBoardEvent): Promise<void>;
  publishBet(memberId: bigint, event: SportsbookBetEvent): Promise<void>;
}

/** What the gateway offers a domain that publishes (its `publish` and `publishToMember`). */
export interface TopicPublisher {
  publish(topic: string, msgId: number, msgData: unknown): Promise<void>;
  publishToMember(memberId: bigint, msgId: number, msgData: unknown): Promise<void>;
}

/** The events port over the socket gateway: feed frames `{ topic, data }`, a member's bet as it is. */
export function socketEventsPort(publisher: TopicPublisher): SportsbookEventsPort {
  return {
    publishMatch: (event) => {
      const topic = sportsbookMatchTopic(event.matchId);
      return publisher.publish(topic, FeedMsgId.sportsbookMatch, { topic, data: event });
    },
    publishBoard: (event) => {
      const topic = sportsbookBoardTopic(event.sport);
      return publisher.publish(topic, FeedMsgId.sportsbookBoard, { topic, data: event });
    },
    publishBet: (memberId, event) => publisher.publishToMember(memberId, FeedMsgId.sportsbookBet, event),
  };
}

/** A fixture the feed pass wrote: the row before, the feed's state now and the markets written. */
export interface FixtureWritten {
  before: store.FixtureRow;
  state: FixtureNow;
  known: ReadonlyMap<string, store.MarketRow>;
  changed: readonly store.NewMarket[];
  closing: readonly Pick<store.NewMarket, 'market_key'>[];
}

const sameScore = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

function changesOf({ before, state, known, changed, closing }: FixtureWritten): SportsbookMatchChange[] {
  const isRepriced = changed.some((market) => {
    const was = known.get(market.market_key);
    return was !== undefined && was.price_version !== market.price_version;
  });
  const isReshaped =
    closing.length > 0 ||
    changed.some((market) => {
      const was = known.get(market.market_key);
      return was === undefined || was.status !== market.status || was.is_main !== market.is_main;
    });
  const flags: Record<SportsbookMatchChange, boolean> = {
    status: before.status !== state.status,
    score:
      before.score_home !== state.score.home ||
      before.score_away !== state.score.away ||
      !sameScore(before.half_time_score, state.halfTimeScore),
    clock: before.phase !== state.phase || before.clock_text !== state.clockText,
    suspended: !before.is_suspended && state.isSuspended,
    reopened: before.is_suspended && !state.isSuspended,
    prices: isRepriced,
    markets: isReshaped,
  };
  return (Object.keys(flags) as SportsbookMatchChange[]).filter((change) => flags[change]);
}

function marketUpdatesOf(state: FixtureNow, changed: readonly store.NewMarket[]): SportsbookMarketUpdate[] {
  const priced = new Map(state.book.map((market) => [market.key, market]));
  return changed.map((market) => ({
    key: market.market_key,
    isMain: market.is_main,
    status: market.status ?? 'open',
    priceVersion: market.price_version ?? 1,
    selections: (priced.get(market.market_key)?.selections ?? []).map((selection) => ({
      key: selection.key,
      odds: formatOddsValue(selection.oddsE4, 2),
    })),
  }));
}

/** The match event of what one feed pass wrote of a fixture. */
export function matchEventOf(written: FixtureWritten): SportsbookMatchEvent {
  const { before, state } = written;
  return {
    matchId: before.id,
    sport: before.sport,
    status: state.status,
    phase: state.phase,
    clock: state.clockText,
    score: state.score,
    halfTimeScore: state.halfTimeScore,
    isSuspended: state.isSuspended,
    changes: changesOf(written),
    markets: marketUpdatesOf(state, written.changed),
    closedMarketKeys: written.closing.map((market) => market.market_key),
  };
}

/** The same event as a board shows it: its main markets, and those that stopped being main. */
function boardEntryOf(event: SportsbookMatchEvent, known: ReadonlyMap<string, store.MarketRow>) {
  const wasMain = (key: string) => known.get(key)?.is_main === true;
  return {
    ...event,
    markets: event.markets.filter((market) => market.isMain || wasMain(market.key)),
    closedMarketKeys: event.closedMarketKeys.filter(wasMain),
  };
}

/**
 * Two events of one match as one, the later's state winning: a pass that failed midway leaves
 * its board entries for the next pass's board event.
 */
function mergedEntry(earlier: SportsbookMatchEvent | undefined, later: SportsbookMatchEvent) {
  if (!earlier) {
    return later;
  }
  const markets = new Map([...earlier.markets, ...later.markets].map((market) => [market.key, market]));
  const closed = new Set([...earlier.closedMarketKeys, ...later.closedMarketKeys]);
  return {
    ...later,
    changes: sportsbookMatchChanges.filter(
      (change) => earlier.changes.includes(change) || later.changes.includes(change),
    ),
    markets: [...markets.values()].filter((market) => !later.closedMarketKeys.includes(market.key)),
    closedMarketKeys: [...closed].filter((key) => !later.markets.some((market) => market.key === key)),
  };
}

/**
 * Publishes the feed's events without holding the feed pass up: each publish runs on its own,
 * and a failure (the pub/sub down, say) goes to the error handler and is otherwise dropped;
 * clients read the routes again while their socket feed is not live.
 */
export function createSportsbookPush(port: SportsbookEventsPort | undefined) {
  let reportError: (error: unknown) => void = () => undefined;
  /** The board entries of the pass under way, by sport and match. */
  const boards = new Map<SportsbookSport, Map<string, SportsbookMatchEvent>>();

  const fire = (send: (target: SportsbookEventsPort) => Promise<void>) => {
    if (!port) {
      return;
    }
    try {
      send(port).catch(reportError);
    } catch (error) {
      reportError(error);
    }
  };

  const betClosed = (bet: store.BetRow, betId: string, status: SportsbookBetStatus, payoutFen: Fen | null) =>
    fire((target) =>
      target.publishBet(bet.member_id, {
        betId,
        slipId: bet.slip_id,
        status,
        payout: payoutFen === null ? null : formatFen(payoutFen),
      }),
    );

  return {
    /** Where publish failures go (the node's log); until set, they are dropped. */
    reportErrorsTo(handler: (error: unknown) => void) {
      reportError = handler;
    },

    /** A fixture the pass wrote: its event now on its topic; on its board's once the pass is through. */
    fixtureWritten(written: FixtureWritten) {
      fire((target) => {
        const event = matchEventOf(written);
        const board = boards.get(event.sport) ?? new Map<string, SportsbookMatchEvent>();
        board.set(event.matchId, mergedEntry(board.get(event.matchId), boardEntryOf(event, written.known)));
        boards.set(event.sport, board);
        return target.publishMatch(event);
      });
    },

    /** One board event per sport for the fixtures the pass wrote. */
    publishBoards() {
      const pending = [...boards.entries()];
      boards.clear();
      for (const [sport, matches] of pending) {
        fire((target) => target.publishBoard({ sport, matches: [...matches.values()] }));
      }
    },

    /** A match cancelled by staff: its markets closed, its bets voided by the next pass. */
    matchCancelled(row: store.FixtureRow) {
      const event: SportsbookMatchEvent = {
        matchId: row.id,
        sport: row.sport,
        status: row.status,
        phase: row.phase,
        clock: row.clock_text,
        score: { home: row.score_home, away: row.score_away },
        halfTimeScore: row.half_time_score,
        isSuspended: row.is_suspended,
        changes: ['status', 'markets'],
        markets: [],
        closedMarketKeys: [],
      };
      fire((target) => target.publishMatch(event));
      fire((target) => target.publishBoard({ sport: row.sport, matches: [event] }));
    },

    /** Bets paid or voided: each to its member's sockets. */
    betsSettled(
      bets: readonly store.BetRow[],
      closes: readonly store.BetClose[],
      betIdOf: (id: bigint) => string,
    ) {
      const byId = new Map(bets.map((bet) => [bet.id, bet]));
      for (const close of closes) {
        const bet = byId.get(close.id);
        if (bet) {
          betClosed(bet, betIdOf(bet.id), close.status, close.payoutFen);
        }
      }
    },

    /** A bet not accepted (in-play delay, or its node stopped): its stake came back. */
    betRejected(bet: store.BetRow, betIdOf: (id: bigint) => string) {
      betClosed(bet, betIdOf(bet.id), 'rejected', null);
    },
  };
}

export type SportsbookPush = ReturnType<typeof createSportsbookPush>;
