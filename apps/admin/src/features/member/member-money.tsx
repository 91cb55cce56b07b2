import { ProCard } from '@ant-design/pro-components';
import type { RouteResponse } from '@site/contract';
import { Tabs } from 'antd';
import { callRoute } from '../../lib/api-client.ts';
import {
  DataTable,
  pageParams,
  type TableColumn,
  type TableParams,
  timeColumn,
} from '../../lib/data-table.tsx';
import {
  adjustWalletEnum,
  depositStatusEnum,
  withdrawAccountKindEnum,
  withdrawStatusEnum,
} from '../../lib/labels.ts';
import { ledgerKindText } from './member-actions.ts';

type DepositRow = RouteResponse<'adminMemberDeposits'>['list'][number];
type WithdrawRow = RouteResponse<'adminMemberWithdrawals'>['list'][number];
type LedgerRow = RouteResponse<'adminMemberLedger'>['list'][number];

const depositColumns: TableColumn<DepositRow>[] = [
  { title: '订单号', dataIndex: 'orderNo', copyable: true },
  { title: '金额', dataIndex: 'amount', align: 'right' },
  { title: '状态', dataIndex: 'status', valueEnum: depositStatusEnum },
  timeColumn('创建时间', 'createdAt'),
];

const withdrawColumns: TableColumn<WithdrawRow>[] = [
  { title: '订单号', dataIndex: 'orderNo', copyable: true },
  { title: '金额', dataIndex: 'amount', align: 'right' },
  { title: '手续费', dataIndex: 'fee', align: 'right' },
  { title: '实际到账', dataIndex: 'actualAmount', align: 'right' },
  { title: '收款方式', dataIndex: 'accountKind', valueEnum: withdrawAccountKindEnum },
  { title: '收款账户', dataIndex: 'accountLabel' },
  { title: '状态', dataIndex: 'status', valueEnum: withdrawStatusEnum },
  { title: '审核人', dataIndex: 'reviewer', render: (_, row) => row.reviewer ?? '-' },
  { title: '原因', dataIndex: 'reason', ellipsis: true },
  timeColumn('申请时间', 'createdAt'),
  timeColumn('审核时间', 'reviewedAt'),
];

const ledgerColumns: TableColumn<LedgerRow>[] = [
  {
    title: '钱包',
    dataIndex: 'wallet',
    valueType: 'select',
    valueEnum: adjustWalletEnum,
    initialValue: 'main',
    hideInTable: true,
    fieldProps: { allowClear: false },
  },
  timeColumn('时间', 'createdAt'),
  {
    title: '类型',
    dataIndex: 'kind',
    hideInSearch: true,
    render: (_, row) => ledgerKindText(row.kind),
    csv: (row) => ledgerKindText(row.kind),
  },
  { title: '摘要', dataIndex: 'memo', hideInSearch: true, ellipsis: true },
  { title: '金额', dataIndex: 'amount', hideInSearch: true, align: 'right' },
  { title: '余额', dataIndex: 'balanceAfter', hideInSearch: true, align: 'right' },
  {
    title: '状态',
    dataIndex: 'status',
    hideInSearch: true,
    valueEnum: { success: { text: '成功' }, pending: { text: '处理中' }, failed: { text: '失败' } },
  },
  { title: '流水号', dataIndex: 'transferId', hideInSearch: true, copyable: true },
];

function walletParam(params: TableParams): 'main' | 'bonus' {
  return params.wallet === 'bonus' ? 'bonus' : 'main';
}

/** 会员详情's money: the member's deposit and withdrawal orders and wallet entries, each paged. */
export function MemberMoney(props: { username: string }) {
  const { username } = props;
  return (
    <ProCard title="资金记录">
      <Tabs
        destroyOnHidden
        items={[
          {
            key: 'deposits',
            label: '存款订单',
            children: (
              <DataTable<DepositRow>
                title="存款订单"
                rowKey="orderNo"
                columns={depositColumns}
                exportName={`会员存款订单-${username}`}
                isUrlSynced={false}
                fetchPage={(params) => callRoute('adminMemberDeposits', { ...pageParams(params), username })}
              />
            ),
          },
          {
            key: 'withdrawals',
            label: '提现订单',
            children: (
              <DataTable<WithdrawRow>
                title="提现订单"
                rowKey="orderNo"
                columns={withdrawColumns}
                exportName={`会员提现订单-${username}`}
                isUrlSynced={false}
                fetchPage={(params) =>
                  callRoute('adminMemberWithdrawals', { ...pageParams(params), username })
                }
              />
            ),
          },
          {
            key: 'ledger',
            label: '资金流水',
            children: (
              <DataTable<LedgerRow>
                title="资金流水"
                rowKey="id"
                columns={ledgerColumns}
                exportName={`会员资金流水-${username}`}
                isUrlSynced={false}
                fetchPage={(params) =>
                  callRoute('adminMemberLedger', {
                    ...pageParams(params),
                    username,
                    wallet: walletParam(params),
                  })
                }
              />
            ),
          },
        ]}
      />
    </ProCard>
  );
}
