import type { SportsbookMarket } from '@site/contract';
import { useParams } from 'react-router';
import { useSportsbookMatch } from './api.ts';
import { SportsbookFrame } from './frame.tsx';
import { useLiveMatch } from './live-feed.ts';
import { kickOffText, LoadFailed, Loading, OddsButton } from './parts.tsx';
import type { SportsbookScope } from './sportsbook-paths.ts';
import { sportsbookText as text } from './sportsbook-text.ts';

/** Markets under their names (让球 holds each of its lines), in the server's order. */
function marketGroups(markets: readonly SportsbookMarket[]) {
  const groups = new Map<string, SportsbookMarket[]>();
  for (const market of markets) {
    groups.set(market.name, [...(groups.get(market.name) ?? []), market]);
  }
  // Lines of a market in order: 让球 from the home side's biggest start, 大小 by total.
  const byLine = (a: SportsbookMarket, b: SportsbookMarket) =>
    a.line === null || b.line === null ? 0 : Number(a.line) - Number(b.line);
  return [...groups.entries()].map(([name, markets]) => [name, markets.toSorted(byLine)] as const);
}

function MatchBody({ matchId }: { matchId: string }) {
  const isLive = useLiveMatch(matchId);
  const { data: match, isPending, isError, refetch } = useSportsbookMatch(matchId, isLive);
  if (isPending) {
    return <Loading />;
  }
  if (isError) {
    return <LoadFailed onRetry={() => void refetch()} />;
  }
  const hasScore = match.status !== 'scheduled';
  return (
    <>
      <section className="sb-scoreboard" aria-label={`${match.home} ${text.vs} ${match.away}`}>
        <p className="sb-scoreboard__league">{match.leagueName}</p>
        <div className="sb-scoreboard__row">
          <span className="sb-scoreboard__team">{match.home}</span>
          <span className="sb-scoreboard__score" data-testid="sb-score">
            {hasScore ? `${match.score.home} - ${match.score.away}` : text.vs}
          </span>
          <span className="sb-scoreboard__team">{match.away}</span>
        </div>
        <p className="sb-scoreboard__clock">
          {match.status === 'live' ? <span className="sb-clock__live">{text.live}</span> : null}
          {match.status === 'scheduled'
            ? `${kickOffText(match.kickOffAt)} ${text.kickOff}`
            : (match.clock ?? '')}
          {match.halfTimeScore
            ? ` · ${text.halfTime(match.halfTimeScore.home, match.halfTimeScore.away)}`
            : ''}
          {match.isSuspended ? ` · ${text.suspended}` : ''}
        </p>
      </section>
      {match.markets.length === 0 ? <p className="sb-state">{text.noMarkets}</p> : null}
      {marketGroups(match.markets).map(([name, markets]) => (
        <section key={name} className="sb-market" aria-label={name}>
          <h2 className="sb-market__name">
            {name}
            {markets.every((market) => market.status !== 'open') ? (
              <span className="sb-market__locked">{text.suspended}</span>
            ) : null}
          </h2>
          {markets.map((market) => (
            <div
              key={market.key}
              className={`sb-market__line${market.selections.length > 3 ? ' sb-market__line--grid' : ''}`}
            >
              {market.selections.map((selection) => (
                <OddsButton key={selection.key} match={match} market={market} selectionKey={selection.key} />
              ))}
            </div>
          ))}
        </section>
      ))}
    </>
  );
}

/** `/game/sport/book/match/:matchId`: the live score and every market of one match. */
export function SportsbookMatchPage({ scope }: { scope: SportsbookScope }) {
  const { matchId = '' } = useParams();
  return (
    <SportsbookFrame scope={scope} hasLeagues={false}>
      <MatchBody matchId={matchId} />
    </SportsbookFrame>
  );
}
