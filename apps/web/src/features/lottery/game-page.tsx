import {
  type BoardRow,
  formatMoneyDisplay,
  type LotteryHallGame,
  type LotteryPlayId,
  type LotteryUnit,
  lotteryMultiplierMax,
  lotteryPlays,
  lotteryUnitKeys,
} from '@site/contract';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { loginPathFor } from '../../lib/paths.ts';
import { useIsSignedIn } from '../../lib/session.ts';
import { SiteEmpty } from '../../lib/site-empty.tsx';
import { showToast } from '../../lib/toast.ts';
import { WalletBalance } from '../../lib/wallet-balance.tsx';
import { useLotteryHall, usePlays } from './api.ts';
import { Basket, ConfirmSheet } from './basket.tsx';
import { BetBoard } from './bet-board.tsx';
import { emptySelection } from './board.ts';
import type { ChasePlanInput } from './chase-plan.ts';
import { ChasePlanner } from './chase-planner.tsx';
import { GameRecords } from './game-records.tsx';
import { type SalePhase, salePhaseOf } from './issue-clock.ts';
import { LiveDrawsContext, useLiveDraws } from './live-draws.ts';
import { LotteryLoadFailed, LotteryLoading } from './lottery-loading.tsx';
import { lotteryTrendPath, lotteryVerifyPath } from './lottery-paths.ts';
import { lotteryText } from './lottery-text.ts';
import { playGroups } from './play-groups.ts';
import { PlayPicker } from './play-picker.tsx';
import { SaleClock } from './sale-clock.tsx';
import { type NewBasketEntry, ticketStake, useBasket } from './use-basket.ts';
import { useNow } from './use-now.ts';
import './lottery.css';

function GameHeader({ game, phase }: { game: LotteryHallGame; phase: SalePhase }) {
  const isSignedIn = useIsSignedIn();
  return (
    <header className="lottery-game__head site-card">
      <div className="lottery-game__title">
        <h2>{game.name}</h2>
        <span className="lottery-game__issue">
          {phase.kind === 'open' || phase.kind === 'closing' ? lotteryText.issueNo(phase.issue.issueNo) : ''}
        </span>
        <SaleClock phase={phase} />
      </div>
      <nav className="lottery-game__links" aria-label={game.name}>
        <Link to={lotteryTrendPath(game.code)}>{lotteryText.trend}</Link>
        <Link to={lotteryVerifyPath()}>{lotteryText.verify}</Link>
      </nav>
      {isSignedIn ? (
        <div className="lottery-game__balance">
          <span>{lotteryText.balance}</span>
          <WalletBalance size="small" />
        </div>
      ) : null}
    </header>
  );
}

/** The prizes of a play that the board does not show under its options. */
function PlayPrizes({
  prizes,
  rows,
}: {
  prizes: Record<string, string> | undefined;
  rows: readonly BoardRow[];
}) {
  const optionLabels = new Set(rows.flatMap((row) => row.options.map((option) => option.label)));
  const levels = Object.entries(prizes ?? {}).filter(([level]) => !optionLabels.has(level));
  if (levels.length === 0) {
    return null;
  }
  return (
    <p className="play-prizes">
      {levels.map(([level, prize]) => (
        <span key={level}>
          {lotteryText.prizeLevels[level] ?? level} <strong>¥{prize}</strong>
        </span>
      ))}
    </p>
  );
}

function UnitPicker(props: { value: LotteryUnit; onChange: (unit: LotteryUnit) => void }) {
  return (
    <fieldset className="unit-picker">
      <legend className="unit-picker__label">{lotteryText.unitLabel}</legend>
      {lotteryUnitKeys.map((unit) => (
        <button
          key={unit}
          type="button"
          className={`chip${props.value === unit ? ' is-picked' : ''}`}
          aria-pressed={props.value === unit}
          onClick={() => props.onChange(unit)}
        >
          {lotteryText.units[unit]}
        </button>
      ))}
    </fieldset>
  );
}

const clampMultiplier = (value: number) =>
  Number.isFinite(value) ? Math.max(1, Math.min(lotteryMultiplierMax, Math.trunc(value))) : 1;

/** 倍数: − and + around a whole-number field from 1 to 9999. */
function MultiplierInput(props: { value: number; onChange: (multiplier: number) => void }) {
  return (
    <div className="multiplier">
      <label htmlFor="lottery-multiplier" className="multiplier__label">
        {lotteryText.multiplierLabel}
      </label>
      <button
        type="button"
        className="multiplier__step"
        aria-label={lotteryText.multiplierDown}
        disabled={props.value <= 1}
        onClick={() => props.onChange(clampMultiplier(props.value - 1))}
      >
        −
      </button>
      <input
        id="lottery-multiplier"
        className="multiplier__input"
        type="number"
        inputMode="numeric"
        min={1}
        max={lotteryMultiplierMax}
        value={props.value}
        onChange={(event) => props.onChange(clampMultiplier(event.target.valueAsNumber))}
      />
      <button
        type="button"
        className="multiplier__step"
        aria-label={lotteryText.multiplierUp}
        disabled={props.value >= lotteryMultiplierMax}
        onClick={() => props.onChange(clampMultiplier(props.value + 1))}
      >
        +
      </button>
    </div>
  );
}

/** The board of the chosen play with its stake bar; 添加到号码篮 hands the ticket to the basket. */
function TicketBuilder(props: {
  game: LotteryHallGame;
  onAdd: (entry: NewBasketEntry) => void;
  isBusy: boolean;
}) {
  const { game } = props;
  const firstPlay = playGroups[game.kind][0]?.playIds[0] as LotteryPlayId;
  const [playId, setPlayId] = useState<LotteryPlayId>(firstPlay);
  const play = lotteryPlays[playId];
  const [selection, setSelection] = useState<number[][]>(() => emptySelection(play.rows));
  const [unit, setUnit] = useState<LotteryUnit>('yuan');
  const [multiplier, setMultiplier] = useState(1);
  const { data: plays } = usePlays(game.code, unit);
  const prizes = plays?.plays.find((each) => each.playId === playId)?.prizes;
  const { notes, stakeFen } = ticketStake(playId, selection, unit, multiplier);
  const choosePlay = (next: LotteryPlayId) => {
    setPlayId(next);
    setSelection(emptySelection(lotteryPlays[next].rows));
  };
  const add = () => {
    props.onAdd({ playId, selection, unit, multiplier, notes, stakeFen });
    setSelection(emptySelection(play.rows));
  };
  return (
    <section className="ticket-builder site-card" aria-label={lotteryText.playLabel}>
      <PlayPicker kind={game.kind} playId={playId} onChange={choosePlay} />
      <PlayPrizes prizes={prizes} rows={play.rows} />
      <BetBoard
        kind={game.kind}
        rows={play.rows}
        selection={selection}
        prizes={prizes}
        onChange={setSelection}
      />
      <div className="stake-bar">
        <UnitPicker value={unit} onChange={setUnit} />
        <MultiplierInput value={multiplier} onChange={setMultiplier} />
        <output className="stake-bar__total" aria-live="polite">
          {notes > 0 ? (
            <>
              {lotteryText.notes(notes)} · {lotteryText.amount}{' '}
              <strong>¥{formatMoneyDisplay(stakeFen)}</strong>
            </>
          ) : (
            lotteryText.selectionHint
          )}
        </output>
        <Button color="primary" shape="rounded" disabled={notes === 0 || props.isBusy} onClick={add}>
          {lotteryText.addToBasket}
        </Button>
      </div>
    </section>
  );
}

function GameBody({ game }: { game: LotteryHallGame }) {
  const now = useNow();
  const phase = salePhaseOf(game, now);
  const basket = useBasket(game.code);
  const [isConfirming, setIsConfirming] = useState(false);
  const [isChasing, setIsChasing] = useState(false);
  const isSignedIn = useIsSignedIn();
  const navigate = useNavigate();
  const location = useLocation();
  const issueOnSale = phase.kind === 'open' ? phase.issue.issueNo : undefined;
  /** Opens a sheet of the member's; a visitor is sent to 登录 first. */
  const openSheet = (open: (isOpen: boolean) => void) => {
    if (!isSignedIn) {
      showToast(lotteryText.loginToBet);
      void navigate(loginPathFor(location.pathname));
      return;
    }
    open(true);
  };
  const startChases = async (plan: ChasePlanInput, isStopOnWin: boolean) => {
    if (issueOnSale === undefined) {
      showToast(lotteryText.bettingClosed);
      return;
    }
    const { placed, failed } = await basket.chase({ startIssueNo: issueOnSale, plan, isStopOnWin });
    if (failed === 0) {
      setIsChasing(false);
      showToast(lotteryText.chaseStarted(placed));
    }
  };
  const submit = async () => {
    if (issueOnSale === undefined) {
      showToast(lotteryText.bettingClosed);
      return;
    }
    const { placed, failed } = await basket.send(issueOnSale);
    setIsConfirming(false);
    if (failed === 0) {
      showToast(lotteryText.placed(placed));
    }
  };
  return (
    <div className="site-page lottery-game">
      <GameHeader game={game} phase={phase} />
      <div className="lottery-game__main">
        <TicketBuilder game={game} onAdd={basket.add} isBusy={basket.isSending} />
        <Basket
          entries={basket.entries}
          canBet={issueOnSale !== undefined}
          onRemove={basket.remove}
          onClear={basket.clear}
          onConfirm={() => openSheet(setIsConfirming)}
          onChase={() => openSheet(setIsChasing)}
        />
      </div>
      <GameRecords gameCode={game.code} kind={game.kind} issueOnSale={game.issue?.issueNo} />
      <ConfirmSheet
        visible={isConfirming}
        issueNo={issueOnSale}
        entries={basket.entries}
        isSending={basket.isSending}
        onSubmit={() => void submit()}
        onClose={() => setIsConfirming(false)}
      />
      <ChasePlanner
        visible={isChasing}
        issue={phase.kind === 'open' ? phase.issue : undefined}
        intervalSeconds={game.intervalSeconds}
        entries={basket.entries}
        isSending={basket.isSending}
        onSubmit={(plan, isStopOnWin) => void startChases(plan, isStopOnWin)}
        onClose={() => setIsChasing(false)}
      />
    </div>
  );
}

/** `/game/lottery/:gameCode`: one game's board, basket, countdown and records. */
export function LotteryGamePage() {
  const { gameCode = '' } = useParams();
  const isLive = useLiveDraws(gameCode === '' ? [] : [gameCode]);
  const { data, isPending, isError, refetch } = useLotteryHall(isLive);
  if (isPending) {
    return <LotteryLoading />;
  }
  if (isError) {
    return <LotteryLoadFailed onRetry={() => void refetch()} />;
  }
  const game = data.find((each) => each.code === gameCode);
  return game ? (
    <LiveDrawsContext value={isLive}>
      <GameBody key={game.code} game={game} />
    </LiveDrawsContext>
  ) : (
    <SiteEmpty title={lotteryText.noGame} />
  );
}
