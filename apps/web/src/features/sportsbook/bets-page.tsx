import type { SportsbookBetView } from '@site/contract';
import { useState } from 'react';
import { formatShanghaiTime } from '../../lib/time.ts';
import { useSportsbookBets } from './api.ts';
import { CashOutAction } from './cash-out.tsx';
import { SportsbookFrame } from './frame.tsx';
import { useLiveBets } from './live-feed.ts';
import { LoadFailed, Loading } from './parts.tsx';
import type { SportsbookScope } from './sportsbook-paths.ts';
import { sportsbookText as text } from './sportsbook-text.ts';

function BetCard({ bet }: { bet: SportsbookBetView }) {
  return (
    <li className="sb-bet" data-testid="sb-bet">
      <header className="sb-bet__head">
        <strong>{bet.name}</strong>
        <span className={`sb-bet__status sb-bet__status--${bet.status}`}>{text.betStatus[bet.status]}</span>
      </header>
      <ul className="sb-bet__legs">
        {bet.legs.map((leg) => (
          <li key={`${leg.matchId}/${leg.selectionKey}`} className="sb-bet__leg">
            <p className="sb-bet__pick">
              {leg.selectionName} @{' '}
              {bet.kind === 'single' ? `${bet.odds} ${text.oddsFormats[bet.oddsFormat]}` : leg.odds}
              {leg.result ? (
                <span className={`sb-bet__result sb-bet__result--${leg.result}`}>
                  {text.legResult[leg.result]}
                </span>
              ) : null}
            </p>
            <p className="sb-bet__match">
              {leg.marketName} · {leg.home} {text.vs} {leg.away}
              {leg.matchScore ? ` (${leg.matchScore.home}-${leg.matchScore.away})` : ''}
            </p>
          </li>
        ))}
      </ul>
      <dl className="sb-bet__figures">
        <div>
          <dt>{text.risk}</dt>
          <dd>¥{bet.risk}</dd>
        </div>
        <div>
          <dt>{text.potentialReturn}</dt>
          <dd>¥{bet.potentialReturn}</dd>
        </div>
        <div>
          <dt>{text.payout}</dt>
          <dd>{bet.payout === null ? '--' : `¥${bet.payout}`}</dd>
        </div>
      </dl>
      {bet.rejectMessage ? <p className="sb-slip__failure">{bet.rejectMessage}</p> : null}
      {bet.kind === 'single' && bet.status === 'open' ? <CashOutAction bet={bet} /> : null}
      <p className="sb-bet__meta">
        {text.betId} {bet.betId} · {formatShanghaiTime(bet.placedAt)}
      </p>
    </li>
  );
}

function BetList({ status }: { status: 'unsettled' | 'settled' }) {
  const { data, isPending, isError, refetch } = useSportsbookBets(status, true);
  if (isPending) {
    return <Loading />;
  }
  if (isError) {
    return <LoadFailed onRetry={() => void refetch()} />;
  }
  if (data.list.length === 0) {
    return <p className="sb-state">{text.noBets}</p>;
  }
  return (
    <ul className="sb-bets">
      {data.list.map((bet) => (
        <BetCard key={bet.betId} bet={bet} />
      ))}
    </ul>
  );
}

/** `/game/sport/book/bets`: the member's 注单, open and settled, with their legs and results. */
export function SportsbookBetsPage({ scope }: { scope: SportsbookScope }) {
  const [status, setStatus] = useState<'unsettled' | 'settled'>('unsettled');
  useLiveBets();
  return (
    <SportsbookFrame scope={scope} hasLeagues={false}>
      <fieldset className="sb-tabs" aria-label={text.betsTitle}>
        {(['unsettled', 'settled'] as const).map((option) => (
          <button
            key={option}
            type="button"
            className="sb-tabs__item"
            aria-pressed={option === status}
            onClick={() => setStatus(option)}
          >
            {text.betTabs[option]}
          </button>
        ))}
      </fieldset>
      <BetList status={status} />
    </SportsbookFrame>
  );
}
