import {
  type DailyMoneyPage,
  type DailyMoneyRow,
  dailyMoneySortKeys,
  dailyReportRangeDaysMax,
} from '@site/contract';
import { Card, ConfigProvider, Statistic } from 'antd';
import { useState } from 'react';
import { callRoute } from '../../lib/api-client.ts';
import {
  DataTable,
  pageParams,
  sortParams,
  type TableColumn,
  type TableParams,
} from '../../lib/data-table.tsx';
import { displayYuan } from '../../lib/format.ts';

type Totals = DailyMoneyPage['totals'];

const netRule = '净入款 = 存款 − 实际出款（提现金额 − 手续费）；人工调整是站内加减款，不计入';

/** The date picker's two days (YYYY-MM-DD, read as Beijing days), or nothing for the last 30 days. */
export function dayRangeParams(params: TableParams): { startDay: string; endDay: string } | undefined {
  const range = params.range;
  if (!Array.isArray(range) || range.length !== 2) {
    return undefined;
  }
  const [startDay, endDay] = range.map((value) => /^\d{4}-\d{2}-\d{2}/.exec(String(value))?.[0]);
  return startDay && endDay ? { startDay, endDay } : undefined;
}

function isSortable(key: string): boolean {
  return dailyMoneySortKeys.some((sortKey) => sortKey === key);
}

function amountColumn(title: string, key: keyof Totals & `${string}Amount`, tooltip?: string) {
  return {
    title,
    dataIndex: key,
    hideInSearch: true,
    align: 'right',
    ...(tooltip ? { tooltip } : {}),
    sorter: isSortable(key),
    render: (_: unknown, row: DailyMoneyRow) => displayYuan(row[key]),
  } satisfies TableColumn<DailyMoneyRow>;
}

function countColumn(title: string, key: keyof Totals & `${string}Count`) {
  return {
    title,
    dataIndex: key,
    hideInSearch: true,
    align: 'right',
    sorter: isSortable(key),
  } satisfies TableColumn<DailyMoneyRow>;
}

const columns: TableColumn<DailyMoneyRow>[] = [
  { title: '日期', dataIndex: 'day', hideInSearch: true, width: 120, sorter: true },
  {
    title: '日期范围',
    dataIndex: 'range',
    valueType: 'dateRange',
    hideInTable: true,
    tooltip: `北京时间，最长 ${dailyReportRangeDaysMax} 天；不选则为近 30 天`,
  },
  countColumn('存款笔数', 'depositCount'),
  amountColumn('存款金额', 'depositAmount'),
  countColumn('首存人数', 'firstDepositCount'),
  countColumn('提现笔数', 'withdrawalCount'),
  amountColumn('提现金额', 'withdrawalAmount', '当日审核通过的提现，含手续费'),
  amountColumn('手续费', 'feeAmount'),
  amountColumn('实际出款', 'payoutAmount', '提现金额 − 手续费'),
  countColumn('调整笔数', 'adjustmentCount'),
  amountColumn('人工加款', 'adjustmentCreditAmount'),
  amountColumn('人工扣款', 'adjustmentDebitAmount'),
  amountColumn('净入款', 'netAmount', netRule),
];

const totalFigures: Array<[string, (totals: Totals) => string | number, string]> = [
  ['存款', (totals) => displayYuan(totals.depositAmount), '元'],
  ['存款笔数', (totals) => totals.depositCount, '笔'],
  ['首存人数', (totals) => totals.firstDepositCount, '人'],
  ['提现', (totals) => displayYuan(totals.withdrawalAmount), '元'],
  ['手续费', (totals) => displayYuan(totals.feeAmount), '元'],
  ['实际出款', (totals) => displayYuan(totals.payoutAmount), '元'],
  ['人工加款', (totals) => displayYuan(totals.adjustmentCreditAmount), '元'],
  ['人工扣款', (totals) => displayYuan(totals.adjustmentDebitAmount), '元'],
  ['净入款', (totals) => displayYuan(totals.netAmount), '元'],
];

/** Figure titles are read, not decoration: antd's description grey (3.4:1) is darkened to 4.5:1. */
const readableTitles = { token: { colorTextDescription: 'rgb(0 0 0 / 65%)' } };

/** The sums over every day of the range the table shows, whichever page is open. */
function RangeTotals(props: { page: DailyMoneyPage }) {
  const { page } = props;
  return (
    <ConfigProvider theme={readableTitles}>
      <Card size="small" title={`合计：${page.startDay} 至 ${page.endDay}（共 ${page.total} 天）`}>
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: '16px 40px' }}>
          {totalFigures.map(([title, value, suffix]) => (
            <Statistic key={title} title={title} value={value(page.totals)} suffix={suffix} />
          ))}
        </div>
      </Card>
    </ConfigProvider>
  );
}

/** 每日资金报表: per Beijing day, newest first, the site's money in and out, with the range's totals. */
export function DailyMoneyReportPage() {
  const [shown, setShown] = useState<DailyMoneyPage | null>(null);
  return (
    <>
      {shown ? <RangeTotals page={shown} /> : null}
      <div style={{ height: 16 }} />
      <DataTable<DailyMoneyRow>
        title="每日资金报表"
        rowKey="day"
        columns={columns}
        exportName="每日资金报表"
        fetchPage={async (params) => {
          try {
            const page = await callRoute('adminDailyMoney', {
              ...pageParams(params),
              ...sortParams(params, dailyMoneySortKeys),
              ...dayRangeParams(params),
            });
            setShown(page);
            return page;
          } catch (error) {
            setShown(null);
            throw error;
          }
        }}
      />
    </>
  );
}
