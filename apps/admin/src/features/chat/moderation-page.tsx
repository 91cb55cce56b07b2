import type { ActionType } from '@ant-design/pro-components';
import type { RouteResponse } from '@site/contract';
import { Button, Tag } from 'antd';
import { useRef } from 'react';
import { callRoute } from '../../lib/api-client.ts';
import {
  DataTable,
  type TableColumn,
  type TableParams,
  textParam,
  timeColumn,
} from '../../lib/data-table.tsx';
import { formatTime } from '../../lib/format.ts';
import { hasPermission } from '../../lib/session.ts';
import { useOperator } from '../../lib/use-session.ts';
import { SpeechButton } from './speech-form.tsx';

type RestrictionRow = RouteResponse<'adminChatRestrictions'>[number];

/** The list comes whole; the username filter narrows it in the page. */
function filtered(rows: RestrictionRow[], params: TableParams): RestrictionRow[] {
  const username = textParam(params, 'username');
  return rows.filter((row) => !username || row.username.includes(username));
}

/** 禁言管理: members muted or banned now, why and until when; mute, ban or restore from here. */
export function ChatModerationPage() {
  const operator = useOperator();
  const actionRef = useRef<ActionType>(undefined);
  const isWriter = hasPermission(operator, 'chat.write');
  const reload = () => {
    void actionRef.current?.reload();
  };
  const columns: TableColumn<RestrictionRow>[] = [
    { title: '会员用户名', dataIndex: 'username', copyable: true },
    {
      title: '状态',
      dataIndex: 'speechStatus',
      hideInSearch: true,
      render: (_, row) =>
        row.speechStatus === 2 ? <Tag color="red">禁止发言</Tag> : <Tag color="orange">禁言中</Tag>,
      csv: (row) => (row.speechStatus === 2 ? '禁止发言' : '禁言中'),
    },
    {
      title: '禁言至',
      dataIndex: 'mutedUntil',
      hideInSearch: true,
      render: (_, row) => (row.speechStatus === 2 ? '永久' : formatTime(row.mutedUntil)),
      csv: (row) => (row.speechStatus === 2 ? '永久' : formatTime(row.mutedUntil)),
    },
    { title: '原因', dataIndex: 'reason', hideInSearch: true, ellipsis: true },
    timeColumn('操作时间', 'updatedAt'),
    {
      title: '操作',
      valueType: 'option',
      hideInTable: !isWriter,
      render: (_, row) => (
        <SpeechButton
          username={row.username}
          status="normal"
          onDone={reload}
          trigger={
            <Button type="link" size="small">
              解除
            </Button>
          }
        />
      ),
    },
  ];
  return (
    <DataTable<RestrictionRow>
      title="禁言管理"
      rowKey="memberId"
      columns={columns}
      actionRef={actionRef}
      exportName="聊天室禁言"
      isUnpaged
      toolBarActions={
        isWriter
          ? [<SpeechButton key="add" onDone={reload} trigger={<Button type="primary">禁言会员</Button>} />]
          : []
      }
      fetchPage={async (params) => {
        const rows = filtered(await callRoute('adminChatRestrictions'), params);
        return { list: rows, total: rows.length };
      }}
    />
  );
}
