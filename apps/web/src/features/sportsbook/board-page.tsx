import type { SportsbookMatch } from '@site/contract';
import { Link } from 'react-router';
import { useSportsbookMatches } from './api.ts';
import { BoardTabs, LeagueList, SportsbookFrame, useBoardParams } from './frame.tsx';
import { useLiveBoard } from './live-feed.ts';
import { LoadFailed, Loading, MatchClock, OddsButton, useIsWide } from './parts.tsx';
import { type SportsbookScope, sportsbookPaths } from './sportsbook-paths.ts';
import { sportsbookText as text } from './sportsbook-text.ts';

const mainKinds = ['match_result', 'asian_handicap', 'over_under'] as const;

/** The match's main market of a kind (full time first), if it has one. */
const mainMarketOf = (match: SportsbookMatch, kind: (typeof mainKinds)[number]) =>
  match.markets.find((market) => market.kind === kind && market.key.includes(':full_time')) ??
  match.markets.find((market) => market.kind === kind);

function MatchRow({ match, scope }: { match: SportsbookMatch; scope: SportsbookScope }) {
  const hasScore = match.status !== 'scheduled';
  return (
    <li className="sb-match" data-testid="sb-match">
      <Link className="sb-match__head" to={sportsbookPaths(scope).match(match.matchId)}>
        <MatchClock match={match} />
        <span className="sb-match__teams">
          <span className="sb-match__team">
            {match.home}
            {hasScore ? <strong className="sb-match__score">{match.score.home}</strong> : null}
          </span>
          <span className="sb-match__team">
            {match.away}
            {hasScore ? <strong className="sb-match__score">{match.score.away}</strong> : null}
          </span>
        </span>
        <span className="sb-match__more">{match.isSuspended ? text.suspended : '›'}</span>
      </Link>
      <div className="sb-match__markets">
        {mainKinds.map((kind, index) => {
          const market = mainMarketOf(match, kind);
          return (
            <div key={kind} className="sb-match__market">
              <span className="sb-match__market-name">{market?.name ?? text.mainMarkets[index]}</span>
              {market ? (
                market.selections.map((selection) => (
                  <OddsButton
                    key={selection.key}
                    match={match}
                    market={market}
                    selectionKey={selection.key}
                  />
                ))
              ) : (
                <span className="sb-match__none">-</span>
              )}
            </div>
          );
        })}
      </div>
    </li>
  );
}

/** Matches by league, in the order the server gave them (by kick-off). */
function leagueGroups(matches: readonly SportsbookMatch[]) {
  const groups = new Map<string, { name: string; matches: SportsbookMatch[] }>();
  for (const match of matches) {
    const group = groups.get(match.leagueCode) ?? { name: match.leagueName, matches: [] };
    group.matches.push(match);
    groups.set(match.leagueCode, group);
  }
  return [...groups.entries()];
}

function MatchList({ scope }: { scope: SportsbookScope }) {
  const { filter, sport, leagueCode } = useBoardParams(scope);
  const isLive = useLiveBoard(sport);
  const { data, isPending, isError, refetch } = useSportsbookMatches(filter, sport, leagueCode, isLive);
  if (isPending) {
    return <Loading />;
  }
  if (isError) {
    return <LoadFailed onRetry={() => void refetch()} />;
  }
  if (data.list.length === 0) {
    return <p className="sb-state">{text.noMatches}</p>;
  }
  return (
    <div className="sb-groups">
      {leagueGroups(data.list).map(([code, group]) => (
        <section key={code} className="sb-group" aria-label={group.name}>
          <h2 className="sb-group__name">{group.name}</h2>
          <ul className="sb-group__matches">
            {group.matches.map((match) => (
              <MatchRow key={match.matchId} match={match} scope={scope} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

/** `/game/sport/book`, `/game/gaming/book`: 滚球 / 今日 / 早盘 lists by league with their main markets. */
export function SportsbookBoardPage({ scope }: { scope: SportsbookScope }) {
  const isWide = useIsWide();
  return (
    <SportsbookFrame scope={scope}>
      <BoardTabs scope={scope} />
      {isWide ? null : <LeagueList scope={scope} variant="chips" />}
      <MatchList scope={scope} />
    </SportsbookFrame>
  );
}
