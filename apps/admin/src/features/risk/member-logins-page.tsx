import type { RouteResponse } from '@site/contract';
import { callRoute } from '../../lib/api-client.ts';
import { DataTable, pageParams, type TableColumn, textParam, timeColumn } from '../../lib/data-table.tsx';

type LoginRow = RouteResponse<'adminMemberLoginHistory'>['list'][number];

const columns: TableColumn<LoginRow>[] = [
  {
    title: '会员用户名',
    dataIndex: 'username',
    hideInTable: true,
    formItemProps: { rules: [{ required: true, whitespace: true, message: '请输入会员用户名' }] },
  },
  timeColumn('登录时间', 'loginAt'),
  { title: 'IP', dataIndex: 'ip', hideInSearch: true, copyable: true },
  { title: '设备标识', dataIndex: 'deviceUuid', hideInSearch: true, copyable: true },
  { title: '客户端', dataIndex: 'clientType', hideInSearch: true },
];

/** 会员登录记录: one member's sign-ins, looked up by username (the route wants one). */
export function MemberLoginsPage() {
  return (
    <DataTable<LoginRow>
      title="会员登录记录"
      rowKey="loginAt"
      columns={columns}
      exportName="会员登录记录"
      fetchPage={async (params) => {
        const username = textParam(params, 'username');
        return username
          ? callRoute('adminMemberLoginHistory', { ...pageParams(params), username })
          : { list: [], total: 0 };
      }}
    />
  );
}
