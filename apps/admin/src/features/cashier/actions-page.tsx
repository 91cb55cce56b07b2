import type { RouteResponse } from '@site/contract';
import { callRoute } from '../../lib/api-client.ts';
import { DataTable, pageParams, type TableColumn, timeColumn } from '../../lib/data-table.tsx';

type ActionRow = RouteResponse<'adminCashierActions'>['list'][number];

const columns: TableColumn<ActionRow>[] = [
  timeColumn('时间', 'createdAt'),
  { title: '操作人', dataIndex: 'operatorUsername', hideInSearch: true },
  { title: '操作', dataIndex: 'action', hideInSearch: true },
  { title: '对象', dataIndex: 'target', hideInSearch: true, copyable: true },
  { title: '会员ID', dataIndex: 'memberId', hideInSearch: true },
  { title: '金额', dataIndex: 'amount', hideInSearch: true, align: 'right' },
  { title: '原因', dataIndex: 'reason', hideInSearch: true, ellipsis: true },
];

export function ActionsPage() {
  return (
    <DataTable<ActionRow>
      title="资金操作记录"
      rowKey="id"
      columns={columns}
      exportName="资金操作记录"
      fetchPage={(params) => callRoute('adminCashierActions', pageParams(params))}
    />
  );
}
