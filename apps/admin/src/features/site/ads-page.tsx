import {
  type ActionType,
  ModalForm,
  ProFormDigit,
  ProFormSwitch,
  ProFormText,
} from '@ant-design/pro-components';
import { contentSortMax, contentTitleLengthMax, type RouteResponse } from '@site/contract';
import { Button } from 'antd';
import { useRef } from 'react';
import { callRoute } from '../../lib/api-client.ts';
import { DataTable } from '../../lib/data-table.tsx';
import { hasPermission } from '../../lib/session.ts';
import { ImageUrlField, LinkUrlField } from '../../lib/url-fields.tsx';
import { useAction } from '../../lib/use-action.ts';
import { useOperator, useSessionState } from '../../lib/use-session.ts';
import { activeEnum, contentActionsColumn, EditLink, ImageCell, withoutSearch } from './content-parts.tsx';

type AdRow = RouteResponse<'adminAdList'>[number];

interface AdForm {
  title: string;
  imageUrl: string;
  linkUrl?: string;
  sort: number;
  isActive: boolean;
}

function AdDialog(props: { ad?: AdRow; onDone: () => void }) {
  const { ad } = props;
  const create = useAction('adminAdCreate', { successText: '广告已添加', onDone: props.onDone });
  const update = useAction('adminAdUpdate', { successText: '广告已保存', onDone: props.onDone });
  return (
    <ModalForm<AdForm>
      title={ad ? '编辑广告' : '新增广告'}
      name={ad ? 'adEdit' : 'adCreate'}
      width={600}
      trigger={ad ? <EditLink /> : <Button type="primary">新增广告</Button>}
      initialValues={ad ?? { sort: 0, isActive: true, linkUrl: '' }}
      modalProps={{ destroyOnHidden: true, okText: ad ? '保存' : '添加', cancelText: '取消' }}
      onFinish={async (values) => {
        const fields = { ...values, linkUrl: values.linkUrl ?? '' };
        await (ad ? update.mutateAsync({ id: ad.id, ...fields }) : create.mutateAsync(fields));
        return true;
      }}
    >
      <ProFormText
        name="title"
        label="标题"
        fieldProps={{ maxLength: contentTitleLengthMax }}
        rules={[{ required: true, whitespace: true, message: '请输入标题' }]}
      />
      <ImageUrlField name="imageUrl" label="图片地址" />
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

/** 广告: the home page's banner ads, in the order members see them. */
export function AdsPage() {
  const operator = useOperator();
  const { siteId } = useSessionState();
  const actionRef = useRef<ActionType>(undefined);
  const isEditor = hasPermission(operator, 'site.write');
  const reload = () => {
    void actionRef.current?.reload();
  };
  const update = useAction('adminAdUpdate', { successText: '已更新', onDone: reload });
  const remove = useAction('adminAdDelete', { successText: '广告已删除', onDone: reload });

  const columns = withoutSearch<AdRow>([
    { title: '排序', dataIndex: 'sort', width: 80 },
    {
      title: '图片',
      dataIndex: 'imageUrl',
      render: (_, row) => <ImageCell url={row.imageUrl} alt={row.title} />,
    },
    { title: '标题', dataIndex: 'title' },
    { title: '跳转地址', dataIndex: 'linkUrl', ellipsis: true, renderText: (url: string) => url || '-' },
    { title: '状态', dataIndex: 'isActive', valueEnum: activeEnum },
    contentActionsColumn({ isEditor, update, remove, edit: (row) => <AdDialog ad={row} onDone={reload} /> }),
  ]);

  return (
    <DataTable<AdRow>
      title={`站点 ${siteId} 的首页广告`}
      rowKey="id"
      columns={columns}
      actionRef={actionRef}
      exportName={`广告-${siteId}`}
      isUnpaged
      toolBarActions={isEditor ? [<AdDialog key="add" onDone={reload} />] : []}
      fetchPage={async () => {
        const list = await callRoute('adminAdList');
        return { list, total: list.length };
      }}
    />
  );
}
