import type { ActionType } from '@ant-design/pro-components';
import { adminDepositSortKeys, depositStatuses, type RouteResponse } from '@site/contract';
import { useRef } from 'react';
import { callRoute } from '../../lib/api-client.ts';
import {
  DataTable,
  pageParams,
  sortParams,
  type TableColumn,
  type TableParams,
  timeColumn,
} from '../../lib/data-table.tsx';
import { depositStatusEnum } from '../../lib/labels.ts';
import { hasPermission } from '../../lib/session.ts';
import { useOperator } from '../../lib/use-session.ts';
import { OrderReview } from './order-review.tsx';

type DepositRow = RouteResponse<'adminDepositList'>['list'][number];

function statusParam(params: TableParams) {
  return depositStatuses.find((status) => status === params.status);
}

function payeeOf(row: DepositRow): string {
  return row.bankAccount
    ? `${row.bankAccount.bankName} ${row.bankAccount.accountName} ${row.bankAccount.accountNumber}`
    : '在线支付';
}

export function DepositsPage() {
  const operator = useOperator();
  const actionRef = useRef<ActionType>(undefined);
  const isReviewer = hasPermission(operator, 'cashier.review');

  const columns: TableColumn<DepositRow>[] = [
    { title: '订单号', dataIndex: 'orderNo', hideInSearch: true, copyable: true },
    { title: '会员ID', dataIndex: 'memberId', hideInSearch: true },
    { title: '状态', dataIndex: 'status', valueType: 'select', valueEnum: depositStatusEnum },
    { title: '金额', dataIndex: 'amount', hideInSearch: true, align: 'right', sorter: true },
    { title: '渠道ID', dataIndex: 'channelId', hideInSearch: true },
    { title: '收款账户', hideInSearch: true, render: (_, row) => payeeOf(row), csv: payeeOf },
    { ...timeColumn('创建时间', 'createdAt'), sorter: true },
    { ...timeColumn('过期时间', 'expiresAt'), sorter: true },
    {
      title: '操作',
      valueType: 'option',
      fixed: 'right',
      hideInTable: !isReviewer,
      // Gateway orders are settled by the gateway's callback; staff confirm bank transfers only.
      render: (_, row) =>
        row.status === 'pending' && row.bankAccount ? (
          <OrderReview
            orderNo={row.orderNo}
            summary={`会员 ${row.memberId} 银行转账 ${row.amount} 元`}
            approve={{ route: 'adminDepositConfirm', label: '确认到账', successText: '已确认，款项已入账' }}
            reject={{ route: 'adminDepositReject', successText: '已拒绝该存款订单' }}
            onDone={() => void actionRef.current?.reload()}
          />
        ) : null,
    },
  ];

  return (
    <DataTable<DepositRow>
      title="存款订单"
      rowKey="orderNo"
      columns={columns}
      actionRef={actionRef}
      exportName="存款订单"
      fetchPage={(params) => {
        const status = statusParam(params);
        return callRoute('adminDepositList', {
          ...pageParams(params),
          ...sortParams(params, adminDepositSortKeys),
          ...(status ? { status } : {}),
        });
      }}
    />
  );
}
