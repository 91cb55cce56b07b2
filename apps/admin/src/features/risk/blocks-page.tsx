import {
  type ActionType,
  ModalForm,
  ProFormDependency,
  ProFormSelect,
  ProFormText,
  ProFormTextArea,
} from '@ant-design/pro-components';
import { type BlockKind, blockKinds, type RouteResponse } from '@site/contract';
import { Button, Popconfirm } from 'antd';
import { useRef } from 'react';
import { callRoute } from '../../lib/api-client.ts';
import {
  DataTable,
  type TableColumn,
  type TableParams,
  textParam,
  timeColumn,
} from '../../lib/data-table.tsx';
import { blockKindEnum } from '../../lib/labels.ts';
import { hasPermission } from '../../lib/session.ts';
import { useAction } from '../../lib/use-action.ts';
import { useOperator } from '../../lib/use-session.ts';

type BlockRow = RouteResponse<'adminBlockList'>[number];

const valuePlaceholders = {
  member: '会员用户名',
  device: '设备标识（device-uuid）',
  ip: 'IP 或网段，例如 203.0.113.7 或 203.0.113.0/24',
} satisfies Record<BlockKind, string>;

function AddBlockButton(props: { onDone: () => void }) {
  const block = useAction('adminBlock', { successText: '已封禁', onDone: props.onDone });
  return (
    <ModalForm<{ kind: BlockKind; value: string; reason: string }>
      title="新增封禁"
      name="blockAdd"
      width={520}
      trigger={<Button type="primary">新增封禁</Button>}
      initialValues={{ kind: 'member' }}
      modalProps={{ destroyOnHidden: true, okText: '确认封禁', cancelText: '取消' }}
      onFinish={async (values) => {
        await block.mutateAsync(values);
        return true;
      }}
    >
      <ProFormSelect
        name="kind"
        label="类型"
        valueEnum={blockKindEnum}
        allowClear={false}
        rules={[{ required: true, message: '请选择类型' }]}
      />
      <ProFormDependency name={['kind']}>
        {({ kind }: { kind?: BlockKind }) => (
          <ProFormText
            name="value"
            label="对象"
            placeholder={valuePlaceholders[kind ?? 'member']}
            rules={[{ required: true, whitespace: true, message: '请输入封禁对象' }]}
          />
        )}
      </ProFormDependency>
      <ProFormTextArea
        name="reason"
        label="原因"
        rules={[{ required: true, whitespace: true, message: '请填写封禁原因' }]}
        fieldProps={{ maxLength: 200 }}
      />
    </ModalForm>
  );
}

/** The list comes whole from the server; the type and value filters narrow it in the page. */
function filtered(rows: BlockRow[], params: TableParams): BlockRow[] {
  const kind = blockKinds.find((candidate) => candidate === params.kind);
  const value = textParam(params, 'value');
  return rows.filter((row) => (!kind || row.kind === kind) && (!value || row.value.includes(value)));
}

export function BlocksPage() {
  const operator = useOperator();
  const actionRef = useRef<ActionType>(undefined);
  const isWriter = hasPermission(operator, 'risk.write');
  const reload = () => {
    void actionRef.current?.reload();
  };
  const unblock = useAction('adminUnblock', { successText: '已解除封禁', onDone: reload });

  const columns: TableColumn<BlockRow>[] = [
    { title: '类型', dataIndex: 'kind', valueType: 'select', valueEnum: blockKindEnum },
    { title: '对象', dataIndex: 'value', copyable: true },
    { title: '原因', dataIndex: 'reason', hideInSearch: true, ellipsis: true },
    timeColumn('封禁时间', 'createdAt'),
    {
      title: '操作',
      valueType: 'option',
      hideInTable: !isWriter,
      render: (_, row) => (
        <Popconfirm
          title="确认解除封禁？"
          description={`${blockKindEnum[row.kind].text}：${row.value}`}
          okText="解除"
          cancelText="取消"
          onConfirm={() => unblock.mutateAsync({ kind: row.kind, value: row.value })}
        >
          <Button type="link" size="small" danger>
            解除
          </Button>
        </Popconfirm>
      ),
    },
  ];

  return (
    <DataTable<BlockRow>
      title="封禁列表"
      rowKey="value"
      columns={columns}
      actionRef={actionRef}
      exportName="封禁列表"
      isUnpaged
      toolBarActions={isWriter ? [<AddBlockButton key="add" onDone={reload} />] : []}
      fetchPage={async (params) => {
        const rows = filtered(await callRoute('adminBlockList'), params);
        return { list: rows, total: rows.length };
      }}
    />
  );
}
