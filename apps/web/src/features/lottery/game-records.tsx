import {
  type LotteryDraw,
  type LotteryGameKind,
  type LotteryPlayId,
  type LotteryTicketView,
  lotteryPlays,
} from '@site/contract';
import { Tabs } from 'antd-mobile';
import { Link } from 'react-router';
import { displayYuan } from '../../lib/money.tsx';
import { useIsSignedIn } from '../../lib/session.ts';
import { SiteEmpty } from '../../lib/site-empty.tsx';
import { formatShanghaiTime } from '../../lib/time.ts';
import { useMyTickets, useResultPages } from './api.ts';
import { selectionText } from './board.ts';
import { MyChases } from './chase-list.tsx';
import { DrawNumbers } from './draw-numbers.tsx';
import { LotteryLoading } from './lottery-loading.tsx';
import { lotteryVerifyPath } from './lottery-paths.ts';
import { lotteryText } from './lottery-text.ts';
import { LoginFirst, MoreButton } from './records-parts.tsx';

function ResultRow({ draw, kind }: { draw: LotteryDraw; kind: LotteryGameKind }) {
  return (
    <li className="result-row" data-testid="result-row">
      <span className="result-row__issue">{draw.issueNo}</span>
      <span className="result-row__numbers">
        {draw.numbers ? (
          <DrawNumbers kind={kind} numbers={draw.numbers} size="small" />
        ) : (
          <span className={`draw-status draw-status--${draw.status}`}>
            {lotteryText.drawStatuses[draw.status]}
          </span>
        )}
      </span>
      {draw.seed ? (
        <Link
          className="result-row__verify"
          to={lotteryVerifyPath(draw)}
          aria-label={lotteryText.verifyIssue(draw.issueNo)}
        >
          {lotteryText.verifyShort}
        </Link>
      ) : null}
    </li>
  );
}

/** 开奖记录: the game's issues, newest first, each drawn one linking to the verifier. */
function ResultList(props: { gameCode: string; kind: LotteryGameKind; issueOnSale: string | undefined }) {
  const { gameCode, kind } = props;
  const { data, isPending, fetchNextPage, hasNextPage, isFetchingNextPage } = useResultPages(
    gameCode,
    props.issueOnSale,
    10,
  );
  if (isPending) {
    return <LotteryLoading />;
  }
  const draws = data?.pages.flatMap((page) => page.list) ?? [];
  if (draws.length === 0) {
    return <SiteEmpty title={lotteryText.noResults} />;
  }
  return (
    <>
      <ul className="result-list">
        {draws.map((draw) => (
          <ResultRow key={draw.issueNo} draw={draw} kind={kind} />
        ))}
      </ul>
      <MoreButton hasMore={hasNextPage} isLoading={isFetchingNextPage} onMore={() => void fetchNextPage()} />
    </>
  );
}

function TicketRow({ ticket }: { ticket: LotteryTicketView }) {
  const play = lotteryPlays[ticket.playId as LotteryPlayId];
  return (
    <li className="ticket-row" data-testid="lottery-ticket">
      <span className="ticket-row__main">
        <strong>{ticket.playName}</strong>
        <span>{lotteryText.issueNo(ticket.issueNo)}</span>
        <span className="ticket-row__selection">
          {play ? selectionText(play.rows, ticket.selection) : ''}
        </span>
        <span className="ticket-row__time">
          {lotteryText.placedAt} {formatShanghaiTime(ticket.placedAt)}
        </span>
      </span>
      <span className="ticket-row__money">
        <span>
          {lotteryText.stake} ¥{displayYuan(ticket.stake)}
        </span>
        {ticket.payout !== null ? (
          <span>
            {lotteryText.payout} ¥{displayYuan(ticket.payout)}
          </span>
        ) : null}
        <span className={`ticket-status ticket-status--${ticket.status}`}>
          {lotteryText.ticketStatuses[ticket.status]}
        </span>
      </span>
    </li>
  );
}

/** 我的投注: the member's tickets of this game, newest first. */
function MyTickets({ gameCode }: { gameCode: string }) {
  const isSignedIn = useIsSignedIn();
  const { data, isPending, fetchNextPage, hasNextPage, isFetchingNextPage } = useMyTickets(
    gameCode,
    isSignedIn,
  );
  if (!isSignedIn) {
    return <LoginFirst title={lotteryText.loginForTickets} />;
  }
  if (isPending) {
    return <LotteryLoading />;
  }
  const tickets = data?.pages.flatMap((page) => page.list) ?? [];
  if (tickets.length === 0) {
    return <SiteEmpty title={lotteryText.noTickets} />;
  }
  return (
    <>
      <ul className="ticket-list">
        {tickets.map((ticket) => (
          <TicketRow key={ticket.ticketId} ticket={ticket} />
        ))}
      </ul>
      <MoreButton hasMore={hasNextPage} isLoading={isFetchingNextPage} onMore={() => void fetchNextPage()} />
    </>
  );
}

/** The game page's records: 开奖记录, 我的投注 and 我的追号. */
export function GameRecords(props: {
  gameCode: string;
  kind: LotteryGameKind;
  issueOnSale: string | undefined;
}) {
  const { gameCode, kind } = props;
  return (
    <section className="game-records site-card" aria-label={Object.values(lotteryText.tabs).join(' ')}>
      <Tabs>
        <Tabs.Tab title={lotteryText.tabs.results} key="results">
          <ResultList gameCode={gameCode} kind={kind} issueOnSale={props.issueOnSale} />
        </Tabs.Tab>
        <Tabs.Tab title={lotteryText.tabs.tickets} key="tickets">
          <MyTickets gameCode={gameCode} />
        </Tabs.Tab>
        <Tabs.Tab title={lotteryText.tabs.chases} key="chases">
          <MyChases gameCode={gameCode} />
        </Tabs.Tab>
      </Tabs>
    </section>
  );
}
