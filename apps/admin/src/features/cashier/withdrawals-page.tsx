import type { ActionType } from '@ant-design/pro-components';
import { adminWithdrawSortKeys, type RouteResponse, withdrawStatuses } from '@site/contract';
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
import { withdrawAccountKindEnum, withdrawStatusEnum } from '../../lib/labels.ts';
import { hasPermission } from '../../lib/session.ts';
import { useOperator } from '../../lib/use-session.ts';
import { WithdrawReview } from './withdraw-review.tsx';

type WithdrawRow = RouteResponse<'adminWithdrawList'>['list'][number];

function statusParam(params: TableParams) {
  return withdrawStatuses.find((status) => status === params.status);
}

export function WithdrawalsPage() {
  const operator = useOperator();
  const actionRef = useRef<ActionType>(undefined);
  const isReviewer = hasPermission(operator, 'cashier.review');

  const columns: TableColumn<WithdrawRow>[] = [
    { title: '订单号', dataIndex: 'orderNo', hideInSearch: true, copyable: true },
    { title: '会员ID', dataIndex: 'memberId', hideInSearch: true },
    { title: '状态', dataIndex: 'status', valueType: 'select', valueEnum: withdrawStatusEnum },
    { title: '提现金额', dataIndex: 'amount', hideInSearch: true, align: 'right', sorter: true },
    { title: '手续费', dataIndex: 'fee', hideInSearch: true, align: 'right' },
    { title: '实际到账', dataIndex: 'actualAmount', hideInSearch: true, align: 'right' },
    { title: '收款方式', dataIndex: 'accountKind', hideInSearch: true, valueEnum: withdrawAccountKindEnum },
    { title: '收款人', dataIndex: 'holderName', hideInSearch: true },
    { title: '收款账号', dataIndex: 'accountNumber', hideInSearch: true, copyable: true },
    { ...timeColumn('申请时间', 'createdAt'), sorter: true },
    { title: '审核人', dataIndex: 'reviewer', hideInSearch: true },
    { ...timeColumn('审核时间', 'reviewedAt'), sorter: true },
    { title: '备注', dataIndex: 'reason', hideInSearch: true, ellipsis: true },
    {
      title: '操作',
      valueType: 'option',
      fixed: 'right',
      hideInTable: !isReviewer,
      render: (_, row) => (
        <WithdrawReview
          row={row}
          username={operator?.username ?? ''}
          onChanged={() => void actionRef.current?.reload()}
        />
      ),
    },
  ];

  return (
    <DataTable<WithdrawRow>
      title="提现审核"
      rowKey="orderNo"
      columns={columns}
      actionRef={actionRef}
      exportName="提现订单"
      fetchPage={(params) => {
        const status = statusParam(params);
        return callRoute('adminWithdrawList', {
          ...pageParams(params),
          ...sortParams(params, adminWithdrawSortKeys),
          ...(status ? { status } : {}),
        });
      }}
    />
  );
}
