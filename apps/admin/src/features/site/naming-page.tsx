import { type ActionType, ModalForm, ProFormDigit, ProFormText } from '@ant-design/pro-components';
import {
  chatSocketNamingId,
  int4Max,
  namingNameLengthMax,
  namingValueLengthMax,
  type RouteResponse,
} from '@site/contract';
import { Button } from 'antd';
import { useRef } from 'react';
import { callRoute } from '../../lib/api-client.ts';
import { DataTable } from '../../lib/data-table.tsx';
import { hasPermission } from '../../lib/session.ts';
import { useAction } from '../../lib/use-action.ts';
import { useOperator, useSessionState } from '../../lib/use-session.ts';
import { ContentRowActions, EditLink, withoutSearch } from './content-parts.tsx';

type NamingRow = RouteResponse<'adminNamingList'>[number];

/** Entries the member site reads by id. */
const knownEntries: Record<number, string> = {
  1: '站点名称',
  [chatSocketNamingId]: '聊天室地址（会员端连接聊天室的主机）',
};

/** Adds an entry, or (with `entry`) changes the one of that id: the id itself stays. */
function NamingDialog(props: { entry?: NamingRow; onDone: () => void }) {
  const { entry } = props;
  const save = useAction('adminNamingSave', { successText: '命名项已保存', onDone: props.onDone });
  return (
    <ModalForm<NamingRow>
      title={entry ? `编辑命名项 ${entry.id}` : '新增命名项'}
      name={entry ? 'namingEdit' : 'namingCreate'}
      width={560}
      trigger={entry ? <EditLink /> : <Button type="primary">新增命名项</Button>}
      initialValues={entry ?? { value: '' }}
      modalProps={{ destroyOnHidden: true, okText: '保存', cancelText: '取消' }}
      onFinish={async (values) => {
        await save.mutateAsync({ id: entry?.id ?? values.id, name: values.name, value: values.value ?? '' });
        return true;
      }}
    >
      <ProFormDigit
        name="id"
        label="ID"
        disabled={entry !== undefined}
        min={1}
        max={int4Max}
        fieldProps={{ precision: 0 }}
        tooltip={`会员端按 ID 读取：1 为站点名称，${chatSocketNamingId} 为聊天室地址；已有的 ID 会被覆盖`}
        rules={[{ required: true, message: '请输入 ID' }]}
      />
      <ProFormText
        name="name"
        label="名称"
        fieldProps={{ maxLength: namingNameLengthMax }}
        rules={[{ required: true, whitespace: true, message: '请输入名称' }]}
      />
      <ProFormText name="value" label="内容" fieldProps={{ maxLength: namingValueLengthMax }} />
    </ModalForm>
  );
}

/** 命名列表: the site's named values (site name, chat host …) the member site reads by id. */
export function NamingPage() {
  const operator = useOperator();
  const { siteId } = useSessionState();
  const actionRef = useRef<ActionType>(undefined);
  const isEditor = hasPermission(operator, 'site.write');
  const reload = () => {
    void actionRef.current?.reload();
  };
  const remove = useAction('adminNamingDelete', { successText: '命名项已删除', onDone: reload });

  const columns = withoutSearch<NamingRow>([
    { title: 'ID', dataIndex: 'id', width: 100 },
    { title: '名称', dataIndex: 'name' },
    { title: '内容', dataIndex: 'value', ellipsis: true, renderText: (value: string) => value || '-' },
    {
      title: '用途',
      dataIndex: 'id',
      key: 'purpose',
      renderText: (id: number) => knownEntries[id] ?? '-',
      csv: (row) => knownEntries[row.id] ?? '',
    },
    {
      title: '操作',
      valueType: 'option',
      hideInTable: !isEditor,
      render: (_, row) => (
        <ContentRowActions
          name={`${row.id} ${row.name}`}
          edit={<NamingDialog entry={row} onDone={reload} />}
          onDelete={() => remove.mutateAsync({ id: row.id })}
        />
      ),
    },
  ]);

  return (
    <DataTable<NamingRow>
      title={`站点 ${siteId} 的命名列表`}
      rowKey="id"
      columns={columns}
      actionRef={actionRef}
      exportName={`命名列表-${siteId}`}
      isUnpaged
      toolBarActions={isEditor ? [<NamingDialog key="add" onDone={reload} />] : []}
      fetchPage={async () => {
        const list = await callRoute('adminNamingList');
        return { list, total: list.length };
      }}
    />
  );
}
