import {
  type Fen,
  formatFen,
  parseYuan,
  type SportsbookBookSettings,
  sportsbookMarketKinds,
  sportsbookSports,
} from '@site/contract';
import type { BookMargins, MarketKind } from './book.ts';
import type { SportsbookSettings } from './service.ts';

/**
 * The part of the book's settings staff set in the console (GAMES.md sections 1 and 2: margins
 * and limits are the operator's), as the contract spells it, and the whole settings with it. A
 * margin keeps the way it is laid on its market kind (multiplicative, or power for correct score
 * and 半全场); only its size is set.
 */

/** Every market kind the book prices, as the contract lists them. */
const marketKinds: readonly MarketKind[] = sportsbookMarketKinds;

const fenOf = (yuan: string): Fen => {
  const amountFen = parseYuan(yuan);
  if (amountFen === undefined) {
    throw new Error(`sportsbook settings: ${yuan} is no amount`);
  }
  return amountFen;
};

const byKind = <T, U>(values: Readonly<Record<MarketKind, T>>, map: (value: T) => U) =>
  Object.fromEntries(marketKinds.map((kind) => [kind, map(values[kind])])) as Record<MarketKind, U>;

export function bookSettingsOf(settings: SportsbookSettings): SportsbookBookSettings {
  return {
    marginBps: byKind(settings.feed.margins, (margin) => Math.round(margin.margin * 10_000)),
    stakeMin: formatFen(settings.stakeMinFen),
    stakeMax: byKind(settings.stakeMaxFen, formatFen),
    parlayStakeMax: formatFen(settings.parlayStakeMaxFen),
    memberMarketStakeMax: formatFen(settings.memberMarketStakeMaxFen),
    marketExposureMax: formatFen(settings.liability.marketExposureMaxFen),
    acceptDelaySeconds: Object.fromEntries(
      sportsbookSports.map((sport) => [sport, Math.round(settings.acceptDelayMs[sport] / 1_000)]),
    ) as SportsbookBookSettings['acceptDelaySeconds'],
  };
}

export function withBookSettings(base: SportsbookSettings, set: SportsbookBookSettings): SportsbookSettings {
  const margins: BookMargins = Object.fromEntries(
    marketKinds.map((kind) => [kind, { ...base.feed.margins[kind], margin: set.marginBps[kind] / 10_000 }]),
  ) as BookMargins;
  return {
    ...base,
    feed: { ...base.feed, margins },
    stakeMinFen: fenOf(set.stakeMin),
    stakeMaxFen: byKind(set.stakeMax, fenOf),
    parlayStakeMaxFen: fenOf(set.parlayStakeMax),
    memberMarketStakeMaxFen: fenOf(set.memberMarketStakeMax),
    acceptDelayMs: Object.fromEntries(
      sportsbookSports.map((sport) => [sport, set.acceptDelaySeconds[sport] * 1_000]),
    ) as SportsbookSettings['acceptDelayMs'],
    liability: { ...base.liability, marketExposureMaxFen: fenOf(set.marketExposureMax) },
  };
}
