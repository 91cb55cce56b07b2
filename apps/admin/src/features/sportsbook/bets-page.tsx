import { type RouteResponse, sportsbookBetStatuses } from '@site/contract';
import { Typography } from 'antd';
import { callRoute } from '../../lib/api-client.ts';
import {
  DataTable,
  pageParams,
  type TableColumn,
  type TableParams,
  textParam,
  timeColumn,
} from '../../lib/data-table.tsx';
import { betStatusEnum, legResultNames } from './sportsbook-text.ts';

export type AdminSportsbookBet = RouteResponse<'adminSportsbookBets'>['list'][number];
type Leg = AdminSportsbookBet['legs'][number];

/** The search form as the bets route's body; a member id that is not a number is left out. */
export function sportsbookBetSearchBody(params: TableParams) {
  const status = sportsbookBetStatuses.find((each) => each === params.status);
  const memberIdText = textParam(params, 'memberId');
  const memberId = memberIdText && /^[1-9]\d{0,17}$/.test(memberIdText) ? Number(memberIdText) : undefined;
  const matchId = textParam(params, 'matchId')?.toLowerCase();
  return {
    ...pageParams(params),
    ...(status ? { status } : {}),
    ...(memberId !== undefined && Number.isSafeInteger(memberId) ? { memberId } : {}),
    ...(matchId ? { matchId } : {}),
  };
}

/** One pick as staff read it: the match, the market, the pick at its odds, and how it ended. */
export function legText(leg: Leg): string {
  const inPlay = leg.isInPlay ? `（滚球 ${leg.scoreAtAcceptance.home}-${leg.scoreAtAcceptance.away}）` : '';
  const result = leg.result ? ` · ${legResultNames[leg.result]}` : '';
  const score = leg.matchScore ? ` · 赛果 ${leg.matchScore.home}-${leg.matchScore.away}` : '';
  return `${leg.leagueName} ${leg.home} vs ${leg.away} · ${leg.marketName} ${leg.selectionName} @${leg.odds}${inPlay}${result}${score}`;
}

function statusText(bet: AdminSportsbookBet): string {
  const text = betStatusEnum[bet.status].text;
  return bet.rejectMessage ? `${text}（${bet.rejectMessage}）` : text;
}

const columns: TableColumn<AdminSportsbookBet>[] = [
  timeColumn<AdminSportsbookBet>('投注时间', 'placedAt'),
  { title: '会员ID', dataIndex: 'memberId', copyable: true, tooltip: '会员的数字编号' },
  { title: '注单号', dataIndex: 'betId', copyable: true, hideInSearch: true },
  {
    title: '赛事编号',
    dataIndex: 'matchId',
    hideInTable: true,
    tooltip: '含该赛事任一选项的注单',
  },
  { title: '类型', dataIndex: 'name', hideInSearch: true },
  {
    title: '投注内容',
    dataIndex: 'legs',
    hideInSearch: true,
    render: (_, row) => (
      <div style={{ minWidth: 360 }}>
        {row.legs.map((leg) => (
          <div key={`${leg.matchId}|${leg.selectionKey}`}>{legText(leg)}</div>
        ))}
      </div>
    ),
    csv: (row) => row.legs.map(legText).join('；'),
  },
  { title: '赔率', dataIndex: 'odds', hideInSearch: true, align: 'right' },
  {
    title: '投注额（元）',
    dataIndex: 'stake',
    hideInSearch: true,
    align: 'right',
    render: (_, row) => (row.ticketCount > 1 ? `${row.stake} × ${row.ticketCount} 注` : row.stake),
    csv: (row) => (row.ticketCount > 1 ? `${row.stake} × ${row.ticketCount}` : row.stake),
  },
  { title: '投注总额（元）', dataIndex: 'risk', hideInSearch: true, align: 'right' },
  { title: '预计返还（元）', dataIndex: 'potentialReturn', hideInSearch: true, align: 'right' },
  {
    title: '派彩（元）',
    dataIndex: 'payout',
    hideInSearch: true,
    align: 'right',
    render: (_, row) => row.payout ?? '-',
    csv: (row) => row.payout ?? '',
  },
  {
    title: '状态',
    dataIndex: 'status',
    valueType: 'select',
    valueEnum: betStatusEnum,
    render: (dom, row) =>
      row.rejectMessage ? (
        <>
          {dom}
          <Typography.Text type="danger"> {row.rejectMessage}</Typography.Text>
        </>
      ) : (
        dom
      ),
    csv: statusText,
  },
  timeColumn<AdminSportsbookBet>('结算时间', 'settledAt'),
];

/** 体育注单: the site's sportsbook bets with their picks, by member, match and status, newest first. */
export function SportsbookBetsPage() {
  return (
    <DataTable<AdminSportsbookBet>
      title="体育注单"
      rowKey="betId"
      columns={columns}
      exportName="体育注单"
      fetchPage={(params) => callRoute('adminSportsbookBets', sportsbookBetSearchBody(params))}
    />
  );
}
