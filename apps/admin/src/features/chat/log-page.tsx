import { type ActionType, ModalForm, ProFormTextArea } from '@ant-design/pro-components';
import { adminChatLogSortKeys, type RouteResponse, recordRangeDaysMax } from '@site/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Space, Tag, Tooltip } from 'antd';
import { useRef } from 'react';
import { callRoute } from '../../lib/api-client.ts';
import {
  DataTable,
  pageParams,
  rangeParams,
  sortParams,
  type TableColumn,
  type TableParams,
  textParam,
} from '../../lib/data-table.tsx';
import { formatTime } from '../../lib/format.ts';
import { hasPermission } from '../../lib/session.ts';
import { useAction } from '../../lib/use-action.ts';
import { useOperator } from '../../lib/use-session.ts';
import { messageKindEnum, messageText } from './message-text.ts';
import { SpeechButton } from './speech-form.tsx';

/** A log entry with its message id on top, the table's row key. */
type LogRow = RouteResponse<'adminChatLog'>['list'][number] & { messageId: number };

function WithdrawButton(props: { row: LogRow; onDone: () => void }) {
  const withdraw = useAction('adminChatWithdraw', {
    successText: '已撤回，房间内会员立即不再看到',
    onDone: props.onDone,
  });
  return (
    <ModalForm<{ reason: string }>
      title="撤回消息"
      name="chatWithdraw"
      width={480}
      trigger={
        <Button type="link" size="small" danger>
          撤回
        </Button>
      }
      modalProps={{ destroyOnHidden: true, okText: '撤回', cancelText: '取消' }}
      onFinish={async (values) => {
        await withdraw.mutateAsync({ messageId: props.row.message.messageId, reason: values.reason.trim() });
        return true;
      }}
    >
      <p>{messageText(props.row.message)}</p>
      <ProFormTextArea
        name="reason"
        label="原因"
        rules={[{ required: true, whitespace: true, message: '请填写原因' }]}
        fieldProps={{ maxLength: 200 }}
      />
    </ModalForm>
  );
}

function searchBody(params: TableParams) {
  const roomId = Number(params.roomId);
  const username = textParam(params, 'username');
  const keyword = textParam(params, 'keyword');
  return {
    ...pageParams(params),
    ...sortParams(params, adminChatLogSortKeys),
    ...rangeParams(params),
    ...(Number.isInteger(roomId) && roomId > 0 ? { roomId } : {}),
    ...(username ? { username } : {}),
    ...(keyword ? { keyword } : {}),
  };
}

/**
 * 聊天记录: the site's chat by room, member, words and time, withdrawn messages included and
 * marked; staff who moderate withdraw a message or mute its sender from the row.
 */
export function ChatLogPage() {
  const operator = useOperator();
  const actionRef = useRef<ActionType>(undefined);
  const isWriter = hasPermission(operator, 'chat.write');
  const rooms = useQuery({ queryKey: ['chat', 'rooms'], queryFn: () => callRoute('adminChatRooms') });
  const roomEnum = Object.fromEntries((rooms.data ?? []).map((room) => [room.roomId, { text: room.name }]));
  const reload = () => {
    void actionRef.current?.reload();
  };
  const columns: TableColumn<LogRow>[] = [
    {
      title: '时间',
      dataIndex: 'createdAt',
      sorter: true,
      hideInSearch: true,
      width: 170,
      render: (_, row) => formatTime(row.message.createdAt),
      csv: (row) => formatTime(row.message.createdAt),
    },
    {
      title: '时间范围',
      dataIndex: 'range',
      valueType: 'dateTimeRange',
      hideInTable: true,
      tooltip: `最长 ${recordRangeDaysMax} 天`,
    },
    {
      title: '房间',
      dataIndex: 'roomId',
      valueType: 'select',
      valueEnum: roomEnum,
      render: (_, row) => roomEnum[row.message.roomId]?.text ?? row.message.roomId,
      csv: (row) => roomEnum[row.message.roomId]?.text ?? String(row.message.roomId),
    },
    {
      title: '会员用户名',
      dataIndex: 'username',
      copyable: true,
      render: (_, row) => row.username ?? '系统',
    },
    {
      title: '昵称',
      dataIndex: 'nickname',
      hideInSearch: true,
      render: (_, row) => `${row.message.nickname} (VIP${row.message.vipLevel})`,
      csv: (row) => row.message.nickname,
    },
    {
      title: '类型',
      dataIndex: 'kind',
      hideInSearch: true,
      render: (_, row) => messageKindEnum[row.message.kind].text,
      csv: (row) => messageKindEnum[row.message.kind].text,
    },
    { title: '关键词', dataIndex: 'keyword', hideInTable: true },
    {
      title: '内容',
      dataIndex: 'content',
      hideInSearch: true,
      ellipsis: true,
      render: (_, row) => messageText(row.message),
      csv: (row) => messageText(row.message),
    },
    {
      title: '状态',
      dataIndex: 'isWithdrawn',
      hideInSearch: true,
      render: (_, row) =>
        row.isWithdrawn ? (
          <Tooltip title={row.withdrawnReason}>
            <Tag color="red">已撤回</Tag>
          </Tooltip>
        ) : (
          '正常'
        ),
      csv: (row) => (row.isWithdrawn ? `已撤回：${row.withdrawnReason ?? ''}` : '正常'),
    },
    {
      title: '操作',
      valueType: 'option',
      hideInTable: !isWriter,
      render: (_, row) => (
        <Space size={0}>
          {row.isWithdrawn ? null : <WithdrawButton row={row} onDone={reload} />}
          {row.username ? (
            <SpeechButton
              username={row.username}
              trigger={
                <Button type="link" size="small">
                  禁言
                </Button>
              }
            />
          ) : null}
        </Space>
      ),
    },
  ];
  return (
    <DataTable<LogRow>
      title="聊天记录"
      rowKey="messageId"
      columns={columns}
      actionRef={actionRef}
      exportName="聊天记录"
      fetchPage={async (params) => {
        const page = await callRoute('adminChatLog', searchBody(params));
        return {
          ...page,
          list: page.list.map((entry) => ({ ...entry, messageId: entry.message.messageId })),
        };
      }}
    />
  );
}
