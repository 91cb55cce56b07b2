import type {
  SportsbookMarket,
  SportsbookMarketUpdate,
  SportsbookMatch,
  SportsbookMatchEvent,
} from '@site/contract';

/** Which markets a copy of a match holds: every one (the match page) or the main ones (a list). */
export type MarketScope = 'all' | 'main';

/** A copy with an event applied; not complete when only reading the match again can finish it. */
export interface Applied<T> {
  value: T;
  isComplete: boolean;
}

function updatedMarket(market: SportsbookMarket, update: SportsbookMarketUpdate): Applied<SportsbookMarket> {
  const names = new Map(market.selections.map((selection) => [selection.key, selection.name]));
  return {
    value: {
      ...market,
      isMain: update.isMain,
      status: update.status,
      priceVersion: update.priceVersion,
      selections: update.selections.map((selection) => ({
        key: selection.key,
        name: names.get(selection.key) ?? '',
        odds: selection.odds,
      })),
    },
    // A pick the copy never had has no name here.
    isComplete: update.selections.every((selection) => names.has(selection.key)),
  };
}

/**
 * A cached match with a pushed event applied: the scoreboard as the event has it, each market it
 * names at its new prices and status, closed ones gone. An event names markets by key only, so
 * a market the copy lacks (a new line, a line that became the main one), a new pick or a new
 * status of the match (kick-off, result) leaves the copy incomplete: the caller reads it again.
 * An update older than the copy's price (the copy was read after it) is left out.
 */
export function applyMatchEvent(
  match: SportsbookMatch,
  event: SportsbookMatchEvent,
  scope: MarketScope,
): Applied<SportsbookMatch> {
  const updates = new Map(event.markets.map((update) => [update.key, update]));
  const closed = new Set(event.closedMarketKeys);
  let isComplete = event.status === match.status;
  const markets: SportsbookMarket[] = [];
  for (const market of match.markets) {
    const update = updates.get(market.key);
    updates.delete(market.key);
    if (closed.has(market.key) || (scope === 'main' && update?.isMain === false)) {
      continue;
    }
    if (!update || update.priceVersion < market.priceVersion) {
      markets.push(market);
      continue;
    }
    const applied = updatedMarket(market, update);
    isComplete &&= applied.isComplete;
    markets.push(applied.value);
  }
  const isMissingMarket = [...updates.values()].some(
    (update) => update.status !== 'closed' && (scope === 'all' || update.isMain),
  );
  return {
    value: {
      ...match,
      status: event.status,
      phase: event.phase,
      clock: event.clock,
      score: event.score,
      halfTimeScore: event.halfTimeScore,
      isSuspended: event.isSuspended,
      markets,
    },
    isComplete: isComplete && !isMissingMarket,
  };
}

/** A cached list of matches with a board's events applied to the matches it holds. */
export function applyBoardEvents<T extends { list: SportsbookMatch[] }>(
  page: T,
  events: readonly SportsbookMatchEvent[],
): Applied<T> {
  const byMatch = new Map(events.map((event) => [event.matchId, event]));
  let isComplete = true;
  const list = page.list.map((match) => {
    const event = byMatch.get(match.matchId);
    if (!event) {
      return match;
    }
    const applied = applyMatchEvent(match, event, 'main');
    isComplete &&= applied.isComplete;
    return applied.value;
  });
  return { value: { ...page, list }, isComplete };
}
