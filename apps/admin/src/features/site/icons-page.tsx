import {
  type ActionType,
  ModalForm,
  ProFormDigit,
  ProFormRadio,
  ProFormSwitch,
  ProFormText,
} from '@ant-design/pro-components';
import {
  contentSortMax,
  contentTitleLengthMax,
  type DisplayEquipment,
  displayEquipments,
  type RouteResponse,
} from '@site/contract';
import { Button } from 'antd';
import { useRef } from 'react';
import { callRoute } from '../../lib/api-client.ts';
import { DataTable, type TableColumn, type TableParams } from '../../lib/data-table.tsx';
import { hasPermission } from '../../lib/session.ts';
import { ImageUrlField, LinkUrlField } from '../../lib/url-fields.tsx';
import { useAction } from '../../lib/use-action.ts';
import { useOperator, useSessionState } from '../../lib/use-session.ts';
import {
  activeEnum,
  contentActionsColumn,
  displayEquipmentEnum,
  EditLink,
  ImageCell,
} from './content-parts.tsx';

type IconRow = RouteResponse<'adminIconList'>[number];

interface IconForm {
  displayEquipment: DisplayEquipment;
  title: string;
  iconUrl: string;
  linkUrl?: string;
  sort: number;
  isActive: boolean;
}

const equipmentOptions = displayEquipments.map((value) => ({
  label: displayEquipmentEnum[value].text,
  value,
}));

function IconDialog(props: { icon?: IconRow; onDone: () => void }) {
  const { icon } = props;
  const create = useAction('adminIconCreate', { successText: '浮动图标已添加', onDone: props.onDone });
  const update = useAction('adminIconUpdate', { successText: '浮动图标已保存', onDone: props.onDone });
  return (
    <ModalForm<IconForm>
      title={icon ? '编辑浮动图标' : '新增浮动图标'}
      name={icon ? 'iconEdit' : 'iconCreate'}
      width={600}
      trigger={icon ? <EditLink /> : <Button type="primary">新增浮动图标</Button>}
      initialValues={icon ?? { displayEquipment: '1', sort: 0, isActive: true, linkUrl: '' }}
      modalProps={{ destroyOnHidden: true, okText: icon ? '保存' : '添加', cancelText: '取消' }}
      onFinish={async (values) => {
        const fields = { ...values, linkUrl: values.linkUrl ?? '' };
        await (icon ? update.mutateAsync({ id: icon.id, ...fields }) : create.mutateAsync(fields));
        return true;
      }}
    >
      <ProFormRadio.Group
        name="displayEquipment"
        label="显示端"
        options={equipmentOptions}
        rules={[{ required: true, message: '请选择显示端' }]}
      />
      <ProFormText
        name="title"
        label="标题"
        fieldProps={{ maxLength: contentTitleLengthMax }}
        rules={[{ required: true, whitespace: true, message: '请输入标题' }]}
      />
      <ImageUrlField name="iconUrl" label="图标地址" />
      <LinkUrlField name="linkUrl" label="跳转地址" />
      <ProFormDigit
        name="sort"
        label="排序"
        tooltip="数字小的排在前面"
        min={0}
        max={contentSortMax}
        fieldProps={{ precision: 0 }}
        rules={[{ required: true, message: '请输入排序' }]}
      />
      <ProFormSwitch name="isActive" label="启用" />
    </ModalForm>
  );
}

/** The list comes whole from the server; the 显示端 filter narrows it in the page. */
function filtered(rows: IconRow[], params: TableParams): IconRow[] {
  const equipment = displayEquipments.find((candidate) => candidate === params.displayEquipment);
  return equipment ? rows.filter((row) => row.displayEquipment === equipment) : rows;
}

/** 浮动图标: the floating activity icons of the H5 and desktop layouts. */
export function IconsPage() {
  const operator = useOperator();
  const { siteId } = useSessionState();
  const actionRef = useRef<ActionType>(undefined);
  const isEditor = hasPermission(operator, 'site.write');
  const reload = () => {
    void actionRef.current?.reload();
  };
  const update = useAction('adminIconUpdate', { successText: '已更新', onDone: reload });
  const remove = useAction('adminIconDelete', { successText: '浮动图标已删除', onDone: reload });

  const columns: TableColumn<IconRow>[] = [
    { title: '显示端', dataIndex: 'displayEquipment', valueType: 'select', valueEnum: displayEquipmentEnum },
    { title: '排序', dataIndex: 'sort', hideInSearch: true, width: 80 },
    {
      title: '图标',
      dataIndex: 'iconUrl',
      hideInSearch: true,
      render: (_, row) => <ImageCell url={row.iconUrl} alt={row.title} />,
    },
    { title: '标题', dataIndex: 'title', hideInSearch: true },
    {
      title: '跳转地址',
      dataIndex: 'linkUrl',
      hideInSearch: true,
      ellipsis: true,
      renderText: (url: string) => url || '-',
    },
    { title: '状态', dataIndex: 'isActive', hideInSearch: true, valueEnum: activeEnum },
    contentActionsColumn({
      isEditor,
      update,
      remove,
      edit: (row) => <IconDialog icon={row} onDone={reload} />,
    }),
  ];

  return (
    <DataTable<IconRow>
      title={`站点 ${siteId} 的浮动图标`}
      rowKey="id"
      columns={columns}
      actionRef={actionRef}
      exportName={`浮动图标-${siteId}`}
      isUnpaged
      toolBarActions={isEditor ? [<IconDialog key="add" onDone={reload} />] : []}
      fetchPage={async (params) => {
        const rows = filtered(await callRoute('adminIconList'), params);
        return { list: rows, total: rows.length };
      }}
    />
  );
}
