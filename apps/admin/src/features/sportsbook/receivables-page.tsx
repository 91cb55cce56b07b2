import { type RouteResponse, sportsbookReceivableStates } from '@site/contract';
import { callRoute } from '../../lib/api-client.ts';
import {
  DataTable,
  pageParams,
  type TableColumn,
  type TableParams,
  textParam,
  timeColumn,
} from '../../lib/data-table.tsx';
import { receivableStateEnum } from './sportsbook-text.ts';

export type AdminSportsbookReceivable = RouteResponse<'adminSportsbookReceivables'>['list'][number];

/** The search form as the receivables route's body; a member id that is not a number is left out. */
export function receivableSearchBody(params: TableParams) {
  const state = sportsbookReceivableStates.find((each) => each === params.state);
  const memberIdText = textParam(params, 'memberId');
  const memberId = memberIdText && /^[1-9]\d{0,17}$/.test(memberIdText) ? Number(memberIdText) : undefined;
  return {
    ...pageParams(params),
    ...(state ? { state } : {}),
    ...(memberId !== undefined && Number.isSafeInteger(memberId) ? { memberId } : {}),
  };
}

const matchesText = (row: AdminSportsbookReceivable) =>
  row.matches.map((match) => `${match.home} vs ${match.away}`);

const columns: TableColumn<AdminSportsbookReceivable>[] = [
  timeColumn<AdminSportsbookReceivable>('入账时间', 'createdAt'),
  { title: '会员ID', dataIndex: 'memberId', copyable: true, tooltip: '会员的数字编号' },
  { title: '注单号', dataIndex: 'betId', copyable: true, hideInSearch: true },
  { title: '投注单号', dataIndex: 'slipId', hideInSearch: true },
  {
    title: '赛事',
    dataIndex: 'matches',
    hideInSearch: true,
    render: (_, row) => (
      <div style={{ minWidth: 200 }}>
        {matchesText(row).map((text, index) => (
          <div key={row.matches[index]?.matchId ?? text}>{text}</div>
        ))}
      </div>
    ),
    csv: (row) => matchesText(row).join('；'),
  },
  {
    title: '冲正结算',
    dataIndex: 'settlementVersion',
    hideInSearch: true,
    tooltip: '被冲正的是该注单第几版结算',
    render: (_, row) => `第 ${row.settlementVersion} 版`,
    csv: (row) => String(row.settlementVersion),
  },
  { title: '应收（元）', dataIndex: 'amount', hideInSearch: true, align: 'right' },
  { title: '已追回（元）', dataIndex: 'recovered', hideInSearch: true, align: 'right' },
  { title: '未追回（元）', dataIndex: 'outstanding', hideInSearch: true, align: 'right' },
  {
    title: '状态',
    dataIndex: 'state',
    valueType: 'select',
    valueEnum: receivableStateEnum,
    tooltip: '会员此后获得的重新结算派彩优先抵扣应收，从最早的一笔起',
  },
  timeColumn<AdminSportsbookReceivable>('更新时间', 'updatedAt'),
];

/**
 * 体育应收: what result corrections took back beyond the member's main balance, per reversed
 * settlement, with what later resettlement payouts recovered. Read only: the ledger offers no
 * way to waive or settle one by hand.
 */
export function SportsbookReceivablesPage() {
  return (
    <DataTable<AdminSportsbookReceivable>
      title="体育应收"
      rowKey="id"
      columns={columns}
      exportName="体育应收"
      fetchPage={(params) => callRoute('adminSportsbookReceivables', receivableSearchBody(params))}
    />
  );
}
