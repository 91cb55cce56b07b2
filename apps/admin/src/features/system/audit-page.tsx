import { auditSortKeys, type RouteResponse, recordRangeDaysMax } from '@site/contract';
import { Typography } from 'antd';
import { callRoute } from '../../lib/api-client.ts';
import {
  DataTable,
  pageParams,
  rangeParams,
  sortParams,
  type TableColumn,
  textParam,
  timeColumn,
} from '../../lib/data-table.tsx';

type AuditRow = RouteResponse<'adminAuditList'>['list'][number];

function json(value: unknown): string {
  return value === null || value === undefined ? '' : JSON.stringify(value);
}

function Change(props: { value: unknown }) {
  const text = json(props.value);
  return text ? (
    <Typography.Text code ellipsis={{ tooltip: text }} style={{ maxWidth: 260 }}>
      {text}
    </Typography.Text>
  ) : (
    '-'
  );
}

const columns: TableColumn<AuditRow>[] = [
  { ...timeColumn('时间', 'at'), sorter: true },
  {
    title: '时间范围',
    dataIndex: 'range',
    valueType: 'dateTimeRange',
    hideInTable: true,
    tooltip: `最长 ${recordRangeDaysMax} 天`,
  },
  { title: '操作人', dataIndex: 'operatorUsername', sorter: true },
  {
    title: '站点',
    dataIndex: 'siteId',
    hideInSearch: true,
    renderText: (siteId: number | null) => siteId ?? '全部',
  },
  { title: '操作', dataIndex: 'action', sorter: true, fieldProps: { placeholder: '例如 staff.create' } },
  { title: '对象', dataIndex: 'target' },
  {
    title: '变更前',
    dataIndex: 'before',
    hideInSearch: true,
    render: (_, row) => <Change value={row.before} />,
    csv: (row) => json(row.before),
  },
  {
    title: '变更后',
    dataIndex: 'after',
    hideInSearch: true,
    render: (_, row) => <Change value={row.after} />,
    csv: (row) => json(row.after),
  },
  { title: '原因', dataIndex: 'reason', hideInSearch: true, ellipsis: true },
];

/** 审计日志: every change staff made, searchable, never editable. */
export function AuditPage() {
  return (
    <DataTable<AuditRow>
      title="审计日志"
      rowKey="id"
      columns={columns}
      exportName="审计日志"
      fetchPage={(params) => {
        const operatorUsername = textParam(params, 'operatorUsername');
        const action = textParam(params, 'action');
        const target = textParam(params, 'target');
        return callRoute('adminAuditList', {
          ...pageParams(params),
          ...sortParams(params, auditSortKeys),
          ...rangeParams(params),
          ...(operatorUsername ? { operatorUsername } : {}),
          ...(action ? { action } : {}),
          ...(target ? { target } : {}),
        });
      }}
    />
  );
}
