import {
  type LotteryDraw,
  type LotteryHallGame,
  lotteryGames,
  lotteryIssueNoSchema,
  verifyDraw,
} from '@site/contract';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { callRoute } from '../../lib/api-client.ts';
import { SiteEmpty } from '../../lib/site-empty.tsx';
import { lotteryKeys, useLotteryGames, useRecentDraws } from './api.ts';
import { DrawNumbers } from './draw-numbers.tsx';
import { LotteryLoadFailed, LotteryLoading } from './lottery-loading.tsx';
import { lotteryText } from './lottery-text.ts';
import './lottery.css';

/** One issue of a game, as published: null when the game has no such issue. */
async function findIssue(
  gameCode: string,
  issueNo: string,
  signal: AbortSignal,
): Promise<LotteryDraw | null> {
  const page = await callRoute('lotteryResults', { gameCode, issueNo, pageNum: 1, pageSize: 1 }, { signal });
  return page.list[0] ?? null;
}

function Check({ label, isKept }: { label: string; isKept: boolean }) {
  return (
    <li className={`verify-check ${isKept ? 'is-kept' : 'is-broken'}`} data-testid="verify-check">
      <span>{label}</span>
      <strong>{isKept ? lotteryText.checkPassed : lotteryText.checkFailed}</strong>
    </li>
  );
}

/** The published values of a drawn issue and what the browser recomputes from them. */
function Verification({ game, draw }: { game: LotteryHallGame; draw: LotteryDraw }) {
  if (draw.status === 'cancelled') {
    return <SiteEmpty title={lotteryText.verifyCancelled(draw.cancelReason ?? '')} />;
  }
  if (draw.seed === null || draw.numbers === null) {
    return <SiteEmpty title={lotteryText.verifyNotDrawn} />;
  }
  const result = verifyDraw({
    shape: lotteryGames[game.kind].draw,
    id: { lotteryCode: draw.gameCode, issueNo: draw.issueNo },
    seedHex: draw.seed,
    commitmentHex: draw.commitment,
    publishedNumbers: draw.numbers,
  });
  const isFair = result.isCommitmentKept && result.isResultKept;
  return (
    <section className="site-card verify-result" aria-label={lotteryText.verifyIssue(draw.issueNo)}>
      <h2 className="verify-result__title">
        {game.name} {lotteryText.issueNo(draw.issueNo)}
      </h2>
      <dl className="verify-facts">
        <dt>{lotteryText.commitment}</dt>
        <dd className="verify-hex">{draw.commitment}</dd>
        <dt>{lotteryText.seed}</dt>
        <dd className="verify-hex">{draw.seed}</dd>
        <dt>{lotteryText.publishedNumbers}</dt>
        <dd>
          <DrawNumbers kind={game.kind} numbers={draw.numbers} />
        </dd>
        <dt>{lotteryText.computedNumbers}</dt>
        <dd>
          <DrawNumbers kind={game.kind} numbers={result.numbers} />
        </dd>
      </dl>
      <ul className="verify-checks">
        <Check label={lotteryText.commitmentCheck} isKept={result.isCommitmentKept} />
        <Check label={lotteryText.numbersCheck} isKept={result.isResultKept} />
      </ul>
      <p className={`verify-summary ${isFair ? 'is-kept' : 'is-broken'}`} role="status">
        {isFair ? lotteryText.verifyDone : lotteryText.verifyFailedSummary}
      </p>
    </section>
  );
}

function IssueLookup({ game, issueNo }: { game: LotteryHallGame; issueNo: string }) {
  const { data, isPending, isError, refetch } = useQuery({
    queryKey: [...lotteryKeys.results(game.code), 'verify', issueNo],
    queryFn: ({ signal }) => findIssue(game.code, issueNo, signal),
  });
  if (isPending) {
    return <LotteryLoading />;
  }
  if (isError) {
    return <LotteryLoadFailed onRetry={() => void refetch()} />;
  }
  return data ? <Verification game={game} draw={data} /> : <SiteEmpty title={lotteryText.verifyNotFound} />;
}

/** Recently drawn issues of the game, one tap to verify. */
function RecentIssues({ game, onPick }: { game: LotteryHallGame; onPick: (issueNo: string) => void }) {
  const { data } = useRecentDraws(game.code, game.issue?.issueNo, 12);
  const drawn = data?.list.filter((draw) => draw.seed !== null) ?? [];
  if (drawn.length === 0) {
    return null;
  }
  return (
    <fieldset className="chip-row verify-recent">
      <legend className="chip-row__legend">{lotteryText.verifyPick}</legend>
      {drawn.map((draw) => (
        <button key={draw.issueNo} type="button" className="chip" onClick={() => onPick(draw.issueNo)}>
          {draw.issueNo}
        </button>
      ))}
    </fieldset>
  );
}

function VerifyForm(props: {
  games: readonly LotteryHallGame[];
  gameCode: string;
  issueNo: string;
  onVerify: (gameCode: string, issueNo: string) => void;
}) {
  const [gameCode, setGameCode] = useState(props.gameCode);
  const [issueNo, setIssueNo] = useState(props.issueNo);
  const isIssueValid = lotteryIssueNoSchema.safeParse(issueNo.trim()).success;
  const game = props.games.find((each) => each.code === gameCode);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onVerify(gameCode, issueNo.trim());
  };
  return (
    <form className="site-card verify-form" onSubmit={submit}>
      <label className="verify-field">
        <span>{lotteryText.verifyGame}</span>
        <select value={gameCode} onChange={(event) => setGameCode(event.target.value)}>
          {props.games.map((each) => (
            <option key={each.code} value={each.code}>
              {each.name}
            </option>
          ))}
        </select>
      </label>
      <label className="verify-field">
        <span>{lotteryText.verifyIssueNo}</span>
        <input
          value={issueNo}
          inputMode="numeric"
          placeholder={lotteryText.verifyIssuePlaceholder}
          onChange={(event) => setIssueNo(event.target.value)}
        />
      </label>
      <Button type="submit" color="primary" shape="rounded" block disabled={!isIssueValid}>
        {lotteryText.verifyButton}
      </Button>
      {game ? (
        <RecentIssues
          game={game}
          onPick={(picked) => {
            setIssueNo(picked);
            props.onVerify(gameCode, picked);
          }}
        />
      ) : null}
    </form>
  );
}

/**
 * `/game/lottery/verify?game=SSC1&issue=20261125-0001`: recomputes a drawn issue in the browser
 * from its published commitment and seed, and shows whether both checks hold.
 */
export function LotteryVerifyPage() {
  const [search, setSearch] = useSearchParams();
  const { data: games, isPending, isError, refetch } = useLotteryGames();
  if (isPending) {
    return <LotteryLoading />;
  }
  if (isError) {
    return <LotteryLoadFailed onRetry={() => void refetch()} />;
  }
  const gameCode = search.get('game') ?? games[0]?.code ?? '';
  const issueNo = search.get('issue') ?? '';
  const game = games.find((each) => each.code === gameCode);
  return (
    <div className="site-page lottery-verify">
      <section className="site-card verify-lead">
        <h2>{lotteryText.verify}</h2>
        <p>{lotteryText.verifyLead}</p>
      </section>
      <VerifyForm
        key={`${gameCode} ${issueNo}`}
        games={games}
        gameCode={gameCode}
        issueNo={issueNo}
        onVerify={(nextGame, nextIssue) => setSearch({ game: nextGame, issue: nextIssue })}
      />
      {game && issueNo ? <IssueLookup game={game} issueNo={issueNo} /> : null}
    </div>
  );
}
