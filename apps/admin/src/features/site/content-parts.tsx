import { Button, Image, Popconfirm, Space } from 'antd';
import type { ReactNode } from 'react';
import type { TableColumn } from '../../lib/data-table.tsx';

/** The parts the 站点 pages share: image cells and the row actions (URL fields are in lib/url-fields.tsx). */

type Status = 'Success' | 'Default';

export const activeEnum = {
  true: { text: '启用', status: 'Success' },
  false: { text: '停用', status: 'Default' },
} satisfies Record<'true' | 'false', { text: string; status: Status }>;

export const displayEquipmentEnum = {
  '1': { text: 'H5' },
  '2': { text: '电脑版' },
} satisfies Record<'1' | '2', { text: string }>;

export function ImageCell(props: { url: string; alt: string }) {
  return props.url ? (
    <Image src={props.url} alt={props.alt} width={96} height={40} style={{ objectFit: 'contain' }} />
  ) : (
    '-'
  );
}

/**
 * 编辑 (the dialog's trigger), 启用 / 停用 and 删除 of one row, each asking first. `name` says
 * which row in the confirmations.
 */
export function ContentRowActions(props: {
  name: string;
  isActive?: boolean;
  edit: ReactNode;
  onToggle?: () => Promise<unknown>;
  onDelete: () => Promise<unknown>;
}) {
  const { isActive, onToggle } = props;
  return (
    <Space size={0}>
      {props.edit}
      {onToggle && isActive !== undefined ? (
        <Popconfirm
          title={isActive ? '确认停用？停用后会员端立即不再显示' : '确认启用？启用后会员端立即显示'}
          description={props.name}
          okText={isActive ? '停用' : '启用'}
          cancelText="取消"
          onConfirm={() => onToggle()}
        >
          <Button type="link" size="small">
            {isActive ? '停用' : '启用'}
          </Button>
        </Popconfirm>
      ) : null}
      <Popconfirm
        title="确认删除？删除后无法恢复"
        description={props.name}
        okText="删除"
        okButtonProps={{ danger: true }}
        cancelText="取消"
        onConfirm={() => props.onDelete()}
      >
        <Button type="link" size="small" danger>
          删除
        </Button>
      </Popconfirm>
    </Space>
  );
}

/** The 操作 column of a content table (notices, ads, icons): drawn for editors only. */
export function contentActionsColumn<Row extends { id: number; title: string; isActive: boolean }>(props: {
  isEditor: boolean;
  edit: (row: Row) => ReactNode;
  update: { mutateAsync: (body: { id: number; isActive: boolean }) => Promise<unknown> };
  remove: { mutateAsync: (body: { id: number }) => Promise<unknown> };
}): TableColumn<Row> {
  return {
    title: '操作',
    valueType: 'option',
    hideInTable: !props.isEditor,
    render: (_, row) => (
      <ContentRowActions
        name={row.title}
        isActive={row.isActive}
        edit={props.edit(row)}
        onToggle={() => props.update.mutateAsync({ id: row.id, isActive: !row.isActive })}
        onDelete={() => props.remove.mutateAsync({ id: row.id })}
      />
    ),
  };
}

export function EditLink() {
  return (
    <Button type="link" size="small">
      编辑
    </Button>
  );
}

/** Columns of a table with no search form: the list is short and comes whole. */
export function withoutSearch<Row>(columns: TableColumn<Row>[]): TableColumn<Row>[] {
  return columns.map((column) => ({ ...column, hideInSearch: true }));
}
