import {
  type ActionType,
  ModalForm,
  ProFormDateTimePicker,
  ProFormSelect,
  ProFormSwitch,
  ProFormText,
  ProFormTextArea,
} from '@ant-design/pro-components';
import {
  noticeCategories,
  noticeContentLengthMax,
  noticeTitleLengthMax,
  type RouteResponse,
} from '@site/contract';
import { Button, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useRef } from 'react';
import { callRoute } from '../../lib/api-client.ts';
import {
  DataTable,
  pageParams,
  type TableColumn,
  type TableParams,
  timeColumn,
} from '../../lib/data-table.tsx';
import { hasPermission } from '../../lib/session.ts';
import { useAction } from '../../lib/use-action.ts';
import { useOperator, useSessionState } from '../../lib/use-session.ts';
import { activeEnum, contentActionsColumn, EditLink } from './content-parts.tsx';

type NoticeRow = RouteResponse<'adminNoticeList'>['list'][number];

interface NoticeForm {
  category: number;
  title: string;
  content: string;
  /** An ISO instant once submitted (the form's date formatter), a picker value before. */
  publishedAt?: string | Dayjs | null;
  isActive: boolean;
}

/** The member site reads category 1 as the home marquee and 2 as the pop-up notices. */
export const noticeCategoryEnum = {
  [noticeCategories.marquee]: { text: '跑马灯' },
  [noticeCategories.popup]: { text: '弹窗公告' },
} satisfies Record<number, { text: string }>;

const categoryOptions = Object.entries(noticeCategoryEnum).map(([value, { text }]) => ({
  label: text,
  value: Number(value),
}));

function categoryText(category: number): string {
  return noticeCategoryEnum[category as keyof typeof noticeCategoryEnum]?.text ?? `分类 ${category}`;
}

const isoOf = (value: NoticeForm['publishedAt']): string | undefined =>
  value ? dayjs(value).toISOString() : undefined;

/** 新增公告, or 编辑 of one: both save with the dialog's own button. */
function NoticeDialog(props: { notice?: NoticeRow; onDone: () => void }) {
  const { notice } = props;
  const create = useAction('adminNoticeCreate', { successText: '公告已发布', onDone: props.onDone });
  const update = useAction('adminNoticeUpdate', { successText: '公告已保存', onDone: props.onDone });
  return (
    <ModalForm<NoticeForm>
      title={notice ? '编辑公告' : '新增公告'}
      name={notice ? 'noticeEdit' : 'noticeCreate'}
      width={600}
      trigger={notice ? <EditLink /> : <Button type="primary">新增公告</Button>}
      initialValues={
        notice
          ? { ...notice, publishedAt: dayjs(notice.publishedAt) }
          : { category: noticeCategories.marquee, isActive: true }
      }
      modalProps={{ destroyOnHidden: true, okText: notice ? '保存' : '发布', cancelText: '取消' }}
      onFinish={async (values) => {
        const publishedAt = isoOf(values.publishedAt);
        const fields = {
          category: values.category,
          title: values.title,
          content: values.content,
          isActive: values.isActive,
          ...(publishedAt ? { publishedAt } : {}),
        };
        await (notice ? update.mutateAsync({ id: notice.id, ...fields }) : create.mutateAsync(fields));
        return true;
      }}
    >
      <ProFormSelect
        name="category"
        label="分类"
        options={categoryOptions}
        allowClear={false}
        rules={[{ required: true, message: '请选择分类' }]}
      />
      <ProFormText
        name="title"
        label="标题"
        fieldProps={{ maxLength: noticeTitleLengthMax, showCount: true }}
        rules={[{ required: true, whitespace: true, message: '请输入标题' }]}
      />
      <ProFormTextArea
        name="content"
        label="内容"
        fieldProps={{ maxLength: noticeContentLengthMax, showCount: true, rows: 5 }}
        rules={[{ required: true, whitespace: true, message: '请输入内容' }]}
      />
      <ProFormDateTimePicker
        name="publishedAt"
        label="发布时间"
        tooltip="会员从此时间起看到该公告；留空为立即发布"
        fieldProps={{ style: { width: '100%' } }}
      />
      <ProFormSwitch name="isActive" label="启用" />
    </ModalForm>
  );
}

function categoryParam(params: TableParams): number | undefined {
  const category = Number(params.category);
  return Number.isInteger(category) && category >= 1 && category <= 9 ? category : undefined;
}

/** 公告: the site's notices, published, scheduled or taken down. */
export function NoticesPage() {
  const operator = useOperator();
  const { siteId } = useSessionState();
  const actionRef = useRef<ActionType>(undefined);
  const isEditor = hasPermission(operator, 'site.write');
  const reload = () => {
    void actionRef.current?.reload();
  };
  const update = useAction('adminNoticeUpdate', { successText: '已更新', onDone: reload });
  const remove = useAction('adminNoticeDelete', { successText: '公告已删除', onDone: reload });

  const columns: TableColumn<NoticeRow>[] = [
    {
      title: '分类',
      dataIndex: 'category',
      valueType: 'select',
      valueEnum: noticeCategoryEnum,
      render: (_, row) => categoryText(row.category),
      csv: (row) => categoryText(row.category),
    },
    { title: '标题', dataIndex: 'title', hideInSearch: true },
    { title: '内容', dataIndex: 'content', hideInSearch: true, ellipsis: true, width: 320 },
    timeColumn('发布时间', 'publishedAt'),
    {
      title: '状态',
      dataIndex: 'isActive',
      hideInSearch: true,
      render: (_, row) =>
        !row.isActive ? (
          <Tag>停用</Tag>
        ) : Date.parse(row.publishedAt) > Date.now() ? (
          <Tag color="orange">待发布</Tag>
        ) : (
          <Tag color="green">已发布</Tag>
        ),
      csv: (row) => activeEnum[row.isActive ? 'true' : 'false'].text,
    },
    contentActionsColumn({
      isEditor,
      update,
      remove,
      edit: (row) => <NoticeDialog notice={row} onDone={reload} />,
    }),
  ];

  return (
    <DataTable<NoticeRow>
      title={`站点 ${siteId} 的公告`}
      rowKey="id"
      columns={columns}
      actionRef={actionRef}
      exportName={`公告-${siteId}`}
      toolBarActions={isEditor ? [<NoticeDialog key="add" onDone={reload} />] : []}
      fetchPage={async (params) => {
        const category = categoryParam(params);
        return callRoute('adminNoticeList', {
          ...pageParams(params),
          ...(category === undefined ? {} : { category }),
        });
      }}
    />
  );
}
