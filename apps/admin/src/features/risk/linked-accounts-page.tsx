import { linkKinds, type RouteResponse } from '@site/contract';
import { Space, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { memberDetailUrl } from '../../app/menu.ts';
import { callRoute } from '../../lib/api-client.ts';
import {
  DataTable,
  pageParams,
  type TableColumn,
  type TableParams,
  textParam,
  timeColumn,
} from '../../lib/data-table.tsx';
import { linkKindEnum, memberStatusEnum } from '../../lib/labels.ts';
import { type LinkRow, linkedMemberCounts, linkRows } from './linked-accounts.ts';

type SharedRow = RouteResponse<'adminSharedAccess'>['list'][number];

function kindParam(params: TableParams) {
  return linkKinds.find((kind) => kind === params.kind);
}

const memberLink = (username: string) => (
  <Link to={memberDetailUrl(username)} onClick={(event) => event.stopPropagation()}>
    {username}
  </Link>
);

const linkColumns: TableColumn<LinkRow>[] = [
  {
    title: '会员用户名',
    dataIndex: 'member',
    hideInTable: true,
    formItemProps: { rules: [{ required: true, whitespace: true, message: '请输入会员用户名' }] },
  },
  { title: '关联方式', dataIndex: 'kind', valueType: 'select', valueEnum: linkKindEnum },
  { title: '共用对象', dataIndex: 'value', hideInSearch: true, copyable: true },
  {
    title: '关联会员',
    dataIndex: 'username',
    hideInSearch: true,
    render: (_, row) => memberLink(row.username),
  },
  { title: '状态', dataIndex: 'status', hideInSearch: true, valueEnum: memberStatusEnum },
  timeColumn('最近使用', 'lastUsedAt'),
];

/** One member's links: every other member who shared a device, an IP or a payout account. */
function MemberLinks() {
  const [summary, setSummary] = useState<string | null>(null);
  return (
    <>
      {summary ? (
        <Typography.Paragraph style={{ marginBottom: 16 }} aria-live="polite">
          {summary}
        </Typography.Paragraph>
      ) : null}
      <DataTable<LinkRow>
        title="会员关联"
        rowKey="key"
        columns={linkColumns}
        exportName="关联账户"
        isUnpaged
        fetchPage={async (params) => {
          const username = textParam(params, 'member');
          if (!username) {
            setSummary(null);
            return { list: [], total: 0 };
          }
          const linked = await callRoute('adminLinkedAccounts', { username });
          const counts = linkedMemberCounts(linked.links);
          setSummary(
            `${linked.username}：共用设备 ${counts.device} 人，共用 IP ${counts.ip} 人，共用收款账户 ${counts.payoutAccount} 人`,
          );
          const rows = linkRows(linked.links, kindParam(params));
          return { list: rows, total: rows.length };
        }}
      />
    </>
  );
}

const sharedColumns: TableColumn<SharedRow>[] = [
  {
    title: '类型',
    dataIndex: 'kind',
    valueType: 'select',
    valueEnum: linkKindEnum,
    initialValue: 'device',
    fieldProps: { allowClear: false },
  },
  { title: '共用对象', dataIndex: 'value', hideInSearch: true, copyable: true },
  { title: '会员数', dataIndex: 'memberCount', hideInSearch: true },
  {
    title: '会员',
    dataIndex: 'members',
    hideInSearch: true,
    render: (_, row) => (
      <Space wrap>
        {row.members.map((member) => (
          <span key={member.memberId}>{memberLink(member.username)}</span>
        ))}
      </Space>
    ),
    csv: (row) => row.members.map((member) => member.username).join(' '),
  },
  timeColumn('最近使用', 'lastUsedAt'),
];

/** The site's devices, IPs and payout accounts used by more than one member, most members first. */
function SharedAccess() {
  return (
    <DataTable<SharedRow>
      title="多人共用"
      rowKey="key"
      columns={sharedColumns}
      exportName="多人共用"
      isUrlSynced={false}
      fetchPage={(params) =>
        callRoute('adminSharedAccess', { ...pageParams(params), kind: kindParam(params) ?? 'device' })
      }
    />
  );
}

/** 关联账户: who shares a device, an IP or a payout account with a member, and the site-wide list. */
export function LinkedAccountsPage() {
  return (
    <Tabs
      destroyOnHidden
      items={[
        { key: 'member', label: '会员关联', children: <MemberLinks /> },
        { key: 'shared', label: '多人共用', children: <SharedAccess /> },
      ]}
    />
  );
}
