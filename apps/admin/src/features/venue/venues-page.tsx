import {
  type ActionType,
  ModalForm,
  ProFormDateTimePicker,
  ProFormDependency,
  ProFormDigit,
  ProFormSelect,
  ProFormSwitch,
  ProFormText,
  ProFormTextArea,
} from '@ant-design/pro-components';
import {
  type AdminVenue,
  adminVenueUpdateBodySchema,
  type VenueState,
  venueSortMax,
  venueStates,
} from '@site/contract';
import { Button, Image, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useRef } from 'react';
import { callRoute } from '../../lib/api-client.ts';
import { DataTable, type TableColumn, timeColumn } from '../../lib/data-table.tsx';
import { formatTime } from '../../lib/format.ts';
import { hasPermission } from '../../lib/session.ts';
import { ImageUrlField } from '../../lib/url-fields.tsx';
import { useAction } from '../../lib/use-action.ts';
import { useOperator } from '../../lib/use-session.ts';
import { zodRule } from '../../lib/zod-rule.ts';
import { categoryEnum, venueStateEnum, walletModeEnum } from './venue-text.ts';

const fields = adminVenueUpdateBodySchema.shape;

interface VenueForm {
  name: string;
  logo: string;
  state: VenueState;
  maintenanceMessage: string;
  maintenanceUntil: Dayjs | string | null;
  sort: number;
  demoAllowed: boolean;
}

/** The form's values as the update route's body. */
export function venueUpdateBody(code: string, values: VenueForm) {
  const isMaintenance = values.state === 'maintenance';
  return {
    code,
    name: values.name.trim(),
    logo: values.logo.trim(),
    state: values.state,
    maintenanceMessage: isMaintenance ? (values.maintenanceMessage ?? '').trim() : '',
    maintenanceUntil:
      isMaintenance && values.maintenanceUntil ? dayjs(values.maintenanceUntil).toISOString() : null,
    sort: values.sort,
    demoAllowed: values.demoAllowed,
  };
}

/** 编辑 of one venue: name, logo, state with its maintenance window, order, demo. */
function VenueDialog(props: { venue: AdminVenue; onDone: () => void }) {
  const { venue } = props;
  const update = useAction('adminVenueUpdate', {
    successText: '已保存，所有节点立即生效',
    onDone: props.onDone,
  });
  return (
    <ModalForm<VenueForm>
      title={`编辑场馆 ${venue.code}`}
      name="venueEdit"
      width={560}
      trigger={
        <Button type="link" size="small">
          编辑
        </Button>
      }
      initialValues={{
        name: venue.name,
        logo: venue.logo,
        state: venue.storedState,
        maintenanceMessage: venue.maintenanceMessage,
        maintenanceUntil: venue.maintenanceUntil ? dayjs(venue.maintenanceUntil) : null,
        sort: venue.sort,
        demoAllowed: venue.demoAllowed,
      }}
      modalProps={{ destroyOnHidden: true, okText: '保存', cancelText: '取消' }}
      onFinish={async (values) => {
        await update.mutateAsync(venueUpdateBody(venue.code, values));
        return true;
      }}
    >
      <ProFormText
        name="name"
        label="场馆名称"
        rules={[zodRule(fields.name)]}
        fieldProps={{ maxLength: 20 }}
      />
      <ImageUrlField name="logo" label="场馆图标" />
      <ProFormSelect
        name="state"
        label="状态"
        allowClear={false}
        options={venueStates.map((state) => ({ value: state, label: venueStateEnum[state].text }))}
        tooltip="即将开放：列出但不能进入；关闭：会员看不到"
      />
      <ProFormDependency name={['state']}>
        {({ state }) =>
          state === 'maintenance' ? (
            <>
              <ProFormTextArea
                name="maintenanceMessage"
                label="维护说明"
                fieldProps={{ maxLength: 200, showCount: true, rows: 3 }}
              />
              <ProFormDateTimePicker
                name="maintenanceUntil"
                label="维护结束时间"
                tooltip="到时自动恢复开放"
                fieldProps={{ style: { width: '100%' } }}
                rules={[{ required: true, message: '请选择维护结束时间' }]}
              />
            </>
          ) : null
        }
      </ProFormDependency>
      <ProFormDigit
        name="sort"
        label="排序"
        min={0}
        max={venueSortMax}
        fieldProps={{ precision: 0 }}
        tooltip="数字小的在前"
      />
      <ProFormSwitch name="demoAllowed" label="允许试玩" tooltip="试玩使用虚拟额度，不动用真实余额" />
    </ModalForm>
  );
}

/** 场馆管理: the site's venues in display order, each editable by staff who may. */
export function VenuesPage() {
  const operator = useOperator();
  const actionRef = useRef<ActionType>(undefined);
  const isWriter = hasPermission(operator, 'venue.write');
  const reload = () => {
    void actionRef.current?.reload();
  };
  const columns: TableColumn<AdminVenue>[] = [
    { title: '排序', dataIndex: 'sort', hideInSearch: true, width: 70 },
    {
      title: '图标',
      dataIndex: 'logo',
      hideInSearch: true,
      render: (_, row) => <Image src={row.logo} alt={row.name} width={40} height={40} />,
    },
    { title: '代码', dataIndex: 'code', hideInSearch: true, copyable: true },
    { title: '名称', dataIndex: 'name', hideInSearch: true },
    { title: '分类', dataIndex: 'category', hideInSearch: true, valueEnum: categoryEnum },
    { title: '钱包模式', dataIndex: 'walletMode', hideInSearch: true, valueEnum: walletModeEnum },
    { title: '协议', dataIndex: 'flavour', hideInSearch: true },
    {
      title: '状态',
      dataIndex: 'storedState',
      hideInSearch: true,
      valueEnum: venueStateEnum,
    },
    {
      title: '维护',
      dataIndex: 'maintenanceUntil',
      hideInSearch: true,
      render: (_, row) =>
        row.storedState === 'maintenance' ? (
          <span>
            {row.maintenanceMessage || '-'}
            <br />至 {formatTime(row.maintenanceUntil)}
            {row.state !== 'maintenance' ? <Tag color="green">已到期，会员看到开放</Tag> : null}
          </span>
        ) : (
          '-'
        ),
      csv: (row) =>
        row.storedState === 'maintenance'
          ? `${row.maintenanceMessage} 至 ${formatTime(row.maintenanceUntil)}`
          : '',
    },
    {
      title: '试玩',
      dataIndex: 'demoAllowed',
      hideInSearch: true,
      render: (_, row) => (row.demoAllowed ? <Tag color="blue">允许</Tag> : '-'),
      csv: (row) => (row.demoAllowed ? '允许' : ''),
    },
    timeColumn<AdminVenue>('更新时间', 'updatedAt'),
    {
      title: '操作',
      valueType: 'option',
      hideInTable: !isWriter,
      render: (_, row) => <VenueDialog venue={row} onDone={reload} />,
    },
  ];
  return (
    <DataTable<AdminVenue>
      title="场馆管理"
      rowKey="code"
      columns={columns}
      actionRef={actionRef}
      exportName="场馆"
      isUnpaged
      fetchPage={async () => {
        const list = await callRoute('adminVenueList');
        return { list, total: list.length };
      }}
    />
  );
}
