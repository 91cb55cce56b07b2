import {
  type AdminLotteryGame,
  lotteryTicketStatuses,
  type RouteResponse,
  recordRangeDaysMax,
} from '@site/contract';
import { Tag } from 'antd';
import { callRoute } from '../../lib/api-client.ts';
import {
  DataTable,
  pageParams,
  rangeParams,
  type TableColumn,
  type TableParams,
  textParam,
  timeColumn,
} from '../../lib/data-table.tsx';
import { GamesGate } from './games-gate.tsx';
import { gameEnum, ticketStatusEnum, unitEnum } from './lottery-text.ts';

type AdminLotteryTicket = RouteResponse<'adminLotteryTickets'>['list'][number];

/** The search form as the tickets route's body, dropping what the route would refuse. */
export function ticketSearchBody(params: TableParams) {
  const status = lotteryTicketStatuses.find((each) => each === params.status);
  const gameCode = textParam(params, 'gameCode')?.toUpperCase();
  const issueNo = textParam(params, 'issueNo');
  const username = textParam(params, 'username');
  return {
    ...pageParams(params),
    ...rangeParams(params),
    ...(gameCode ? { gameCode } : {}),
    ...(issueNo ? { issueNo } : {}),
    ...(username ? { username } : {}),
    ...(status ? { status } : {}),
  };
}

/** The picks of each board row, rows apart: 7,3 | - | 1. */
export function selectionText(selection: ReadonlyArray<ReadonlyArray<number>>): string {
  return selection.map((row) => (row.length === 0 ? '-' : row.join(','))).join(' | ');
}

/** 2注 × 3倍 · 元. */
function notesText(ticket: Pick<AdminLotteryTicket, 'notes' | 'multiplier' | 'unit'>): string {
  return `${ticket.notes}注 × ${ticket.multiplier}倍 · ${unitEnum[ticket.unit].text}`;
}

function TicketsTable(props: { games: AdminLotteryGame[] }) {
  const columns: TableColumn<AdminLotteryTicket>[] = [
    timeColumn<AdminLotteryTicket>('投注时间', 'placedAt'),
    {
      title: '投注时间范围',
      dataIndex: 'range',
      valueType: 'dateTimeRange',
      hideInTable: true,
      tooltip: `最长 ${recordRangeDaysMax} 天`,
    },
    {
      title: '会员用户名',
      dataIndex: 'username',
      copyable: true,
      renderText: (_, row) => row.username ?? `#${row.memberId}`,
      csv: (row) => row.username ?? `#${row.memberId}`,
    },
    { title: '彩种', dataIndex: 'gameCode', valueType: 'select', valueEnum: gameEnum(props.games) },
    { title: '期号', dataIndex: 'issueNo', copyable: true },
    {
      title: '玩法',
      dataIndex: 'playName',
      hideInSearch: true,
      render: (_, row) => (
        <span>
          {row.playName}
          {row.isChase ? (
            <Tag color="blue" style={{ marginLeft: 4 }}>
              追号
            </Tag>
          ) : null}
        </span>
      ),
      csv: (row) => (row.isChase ? `${row.playName}（追号）` : row.playName),
    },
    {
      title: '选号',
      dataIndex: 'selection',
      hideInSearch: true,
      ellipsis: true,
      width: 160,
      renderText: (_, row) => selectionText(row.selection),
      csv: (row) => selectionText(row.selection),
    },
    {
      title: '注数 / 倍数 / 模式',
      dataIndex: 'notes',
      hideInSearch: true,
      render: (_, row) => notesText(row),
      csv: (row) => notesText(row),
    },
    { title: '投注额', dataIndex: 'stake', hideInSearch: true, align: 'right' },
    {
      title: '派彩',
      dataIndex: 'payout',
      hideInSearch: true,
      align: 'right',
      renderText: (_, row) => row.payout ?? '',
      csv: (row) => row.payout ?? '',
    },
    { title: '状态', dataIndex: 'status', valueType: 'select', valueEnum: ticketStatusEnum },
    { title: '注单号', dataIndex: 'betId', hideInSearch: true, copyable: true },
    timeColumn<AdminLotteryTicket>('结算时间', 'settledAt'),
  ];
  return (
    <DataTable<AdminLotteryTicket>
      title="彩票注单"
      rowKey="betId"
      columns={columns}
      exportName="彩票注单"
      fetchPage={(params) => callRoute('adminLotteryTickets', ticketSearchBody(params))}
    />
  );
}

/** 彩票注单: the site's lottery tickets by member, game, issue, status and time, newest first. */
export function LotteryTicketsPage() {
  return <GamesGate>{(games) => <TicketsTable games={games} />}</GamesGate>;
}
