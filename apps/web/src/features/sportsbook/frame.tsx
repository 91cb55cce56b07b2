import type { SportsbookMatchFilter, SportsbookSport } from '@site/contract';
import { type ReactNode, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ResponsiveSheet } from '../../lib/responsive-sheet.tsx';
import { useIsSignedIn } from '../../lib/session.ts';
import { WalletBalance } from '../../lib/wallet-balance.tsx';
import { useSportsbookLeagues } from './api.ts';
import { useLaunchedVenue } from './launched-venue.ts';
import { OddsFormatSwitch, useIsWide } from './parts.tsx';
import { SlipPanel } from './slip-panel.tsx';
import { useSlipLegs } from './slip-store.ts';
import { type SportsbookScope, scopeSports, sportsbookPaths } from './sportsbook-paths.ts';
import { sportsbookText as text } from './sportsbook-text.ts';
import './sportsbook.css';

/** The list's choices, kept in the address so a list can be shared and survives going back. */
export function useBoardParams(scope: SportsbookScope) {
  const [params, setParams] = useSearchParams();
  const sports = scopeSports[scope];
  const filterParam = params.get('filter');
  const filter: SportsbookMatchFilter =
    filterParam === 'live' || filterParam === 'early' ? filterParam : 'today';
  const sportParam = params.get('sport');
  const sport: SportsbookSport = sports.find((candidate) => candidate === sportParam) ?? sports[0];
  const leagueCode = params.get('league') ?? undefined;
  const update = (patch: {
    filter?: SportsbookMatchFilter;
    sport?: SportsbookSport;
    league?: string | null;
  }) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(patch)) {
      if (value === null || value === undefined) {
        next.delete(key);
      } else {
        next.set(key, value);
      }
    }
    setParams(next, { replace: true });
  };
  return { filter, sport, leagueCode, update };
}

/** The leagues of the chosen sport with how many matches the chosen list holds. */
export function LeagueList({ scope, variant }: { scope: SportsbookScope; variant: 'column' | 'chips' }) {
  const { filter, sport, leagueCode, update } = useBoardParams(scope);
  const leagues = useSportsbookLeagues().data?.find((entry) => entry.sport === sport)?.leagues ?? [];
  const countOf = (league: (typeof leagues)[number]) =>
    filter === 'live' ? league.liveCount : filter === 'today' ? league.todayCount : league.earlyCount;
  return (
    <nav className={`sb-leagues sb-leagues--${variant}`} aria-label={text.leaguesLabel}>
      <ul>
        <li>
          <button
            type="button"
            className="sb-leagues__item"
            aria-pressed={leagueCode === undefined}
            onClick={() => update({ league: null })}
          >
            {text.allLeagues}
          </button>
        </li>
        {leagues.map((league) => (
          <li key={league.code}>
            <button
              type="button"
              className="sb-leagues__item"
              aria-pressed={leagueCode === league.code}
              onClick={() => update({ league: league.code })}
            >
              <span>{league.name}</span>
              <span className="sb-leagues__count">{countOf(league)}</span>
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** 滚球 / 今日 / 早盘 with the counts of the chosen sport, and the sports of the scope. */
export function BoardTabs({ scope }: { scope: SportsbookScope }) {
  const { filter, sport, update } = useBoardParams(scope);
  const catalogue = useSportsbookLeagues().data;
  const leagues = catalogue?.find((entry) => entry.sport === sport)?.leagues ?? [];
  const total = (pick: 'liveCount' | 'todayCount' | 'earlyCount') =>
    leagues.reduce((sum, league) => sum + league[pick], 0);
  const counts = { live: total('liveCount'), today: total('todayCount'), early: total('earlyCount') };
  const sports = scopeSports[scope];
  return (
    <div className="sb-tabs-bar">
      {sports.length > 1 ? (
        <fieldset className="sb-sports" aria-label={text.sportsLabel}>
          {sports.map((option) => (
            <button
              key={option}
              type="button"
              className="sb-sports__item"
              aria-pressed={option === sport}
              onClick={() => update({ sport: option, league: null })}
            >
              {catalogue?.find((entry) => entry.sport === option)?.name ?? option}
            </button>
          ))}
        </fieldset>
      ) : null}
      <fieldset className="sb-tabs" aria-label={text.filtersLabel}>
        {(['live', 'today', 'early'] as const).map((option) => (
          <button
            key={option}
            type="button"
            className="sb-tabs__item"
            aria-pressed={option === filter}
            onClick={() => update({ filter: option, league: null })}
          >
            {text.filters[option]}
            <span className="sb-tabs__count">{catalogue ? counts[option] : ''}</span>
          </button>
        ))}
      </fieldset>
    </div>
  );
}

/**
 * The sportsbook's frame: on a phone one column with the slip in a sheet behind a floating bar;
 * from 1024px three columns, leagues, the page and the slip.
 */
export function SportsbookFrame({
  scope,
  children,
  hasLeagues = true,
}: {
  scope: SportsbookScope;
  children: ReactNode;
  hasLeagues?: boolean;
}) {
  const isWide = useIsWide();
  const legs = useSlipLegs();
  const [isSlipOpen, setSlipOpen] = useState(false);
  const paths = sportsbookPaths(scope);
  const isSignedIn = useIsSignedIn();
  const venue = useLaunchedVenue(scope);
  return (
    <div className={`sb-page${isWide ? ' sb-page--wide' : ''}`}>
      <div className="sb-toolbar">
        {venue ? (
          <span className="sb-toolbar__venue" data-testid="sb-venue">
            {venue.name}
          </span>
        ) : null}
        <OddsFormatSwitch />
        {isSignedIn ? (
          <span className="sb-toolbar__balance" data-testid="sb-balance">
            <WalletBalance size="small" />
          </span>
        ) : null}
        <Link className="sb-link sb-toolbar__bets" to={paths.bets}>
          {text.myBets}
        </Link>
      </div>
      <div className={`sb-columns${hasLeagues ? '' : ' sb-columns--no-leagues'}`}>
        {isWide && hasLeagues ? (
          <aside className="sb-columns__leagues">
            <LeagueList scope={scope} variant="column" />
          </aside>
        ) : null}
        <div className="sb-columns__main">{children}</div>
        {isWide ? (
          <aside className="sb-columns__slip">
            <SlipPanel venueCode={venue?.code} />
          </aside>
        ) : null}
      </div>
      {isWide ? null : (
        <>
          {legs.length > 0 ? (
            <button type="button" className="sb-slip-bar" onClick={() => setSlipOpen(true)}>
              {text.openSlip(legs.length)}
            </button>
          ) : null}
          <ResponsiveSheet
            title={text.slip}
            visible={isSlipOpen && legs.length > 0}
            onClose={() => setSlipOpen(false)}
          >
            <SlipPanel isInSheet venueCode={venue?.code} />
          </ResponsiveSheet>
        </>
      )}
    </div>
  );
}
