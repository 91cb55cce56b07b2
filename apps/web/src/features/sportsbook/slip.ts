/**
 * The bet slip's pure logic: which picks it holds, whether they make a 串关, and what a stake may
 * return. Prices travel as decimal odds ("1.95"); a single is shown and placed in the member's odds
 * format, so its amounts come from the contract's `betAmountsOf` on the 2-place display.
 */
import {
  betAmountsOf,
  displayOddsE4,
  type Fen,
  fen,
  formatOddsValue,
  type OddsFormat,
  oddsE4OfText,
  oddsE4One,
  parlayPotentialReturn,
  parseYuan,
  type SportsbookMarket,
  type SportsbookMatch,
  sportsbookLegCountMax,
  sportsbookParlayCaps,
  systemCombinations,
  systemTicketCount,
} from '@site/contract';

export interface SlipLeg {
  readonly matchId: string;
  readonly home: string;
  readonly away: string;
  readonly isLive: boolean;
  readonly marketKey: string;
  readonly marketName: string;
  readonly selectionKey: string;
  readonly selectionName: string;
  /** Decimal odds as last seen, e.g. "1.95". */
  readonly odds: string;
}

export function legOf(match: SportsbookMatch, market: SportsbookMarket, selectionKey: string): SlipLeg {
  const selection = market.selections.find((candidate) => candidate.key === selectionKey);
  if (!selection) {
    throw new RangeError(`no selection ${selectionKey} in ${market.key}`);
  }
  return {
    matchId: match.matchId,
    home: match.home,
    away: match.away,
    isLive: match.status === 'live',
    marketKey: market.key,
    marketName: market.name,
    selectionKey: selection.key,
    selectionName: selection.name,
    odds: selection.odds,
  };
}

export const isSameLeg = (a: SlipLeg, b: Pick<SlipLeg, 'matchId' | 'selectionKey'>) =>
  a.matchId === b.matchId && a.selectionKey === b.selectionKey;

/**
 * Tapping a price: the same pick again takes it off; another pick of the same market replaces
 * the one there; otherwise it joins the slip, up to the engine's 8 legs.
 */
export function toggleLeg(legs: readonly SlipLeg[], leg: SlipLeg): SlipLeg[] {
  if (legs.some((existing) => isSameLeg(existing, leg))) {
    return legs.filter((existing) => !isSameLeg(existing, leg));
  }
  const sameMarket = legs.findIndex(
    (existing) => existing.matchId === leg.matchId && existing.marketKey === leg.marketKey,
  );
  if (sameMarket >= 0) {
    return legs.map((existing, index) => (index === sameMarket ? leg : existing));
  }
  if (legs.length >= sportsbookLegCountMax) {
    return [...legs];
  }
  return [...legs, leg];
}

export function removeLeg(legs: readonly SlipLeg[], leg: Pick<SlipLeg, 'matchId' | 'selectionKey'>) {
  return legs.filter((existing) => !isSameLeg(existing, leg));
}

/** Takes the server's newer price into the slip (after 赔率已变化). */
export function withOdds(legs: readonly SlipLeg[], matchId: string, selectionKey: string, odds: string) {
  return legs.map((leg) => (isSameLeg(leg, { matchId, selectionKey }) ? { ...leg, odds } : leg));
}

/** 串关 needs 2 to 8 legs, each of a different match (GAMES.md 2.2). */
export function canParlay(legs: readonly SlipLeg[]): boolean {
  const matches = new Set(legs.map((leg) => leg.matchId));
  return legs.length >= 2 && legs.length <= sportsbookLegCountMax && matches.size === legs.length;
}

export function systemName(legCount: number): string {
  return `${legCount}串${systemTicketCount(legCount)}`;
}

/** The price as the member reads it: the 2-place display in `format`. */
export function shownOdds(odds: string, format: OddsFormat): string {
  return formatOddsValue(displayOddsE4(oddsE4OfText(odds), format), 2);
}

/** A single: what it puts at risk and returns (stake included) if it wins, in fen. */
export function singleAmounts(stakeFen: Fen, odds: string, format: OddsFormat) {
  const { riskFen, winFen } = betAmountsOf(stakeFen, displayOddsE4(oddsE4OfText(odds), format), format);
  return { riskFen, returnFen: fen(riskFen + winFen) };
}

/** N串1 if every leg wins: what the slip risks and returns, capped as the engine caps a ticket. */
export function parlayAmounts(stakeFen: Fen, legs: readonly SlipLeg[]) {
  const odds = legs.map((leg) => oddsE4OfText(leg.odds));
  return { riskFen: stakeFen, returnFen: parlayPotentialReturn(stakeFen, odds, sportsbookParlayCaps) };
}

/** M串N if every leg wins: each combination of 2+ legs is a ticket of `stakeFen`, capped alone. */
export function systemAmounts(stakeFen: Fen, legs: readonly SlipLeg[]) {
  const odds = legs.map((leg) => oddsE4OfText(leg.odds));
  const returnFen = systemCombinations(odds.length).reduce(
    (total, combination) =>
      total +
      parlayPotentialReturn(
        stakeFen,
        combination.map((index) => odds[index] ?? oddsE4One),
        sportsbookParlayCaps,
      ),
    0n,
  );
  return { riskFen: fen(stakeFen * BigInt(systemTicketCount(odds.length))), returnFen: fen(returnFen) };
}

/** A stake typed by the member, in fen; undefined unless a positive yuan amount. */
export function stakeFenOf(text: string): Fen | undefined {
  const value = parseYuan(text.trim());
  return value !== undefined && value > 0n ? value : undefined;
}

/** A slip id for the idempotent placement: the same id is sent again on a retry. */
export function newSlipId(): string {
  return `sb-${crypto.randomUUID().replaceAll('-', '')}`.slice(0, 40);
}
