import { type LotteryGameKind, type LotteryHallGame, lotteryGameKinds } from '@site/contract';
import { Link } from 'react-router';
import { SiteEmpty } from '../../lib/site-empty.tsx';
import { useLotteryGames, useLotteryHall } from './api.ts';
import { DrawNumbers } from './draw-numbers.tsx';
import { salePhaseOf } from './issue-clock.ts';
import { useLiveDraws } from './live-draws.ts';
import { LotteryLoadFailed, LotteryLoading } from './lottery-loading.tsx';
import { lotteryGamePath } from './lottery-paths.ts';
import { lotteryText } from './lottery-text.ts';
import { SaleClock } from './sale-clock.tsx';
import { useNow } from './use-now.ts';
import './lottery.css';

function LastResult({ game }: { game: LotteryHallGame }) {
  const last = game.lastResult;
  return (
    <span className="hall-game__last">
      <span className="hall-game__last-label">
        {lotteryText.lastResult}
        {last ? ` ${last.issueNo}` : ''}
      </span>
      {last?.numbers ? (
        <DrawNumbers kind={game.kind} numbers={last.numbers} size="small" />
      ) : (
        <span className="hall-game__none">{lotteryText.noResult}</span>
      )}
    </span>
  );
}

function HallGame({ game, now }: { game: LotteryHallGame; now: number }) {
  const phase = salePhaseOf(game, now);
  return (
    <li className={`hall-game${game.isPaused ? ' hall-game--paused' : ''}`} data-testid="hall-game">
      <Link className="hall-game__link" to={lotteryGamePath(game.code)}>
        <span className="hall-game__head">
          <span className="hall-game__name">{game.name}</span>
          <span className="hall-game__interval">{lotteryText.everyInterval(game.intervalSeconds)}</span>
        </span>
        <span className="hall-game__issue">
          {phase.kind === 'open' || phase.kind === 'closing' ? lotteryText.issueNo(phase.issue.issueNo) : ''}
        </span>
        <SaleClock phase={phase} />
        <LastResult game={game} />
      </Link>
    </li>
  );
}

/** The games of the hall by type, in the hall's order. */
function groupsOf(games: readonly LotteryHallGame[]) {
  return lotteryGameKinds
    .map((kind): [LotteryGameKind, LotteryHallGame[]] => [kind, games.filter((game) => game.kind === kind)])
    .filter(([, ofKind]) => ofKind.length > 0);
}

/** `/game/lottery`: the hall's games by type, each with its issue on sale, countdown and last result. */
export function LotteryHallPage() {
  const gameCodes = useLotteryGames().data?.map((game) => game.code) ?? [];
  const isLive = useLiveDraws(gameCodes);
  const { data, isPending, isError, refetch } = useLotteryHall(isLive);
  const now = useNow();
  if (isPending) {
    return <LotteryLoading />;
  }
  if (isError) {
    return <LotteryLoadFailed onRetry={() => void refetch()} />;
  }
  if (data.length === 0) {
    return <SiteEmpty title={lotteryText.noGames} />;
  }
  return (
    <div className="site-page lottery-hall">
      {groupsOf(data).map(([kind, games]) => (
        <section key={kind} className="hall-group" aria-labelledby={`hall-group-${kind}`}>
          <h2 className="hall-group__title" id={`hall-group-${kind}`}>
            {lotteryText.kindNames[kind]}
          </h2>
          <ul className="hall-group__games">
            {games.map((game) => (
              <HallGame key={game.code} game={game} now={now} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
