import { memberSearchFields, memberSearchSortKeys, type RouteResponse } from '@site/contract';
import { Link, useNavigate } from 'react-router';
import { memberDetailUrl } from '../../app/menu.ts';
import { callRoute } from '../../lib/api-client.ts';
import {
  DataTable,
  pageParams,
  sortParams,
  type TableColumn,
  type TableParams,
  textParam,
  timeColumn,
} from '../../lib/data-table.tsx';
import { memberSearchFieldEnum, memberStatusEnum } from '../../lib/labels.ts';

type MemberRow = RouteResponse<'adminMemberSearch'>['list'][number];

function fieldParam(params: TableParams) {
  return memberSearchFields.find((field) => field === params.field) ?? 'username';
}

/** The member list's URL for one search, e.g. every member who signed in from one IP. */
export function memberSearchUrl(field: (typeof memberSearchFields)[number], value: string): string {
  return `/member/list?${new URLSearchParams({ field, value })}`;
}

const columns: TableColumn<MemberRow>[] = [
  {
    title: '搜索字段',
    dataIndex: 'field',
    valueType: 'select',
    valueEnum: memberSearchFieldEnum,
    initialValue: 'username',
    hideInTable: true,
    fieldProps: { allowClear: false },
  },
  {
    title: '搜索内容',
    dataIndex: 'value',
    hideInTable: true,
    tooltip: '按登录 IP 或设备标识搜索时，列出所有用过它的会员',
    formItemProps: { rules: [{ required: true, whitespace: true, message: '请输入搜索内容' }] },
  },
  { title: '会员ID', dataIndex: 'memberId', hideInSearch: true, sorter: true },
  {
    title: '用户名',
    dataIndex: 'username',
    hideInSearch: true,
    render: (_, row) => (
      <Link to={memberDetailUrl(row.username)} onClick={(event) => event.stopPropagation()}>
        {row.username}
      </Link>
    ),
  },
  { title: '手机号', dataIndex: 'phone', hideInSearch: true },
  { title: '状态', dataIndex: 'status', hideInSearch: true, valueEnum: memberStatusEnum },
  { ...timeColumn('注册时间', 'createdAt'), sorter: true },
  { ...timeColumn('最后登录', 'lastLoginAt'), sorter: true },
];

/** 会员列表: members found by one field; a shared IP or device lists everyone who used it. */
export function MembersPage() {
  const navigate = useNavigate();
  return (
    <DataTable<MemberRow>
      title="会员列表"
      rowKey="memberId"
      columns={columns}
      exportName="会员列表"
      onRowClick={(row) => navigate(memberDetailUrl(row.username))}
      fetchPage={async (params) => {
        const value = textParam(params, 'value');
        return value
          ? callRoute('adminMemberSearch', {
              ...pageParams(params),
              ...sortParams(params, memberSearchSortKeys),
              field: fieldParam(params),
              value,
            })
          : { list: [], total: 0 };
      }}
    />
  );
}
