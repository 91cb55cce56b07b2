import { type OddsFormat, oddsFormats, type SportsbookMarket, type SportsbookMatch } from '@site/contract';
import { LockOutline } from 'antd-mobile-icons';
import { useSyncExternalStore } from 'react';
import { formatShanghaiTime } from '../../lib/time.ts';
import { isSameLeg, legOf, shownOdds } from './slip.ts';
import { setOddsFormat, slipStore, useOddsFormat, useSlipLegs } from './slip-store.ts';
import { sportsbookText as text } from './sportsbook-text.ts';

/** `11/22 20:00` in Beijing time. */
export const kickOffText = (iso: string) => formatShanghaiTime(iso).slice(5, 16);

const wideQuery = '(min-width: 1024px)';

/** The desktop sportsbook's three columns (leagues, matches, slip) from 1024px on. */
export function useIsWide(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(wideQuery);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(wideQuery).matches,
  );
}

/** A price button: taps add the pick to the slip (or take it off); a suspended market is locked. */
export function OddsButton({
  match,
  market,
  selectionKey,
  label,
}: {
  match: SportsbookMatch;
  market: SportsbookMarket;
  selectionKey: string;
  /** What the button says above the price; the pick's own name by default. */
  label?: string;
}) {
  const format = useOddsFormat();
  const legs = useSlipLegs();
  const selection = market.selections.find((candidate) => candidate.key === selectionKey);
  if (!selection) {
    return null;
  }
  const isLocked = market.status !== 'open' || match.isSuspended || match.status === 'finished';
  const isPicked = legs.some((leg) => isSameLeg(leg, { matchId: match.matchId, selectionKey }));
  const odds = shownOdds(selection.odds, format);
  const name = label ?? selection.name;
  return (
    <button
      type="button"
      className={`sb-odds${isPicked ? ' is-picked' : ''}${isLocked ? ' is-locked' : ''}`}
      aria-pressed={isPicked}
      disabled={isLocked}
      aria-label={
        isLocked
          ? `${match.home} ${match.away} ${market.name} ${selection.name} ${text.locked}`
          : `${match.home} ${match.away} ${market.name} ${selection.name} ${odds}`
      }
      onClick={() => slipStore.toggle(legOf(match, market, selectionKey))}
    >
      <span className="sb-odds__name">{name}</span>
      {isLocked ? (
        <LockOutline className="sb-odds__lock" aria-hidden="true" />
      ) : (
        <span className={`sb-odds__price${odds.startsWith('-') ? ' is-negative' : ''}`}>{odds}</span>
      )}
    </button>
  );
}

/** Score and clock of a match in play, its kick-off before. */
export function MatchClock({ match }: { match: SportsbookMatch }) {
  if (match.status === 'live' || match.status === 'finished') {
    return (
      <span className="sb-clock">
        {match.status === 'live' ? <span className="sb-clock__live">{text.live}</span> : null}
        <span className="sb-clock__time">{match.clock ?? ''}</span>
      </span>
    );
  }
  return <span className="sb-clock sb-clock__time">{kickOffText(match.kickOffAt)}</span>;
}

export function OddsFormatSwitch() {
  const format = useOddsFormat();
  return (
    <label className="sb-format">
      <span className="sb-format__label">{text.oddsFormatLabel}</span>
      <select
        className="sb-format__select"
        value={format}
        onChange={(event) => setOddsFormat(event.target.value as OddsFormat)}
      >
        {oddsFormats.map((option) => (
          <option key={option} value={option}>
            {text.oddsFormats[option]}
          </option>
        ))}
      </select>
    </label>
  );
}

export function Loading() {
  return (
    <p className="sb-state" role="status">
      {text.loading}
    </p>
  );
}

export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="sb-state" role="alert">
      <p>{text.loadFailed}</p>
      <button type="button" className="sb-button" onClick={onRetry}>
        {text.retry}
      </button>
    </div>
  );
}
