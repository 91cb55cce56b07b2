import { formatMoneyDisplay, type LotteryChaseView, type LotteryPlayId, lotteryPlays } from '@site/contract';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { modal } from '../../lib/modal-store.ts';
import { displayYuan } from '../../lib/money.tsx';
import { useIsSignedIn } from '../../lib/session.ts';
import { SiteEmpty } from '../../lib/site-empty.tsx';
import { formatShanghaiTime } from '../../lib/time.ts';
import { showToast } from '../../lib/toast.ts';
import { useCancelChase, useMyChases } from './api.ts';
import { selectionText } from './board.ts';
import { chaseProgress } from './chase-plan.ts';
import { LotteryLoading } from './lottery-loading.tsx';
import { lotteryText } from './lottery-text.ts';
import { LoginFirst, MoreButton } from './records-parts.tsx';

type ChaseIssue = LotteryChaseView['issues'][number];

/** An issue's state: its ticket's once placed (with the payout of a win), else the chase's word for it. */
function issueStateText(issue: ChaseIssue): string {
  if (issue.status === 'placed' && issue.ticket) {
    const { status, payout } = issue.ticket;
    const text = lotteryText.ticketStatuses[status];
    return status === 'won' && payout !== null ? `${text} ¥${displayYuan(payout)}` : text;
  }
  return lotteryText.chaseIssueStatuses[issue.status];
}

function ChaseIssues({ chase }: { chase: LotteryChaseView }) {
  return (
    <ol className="chase-issues" aria-label={lotteryText.chaseDetail}>
      {chase.issues.map((issue) => (
        <li
          key={issue.issueNo}
          className={`chase-issue chase-issue--${issue.ticket?.status ?? issue.status}`}
          data-testid="chase-issue"
        >
          <span className="chase-issue__no">{issue.issueNo}</span>
          <span>×{issue.multiplier}</span>
          <span>¥{displayYuan(issue.stake)}</span>
          <span className="chase-issue__state">{issueStateText(issue)}</span>
        </li>
      ))}
    </ol>
  );
}

function ChaseRow({
  chase,
  onCancel,
}: {
  chase: LotteryChaseView;
  onCancel: (chase: LotteryChaseView) => void;
}) {
  const [isOpen, setIsOpen] = useState(false);
  const play = lotteryPlays[chase.playId as LotteryPlayId];
  const progress = chaseProgress(chase);
  const detailId = `chase-detail-${chase.chaseId}`;
  return (
    <li className="chase-row" data-testid="lottery-chase">
      <span className="chase-row__head">
        <strong>{chase.playName}</strong>
        <span className={`chase-status chase-status--${chase.status}`}>
          {lotteryText.chaseStatuses[chase.status]}
        </span>
      </span>
      <span className="chase-row__selection">{play ? selectionText(play.rows, chase.selection) : ''}</span>
      <span className="chase-row__progress">
        {lotteryText.chaseProgress(progress.placedCount, progress.issueCount)} · {lotteryText.chaseSpent} ¥
        {formatMoneyDisplay(progress.spentFen)} · {lotteryText.chaseWon} ¥
        {formatMoneyDisplay(progress.wonFen)}
      </span>
      <span className="chase-row__meta">
        {chase.issues[0] ? `${lotteryText.issueNo(chase.issues[0].issueNo)}起 · ` : ''}
        {lotteryText.chasePlanned} ¥{displayYuan(chase.plannedStake)}
        {chase.isStopOnWin ? ` · ${lotteryText.chaseStopOnWinTag}` : ''}
      </span>
      <span className="chase-row__meta">
        {lotteryText.chaseCreatedAt} {formatShanghaiTime(chase.createdAt)}
      </span>
      {chase.stopMessage ? <span className="chase-row__stop">{chase.stopMessage}</span> : null}
      <span className="chase-row__actions">
        <button
          type="button"
          className="chase-row__toggle"
          aria-expanded={isOpen}
          aria-controls={detailId}
          onClick={() => setIsOpen((open) => !open)}
        >
          {isOpen ? lotteryText.chaseDetailHide : lotteryText.chaseDetail}
        </button>
        {chase.status === 'running' ? (
          <Button size="small" shape="rounded" className="chase-row__cancel" onClick={() => onCancel(chase)}>
            {lotteryText.chaseCancel}
          </Button>
        ) : null}
      </span>
      <div id={detailId} hidden={!isOpen}>
        {isOpen ? <ChaseIssues chase={chase} /> : null}
      </div>
    </li>
  );
}

/** 我的追号: the member's chases of this game, newest first, each with its issues and 撤销追号. */
export function MyChases({ gameCode }: { gameCode: string }) {
  const isSignedIn = useIsSignedIn();
  const { data, isPending, fetchNextPage, hasNextPage, isFetchingNextPage } = useMyChases(
    gameCode,
    isSignedIn,
  );
  const cancelChase = useCancelChase(gameCode);
  if (!isSignedIn) {
    return <LoginFirst title={lotteryText.loginForChases} />;
  }
  if (isPending) {
    return <LotteryLoading />;
  }
  const chases = data?.pages.flatMap((page) => page.list) ?? [];
  if (chases.length === 0) {
    return <SiteEmpty title={lotteryText.noChases} />;
  }
  const cancel = async (chase: LotteryChaseView) => {
    if (!(await modal.confirm({ content: lotteryText.chaseCancelConfirm }))) {
      return;
    }
    await cancelChase.mutateAsync(chase.chaseId);
    showToast(lotteryText.chaseCancelled);
  };
  return (
    <>
      <ul className="chase-list">
        {chases.map((chase) => (
          <ChaseRow
            key={chase.chaseId}
            chase={chase}
            onCancel={(chosen) => void cancel(chosen).catch(() => undefined)}
          />
        ))}
      </ul>
      <MoreButton hasMore={hasNextPage} isLoading={isFetchingNextPage} onMore={() => void fetchNextPage()} />
    </>
  );
}
