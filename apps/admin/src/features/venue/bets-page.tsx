import {
  type AdminBet,
  adminBetSortKeys,
  type BetTotals,
  betStatuses,
  gameCategories,
  recordRangeDaysMax,
} from '@site/contract';
import { Descriptions } from 'antd';
import { useState } from 'react';
import { callRoute } from '../../lib/api-client.ts';
import {
  DataTable,
  pageParams,
  rangeParams,
  sortParams,
  type TableColumn,
  type TableParams,
  textParam,
  timeColumn,
} from '../../lib/data-table.tsx';
import { betStatusEnum, categoryEnum } from './venue-text.ts';

export function betSearchBody(params: TableParams) {
  const category = gameCategories.find((each) => each === params.category);
  const status = betStatuses.find((each) => each === params.status);
  const venueCode = textParam(params, 'venueCode')?.toUpperCase();
  const username = textParam(params, 'username');
  const betId = textParam(params, 'betId');
  const roundId = textParam(params, 'roundId');
  return {
    ...pageParams(params),
    ...sortParams(params, adminBetSortKeys),
    ...rangeParams(params),
    ...(category ? { category } : {}),
    ...(status ? { status } : {}),
    ...(venueCode ? { venueCode } : {}),
    ...(username ? { username } : {}),
    ...(betId ? { betId } : {}),
    ...(roundId ? { roundId } : {}),
  };
}

/** 投注额, 有效投注, 派彩, 输赢 of every bet the search keeps. */
function TotalsLine({ totals }: { totals: BetTotals | undefined }) {
  if (!totals) {
    return null;
  }
  return (
    <Descriptions
      size="small"
      column={4}
      title="合计"
      items={[
        { key: 'stake', label: '投注额', children: totals.stake },
        { key: 'validAmount', label: '有效投注', children: totals.validAmount },
        { key: 'payout', label: '派彩', children: totals.payout },
        { key: 'winLoss', label: '会员输赢', children: totals.winLoss },
      ]}
    />
  );
}

/** 注单查询: bets of every venue by member, venue, category, status, ids and placed time, with totals. */
export function BetsPage() {
  const [totals, setTotals] = useState<BetTotals | undefined>(undefined);
  const columns: TableColumn<AdminBet>[] = [
    { ...timeColumn<AdminBet>('投注时间', 'placedAt'), sorter: true },
    {
      title: '投注时间范围',
      dataIndex: 'range',
      valueType: 'dateTimeRange',
      hideInTable: true,
      tooltip: `最长 ${recordRangeDaysMax} 天`,
    },
    { title: '会员用户名', dataIndex: 'username', copyable: true },
    { title: '分类', dataIndex: 'category', valueType: 'select', valueEnum: categoryEnum },
    { title: '场馆代码', dataIndex: 'venueCode' },
    { title: '场馆', dataIndex: 'venueName', hideInSearch: true },
    { title: '注单号', dataIndex: 'betId', copyable: true },
    { title: '局号', dataIndex: 'roundId', copyable: true },
    { title: '游戏', dataIndex: 'gameCode', hideInSearch: true },
    { title: '赔率', dataIndex: 'odds', hideInSearch: true, render: (_, row) => row.odds ?? '-' },
    { title: '投注额', dataIndex: 'stake', hideInSearch: true, sorter: true, align: 'right' },
    { title: '有效投注', dataIndex: 'validAmount', hideInSearch: true, sorter: true, align: 'right' },
    { title: '派彩', dataIndex: 'payout', hideInSearch: true, sorter: true, align: 'right' },
    { title: '输赢', dataIndex: 'winLoss', hideInSearch: true, align: 'right' },
    {
      title: '状态',
      dataIndex: 'status',
      valueType: 'select',
      valueEnum: betStatusEnum,
      // A bet closed early (提前结算) was paid its cash-out, not settled on the result.
      render: (dom, row) => (row.isCashedOut ? <>{dom} · 提前结算</> : dom),
    },
    { ...timeColumn<AdminBet>('结算时间', 'settledAt'), sorter: true },
  ];
  return (
    <>
      <DataTable<AdminBet>
        title="注单查询"
        rowKey="id"
        columns={columns}
        exportName="注单"
        fetchPage={async (params) => {
          const page = await callRoute('adminBets', betSearchBody(params));
          setTotals(page.totals);
          return page;
        }}
      />
      <TotalsLine totals={totals} />
    </>
  );
}
