import {
  type AdminSeamlessTransaction,
  adminSeamlessSortKeys,
  recordRangeDaysMax,
  seamlessKinds,
} from '@site/contract';
import { Space, Tag, Tooltip } from 'antd';
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
import { formatTime } from '../../lib/format.ts';
import { booleanParam, seamlessKindEnum, yesNoEnum } from './venue-text.ts';

export function seamlessSearchBody(params: TableParams) {
  const kind = seamlessKinds.find((each) => each === params.kind);
  const isReplayed = booleanParam(params.isReplayed);
  const venueCode = textParam(params, 'venueCode')?.toUpperCase();
  const username = textParam(params, 'username');
  const transactionId = textParam(params, 'transactionId');
  const betId = textParam(params, 'betId');
  return {
    ...pageParams(params),
    ...sortParams(params, adminSeamlessSortKeys),
    ...rangeParams(params),
    ...(kind ? { kind } : {}),
    ...(isReplayed === undefined ? {} : { isReplayed }),
    ...(venueCode ? { venueCode } : {}),
    ...(username ? { username } : {}),
    ...(transactionId ? { transactionId } : {}),
    ...(betId ? { betId } : {}),
  };
}

/** What marks a transaction: sent again (and how often), or a rollback of a debit never seen. */
function Marks({ row }: { row: AdminSeamlessTransaction }) {
  return (
    <Space size={4} wrap>
      {row.replayCount > 0 ? (
        <Tooltip title={`最后一次重发 ${formatTime(row.lastReplayedAt)}`}>
          <Tag color="orange">重发 {row.replayCount} 次</Tag>
        </Tooltip>
      ) : null}
      {row.isTombstone ? (
        <Tooltip title="回滚时尚未收到该扣款：该扣款之后到达也会被拒绝">
          <Tag color="red">先回滚后扣款</Tag>
        </Tooltip>
      ) : null}
    </Space>
  );
}

/** 免转交易: the seamless wallet calls of every venue, replays and rollbacks shown. */
export function SeamlessPage() {
  const columns: TableColumn<AdminSeamlessTransaction>[] = [
    { ...timeColumn<AdminSeamlessTransaction>('时间', 'createdAt'), sorter: true },
    {
      title: '时间范围',
      dataIndex: 'range',
      valueType: 'dateTimeRange',
      hideInTable: true,
      tooltip: `最长 ${recordRangeDaysMax} 天`,
    },
    { title: '场馆代码', dataIndex: 'venueCode' },
    { title: '类型', dataIndex: 'kind', valueType: 'select', valueEnum: seamlessKindEnum },
    { title: '交易号', dataIndex: 'transactionId', copyable: true },
    {
      title: '回滚的扣款',
      dataIndex: 'debitTransactionId',
      hideInSearch: true,
      render: (_, row) => row.debitTransactionId ?? '-',
    },
    { title: '注单号', dataIndex: 'betId', copyable: true, render: (_, row) => row.betId ?? '-' },
    { title: '会员用户名', dataIndex: 'username', render: (_, row) => row.username ?? '-' },
    { title: '金额', dataIndex: 'amount', hideInSearch: true, sorter: true, align: 'right' },
    {
      title: '交易后余额',
      dataIndex: 'balanceAfter',
      hideInSearch: true,
      align: 'right',
      render: (_, row) => row.balanceAfter ?? '-',
    },
    { title: '重发', dataIndex: 'isReplayed', valueType: 'select', valueEnum: yesNoEnum, hideInTable: true },
    {
      title: '重发次数',
      dataIndex: 'replayCount',
      hideInSearch: true,
      sorter: true,
      render: (_, row) => <Marks row={row} />,
      csv: (row) =>
        [row.replayCount > 0 ? `重发 ${row.replayCount} 次` : '', row.isTombstone ? '先回滚后扣款' : '']
          .filter(Boolean)
          .join(' '),
    },
  ];
  return (
    <DataTable<AdminSeamlessTransaction>
      title="免转交易"
      rowKey="id"
      columns={columns}
      exportName="免转交易"
      fetchPage={(params) => callRoute('adminSeamlessTransactions', seamlessSearchBody(params))}
    />
  );
}
