import type { RouteResponse } from '@site/contract';
import { callRoute } from '../../lib/api-client.ts';
import { DataTable, pageParams, type TableColumn, timeColumn } from '../../lib/data-table.tsx';

type OutboxRow = RouteResponse<'adminOutbox'>['list'][number];

const columns: TableColumn<OutboxRow>[] = [
  timeColumn('时间', 'createdAt'),
  {
    title: '渠道',
    dataIndex: 'channel',
    hideInSearch: true,
    valueEnum: { sms: { text: '短信' }, email: { text: '邮件' } },
  },
  { title: '收件人', dataIndex: 'recipient', hideInSearch: true, copyable: true },
  { title: '用途', dataIndex: 'purpose', hideInSearch: true },
  { title: '内容', dataIndex: 'body', hideInSearch: true },
];

/** 沙盒消息: what the sandbox SMS and e-mail sender would have delivered. */
export function OutboxPage() {
  return (
    <DataTable<OutboxRow>
      title="沙盒消息"
      rowKey="id"
      columns={columns}
      exportName="沙盒消息"
      fetchPage={(params) => callRoute('adminOutbox', undefined, { query: pageParams(params) })}
    />
  );
}
