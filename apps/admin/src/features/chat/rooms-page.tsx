import {
  type ActionType,
  ModalForm,
  ProFormDigit,
  ProFormSwitch,
  ProFormText,
} from '@ant-design/pro-components';
import {
  adminChatRoomSaveSchema,
  chatScoreSchema,
  chatVipLevelMax,
  type RouteBody,
  type RouteResponse,
} from '@site/contract';
import { Button, Popconfirm, Space, Tag } from 'antd';
import { type ReactElement, useRef } from 'react';
import { callRoute } from '../../lib/api-client.ts';
import { DataTable, type TableColumn } from '../../lib/data-table.tsx';
import { hasPermission } from '../../lib/session.ts';
import { useAction } from '../../lib/use-action.ts';
import { useOperator } from '../../lib/use-session.ts';
import { zodRule } from '../../lib/zod-rule.ts';

type RoomRow = RouteResponse<'adminChatRooms'>[number];
type RoomBody = Exclude<RouteBody<'adminChatRoomSave'>, undefined>;

const roomFields = adminChatRoomSaveSchema.shape;
const scoreFields = chatScoreSchema.shape;

/** New room (no `room`) or a change to one: name, the VIP range that may speak, maintenance, order. */
function RoomForm(props: { room?: RoomRow; trigger: ReactElement; onDone: () => void }) {
  const save = useAction('adminChatRoomSave', {
    successText: props.room ? '已保存，房间内会员立即看到变更' : '已新建房间',
    onDone: props.onDone,
  });
  const vipField = (name: 'vipMin' | 'vipMax', label: string) => (
    <ProFormDigit
      name={name}
      label={label}
      min={0}
      max={chatVipLevelMax}
      fieldProps={{ precision: 0 }}
      dependencies={[name === 'vipMin' ? 'vipMax' : 'vipMin']}
      rules={[
        { required: true, message: `请输入${label}` },
        ({ getFieldValue }: { getFieldValue: (field: string) => unknown }) => ({
          validator: async () => {
            const vipMin = Number(getFieldValue('vipMin'));
            const vipMax = Number(getFieldValue('vipMax'));
            if (name === 'vipMin' && vipMin > vipMax) {
              throw new Error('最低 VIP 等级不能高于最高等级');
            }
          },
        }),
      ]}
    />
  );
  return (
    <ModalForm<Omit<RoomBody, 'roomId'>>
      title={props.room ? `编辑房间 ${props.room.name}` : '新建房间'}
      name="chatRoom"
      width={520}
      trigger={props.trigger}
      initialValues={props.room ?? { vipMin: 0, vipMax: chatVipLevelMax, isMaintenance: false, sort: 0 }}
      modalProps={{ destroyOnHidden: true, okText: '保存', cancelText: '取消' }}
      onFinish={async (values) => {
        await save.mutateAsync({ ...values, ...(props.room ? { roomId: props.room.roomId } : {}) });
        return true;
      }}
    >
      <ProFormText name="name" label="房间名称" rules={[zodRule(roomFields.name)]} />
      <Space size="large">
        {vipField('vipMin', '最低 VIP 等级')}
        {vipField('vipMax', '最高 VIP 等级')}
      </Space>
      <ProFormSwitch name="isMaintenance" label="维护中" tooltip="维护中的房间会员只能查看，不能发言" />
      <ProFormDigit
        name="sort"
        label="排序"
        min={0}
        max={9999}
        fieldProps={{ precision: 0 }}
        tooltip="数字小的在前"
      />
    </ModalForm>
  );
}

type ScoreBody = Omit<Exclude<RouteBody<'adminChatScore'>, undefined>, 'roomId'>;

/** 发布比分: a live score posted into the room as a system message (10014). */
function ScoreForm(props: { room: RoomRow }) {
  const post = useAction('adminChatScore', { successText: '已发布到房间' });
  const team = (name: 'homeTeam' | 'awayTeam', label: string) => (
    <ProFormText name={name} label={label} rules={[zodRule(scoreFields[name])]} />
  );
  const score = (name: 'homeScore' | 'awayScore', label: string) => (
    <ProFormDigit
      name={name}
      label={label}
      min={0}
      max={999}
      fieldProps={{ precision: 0 }}
      rules={[{ required: true, message: `请输入${label}` }]}
    />
  );
  return (
    <ModalForm<ScoreBody>
      title={`发布比分到 ${props.room.name}`}
      name="chatScore"
      width={520}
      trigger={
        <Button type="link" size="small">
          发布比分
        </Button>
      }
      modalProps={{ destroyOnHidden: true, okText: '发布', cancelText: '取消' }}
      onFinish={async (values) => {
        await post.mutateAsync({ ...values, roomId: props.room.roomId });
        return true;
      }}
    >
      <ProFormText name="matchName" label="赛事" rules={[zodRule(scoreFields.matchName)]} />
      <Space size="large">
        {team('homeTeam', '主队')}
        {score('homeScore', '主队比分')}
      </Space>
      <Space size="large">
        {team('awayTeam', '客队')}
        {score('awayScore', '客队比分')}
      </Space>
    </ModalForm>
  );
}

function MaintainAllButtons(props: { onDone: () => void }) {
  const maintainAll = useAction('adminChatMaintainAll', { successText: '已生效', onDone: props.onDone });
  return (
    <Space>
      <Popconfirm
        title="全部房间进入维护？"
        description="所有会员将只能查看，不能发言"
        okText="确认"
        cancelText="取消"
        onConfirm={() => maintainAll.mutateAsync({ isMaintenance: true })}
      >
        <Button danger>全部维护</Button>
      </Popconfirm>
      <Popconfirm
        title="结束全部房间的维护？"
        okText="确认"
        cancelText="取消"
        onConfirm={() => maintainAll.mutateAsync({ isMaintenance: false })}
      >
        <Button>结束全部维护</Button>
      </Popconfirm>
    </Space>
  );
}

/** 房间管理: the site's chat rooms with their VIP range, maintenance and members online now. */
export function ChatRoomsPage() {
  const operator = useOperator();
  const actionRef = useRef<ActionType>(undefined);
  const isWriter = hasPermission(operator, 'chat.write');
  const reload = () => {
    void actionRef.current?.reload();
  };
  const columns: TableColumn<RoomRow>[] = [
    { title: '房间 ID', dataIndex: 'roomId', hideInSearch: true },
    { title: '房间名称', dataIndex: 'name', hideInSearch: true },
    {
      title: '可发言 VIP',
      dataIndex: 'vipMin',
      hideInSearch: true,
      render: (_, row) => `VIP${row.vipMin} - VIP${row.vipMax}`,
      csv: (row) => `VIP${row.vipMin}-VIP${row.vipMax}`,
    },
    {
      title: '状态',
      dataIndex: 'isMaintenance',
      hideInSearch: true,
      render: (_, row) => (row.isMaintenance ? <Tag color="orange">维护中</Tag> : '开放'),
      csv: (row) => (row.isMaintenance ? '维护中' : '开放'),
    },
    { title: '在线人数', dataIndex: 'onlineCount', hideInSearch: true },
    { title: '排序', dataIndex: 'sort', hideInSearch: true },
    {
      title: '操作',
      valueType: 'option',
      hideInTable: !isWriter,
      render: (_, row) => (
        <Space size={0}>
          <RoomForm
            room={row}
            onDone={reload}
            trigger={
              <Button type="link" size="small">
                编辑
              </Button>
            }
          />
          <ScoreForm room={row} />
        </Space>
      ),
    },
  ];
  return (
    <DataTable<RoomRow>
      title="房间管理"
      rowKey="roomId"
      columns={columns}
      actionRef={actionRef}
      exportName="聊天室房间"
      isUnpaged
      toolBarActions={
        isWriter
          ? [
              <MaintainAllButtons key="maintain" onDone={reload} />,
              <RoomForm key="add" onDone={reload} trigger={<Button type="primary">新建房间</Button>} />,
            ]
          : []
      }
      fetchPage={async () => {
        const rooms = await callRoute('adminChatRooms');
        return { list: rooms, total: rooms.length };
      }}
    />
  );
}
