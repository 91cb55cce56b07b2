import {
  type ActionType,
  ModalForm,
  ProFormDigit,
  ProFormSwitch,
  ProFormText,
} from '@ant-design/pro-components';
import {
  type AdminDepositChannel,
  depositChannelSortMax,
  depositChannelUpdateBodySchema,
  depositLimitsProblem,
  yuanAmountSchema,
} from '@site/contract';
import { App, Badge, Button, Form, Space } from 'antd';
import { useRef } from 'react';
import { callRoute } from '../../lib/api-client.ts';
import { DataTable, type TableColumn } from '../../lib/data-table.tsx';
import { hasPermission } from '../../lib/session.ts';
import { useAction } from '../../lib/use-action.ts';
import { useOperator } from '../../lib/use-session.ts';
import { zodRule } from '../../lib/zod-rule.ts';
import {
  type ChannelSettings,
  type ChannelUpdateBody,
  channelGroupEnum,
  channelKindEnum,
  channelUpdateBody,
  describeChannelChanges,
} from './channel-settings.ts';

const fields = depositChannelUpdateBodySchema.shape;

/** Asks before saving, listing what changes; resolves whether the change was saved. */
function useConfirmedSave(onDone: () => void) {
  const { modal } = App.useApp();
  const save = useAction('adminDepositChannelUpdate', { successText: '存款通道已更新', onDone });
  const confirm = (channel: AdminDepositChannel, body: ChannelUpdateBody) =>
    new Promise<boolean>((resolve) => {
      const changes = describeChannelChanges(channel, body);
      if (changes.length === 0) {
        resolve(true);
        return;
      }
      modal.confirm({
        title: `确认修改存款通道「${channel.name}」？`,
        content: (
          <ul style={{ paddingInlineStart: 20, margin: 0 }}>
            {changes.map((change) => (
              <li key={change}>{change}</li>
            ))}
          </ul>
        ),
        okText: '确认修改',
        cancelText: '取消',
        onOk: async () => {
          await save.mutateAsync(body);
          resolve(true);
        },
        onCancel: () => resolve(false),
      });
    });
  return { confirm, isPending: save.isPending };
}

function EditChannel(props: { channel: AdminDepositChannel; onDone: () => void }) {
  const [form] = Form.useForm<ChannelSettings>();
  const { confirm } = useConfirmedSave(props.onDone);
  return (
    <ModalForm<ChannelSettings>
      title={`编辑存款通道：${props.channel.name}`}
      name={`channelEdit${props.channel.channelId}`}
      form={form}
      width={520}
      layout="horizontal"
      labelCol={{ span: 6 }}
      wrapperCol={{ span: 16 }}
      trigger={
        <Button type="link" size="small">
          编辑
        </Button>
      }
      initialValues={props.channel}
      modalProps={{ destroyOnHidden: true, okText: '保存', cancelText: '取消' }}
      onFinish={(values) => confirm(props.channel, channelUpdateBody(props.channel, values))}
    >
      <ProFormText
        name="name"
        label="通道名称"
        rules={[{ required: true, whitespace: true, message: '请输入通道名称' }, zodRule(fields.name)]}
        fieldProps={{ maxLength: 20 }}
      />
      <ProFormText
        name="tag"
        label="角标"
        placeholder="例如 推荐、热，可留空"
        rules={[zodRule(fields.tag)]}
        fieldProps={{ maxLength: 8 }}
      />
      <ProFormText
        name="minAmount"
        label="单笔最低（元）"
        rules={[{ required: true, message: '请输入单笔最低金额' }, zodRule(yuanAmountSchema)]}
      />
      <ProFormText
        name="maxAmount"
        label="单笔最高（元）"
        dependencies={['minAmount']}
        rules={[
          { required: true, message: '请输入单笔最高金额' },
          zodRule(yuanAmountSchema),
          {
            validator: async (_rule, maxAmount: unknown) => {
              const minAmount: unknown = form.getFieldValue('minAmount');
              if (typeof minAmount !== 'string' || typeof maxAmount !== 'string') {
                return;
              }
              const problem = depositLimitsProblem(minAmount.trim(), maxAmount.trim());
              if (problem?.field === 'maxAmount') {
                throw new Error(problem.message);
              }
            },
          },
        ]}
      />
      <ProFormDigit
        name="sort"
        label="排序"
        min={0}
        max={depositChannelSortMax}
        fieldProps={{ precision: 0 }}
        tooltip="数字越小，在会员充值页越靠前"
        rules={[{ required: true, message: '请输入排序' }, zodRule(fields.sort)]}
      />
      <ProFormSwitch name="isEnabled" label="启用" />
    </ModalForm>
  );
}

function ToggleChannel(props: { channel: AdminDepositChannel; onDone: () => void }) {
  const { confirm, isPending } = useConfirmedSave(props.onDone);
  const { channel } = props;
  return (
    <Button
      type="link"
      size="small"
      danger={channel.isEnabled}
      loading={isPending}
      onClick={() => void confirm(channel, channelUpdateBody(channel, { isEnabled: !channel.isEnabled }))}
    >
      {channel.isEnabled ? '停用' : '启用'}
    </Button>
  );
}

function ChannelState(props: { channel: AdminDepositChannel }) {
  if (!props.channel.isEnabled) {
    return <Badge status="default" text="已停用" />;
  }
  return props.channel.isOffered ? (
    <Badge status="success" text="启用中" />
  ) : (
    <Badge status="warning" text="已启用（沙盒网关未开启，会员不可见）" />
  );
}

const stateText = (channel: AdminDepositChannel) =>
  channel.isEnabled ? (channel.isOffered ? '启用中' : '已启用（会员不可见）') : '已停用';

/**
 * 存款通道: every deposit channel of the site with its per-order limits, display order and
 * state. Staff with 资金设置 rights edit them; members see a change on their next visit.
 */
export function ChannelsPage() {
  const operator = useOperator();
  const mayEdit = hasPermission(operator, 'cashier.settings');
  const actionRef = useRef<ActionType>(undefined);
  const reload = () => {
    void actionRef.current?.reload();
  };

  const columns: TableColumn<AdminDepositChannel>[] = [
    { title: '排序', dataIndex: 'sort', hideInSearch: true, width: 70 },
    { title: '通道名称', dataIndex: 'name', hideInSearch: true },
    { title: '编码', dataIndex: 'code', hideInSearch: true, copyable: true },
    { title: '类型', dataIndex: 'kind', hideInSearch: true, valueEnum: channelKindEnum },
    { title: '分组', dataIndex: 'group', hideInSearch: true, valueEnum: channelGroupEnum },
    { title: '角标', dataIndex: 'tag', hideInSearch: true, render: (_, row) => row.tag || '-' },
    { title: '单笔最低（元）', dataIndex: 'minAmount', hideInSearch: true, align: 'right' },
    { title: '单笔最高（元）', dataIndex: 'maxAmount', hideInSearch: true, align: 'right' },
    {
      title: '状态',
      dataIndex: 'isEnabled',
      hideInSearch: true,
      render: (_, row) => <ChannelState channel={row} />,
      csv: stateText,
    },
    {
      title: '操作',
      valueType: 'option',
      hideInTable: !mayEdit,
      render: (_, row) => (
        <Space size={0}>
          <EditChannel channel={row} onDone={reload} />
          <ToggleChannel channel={row} onDone={reload} />
        </Space>
      ),
    },
  ];

  return (
    <DataTable<AdminDepositChannel>
      title="存款通道"
      rowKey="channelId"
      columns={columns}
      actionRef={actionRef}
      exportName="存款通道"
      isUnpaged
      fetchPage={async () => {
        const list = await callRoute('adminDepositChannels');
        return { list, total: list.length };
      }}
    />
  );
}
