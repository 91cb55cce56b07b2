import { type ActionType, ModalForm, ProFormTextArea } from '@ant-design/pro-components';
import { adjustmentRequestSortKeys, type RouteResponse } from '@site/contract';
import { App, Button, Space } from 'antd';
import { useRef } from 'react';
import { callRoute } from '../../lib/api-client.ts';
import {
  DataTable,
  pageParams,
  sortParams,
  type TableColumn,
  type TableParams,
  timeColumn,
} from '../../lib/data-table.tsx';
import { adjustDirectionEnum, adjustRequestStatusEnum, adjustWalletEnum } from '../../lib/labels.ts';
import { hasPermission } from '../../lib/session.ts';
import { useAction } from '../../lib/use-action.ts';
import { useOperator } from '../../lib/use-session.ts';

type RequestRow = RouteResponse<'adminAdjustRequests'>['list'][number];

const requestStatuses = ['pending', 'approved', 'rejected'] as const;

function statusParam(params: TableParams) {
  return requestStatuses.find((status) => status === params.status);
}

function summaryOf(row: RequestRow): string {
  return `会员 ${row.memberId} 的${adjustWalletEnum[row.wallet].text}${adjustDirectionEnum[row.direction].text} ${row.amount} 元（${row.requestedBy} 提交，原因：${row.reason}）`;
}

/** 批准 after a confirmation, or 拒绝 with a reason; the server refuses the requester's own request. */
function RequestDecision(props: { row: RequestRow; onChanged: () => void }) {
  const { modal } = App.useApp();
  const { row } = props;
  const approve = useAction('adminAdjustApprove', {
    successText: '已批准，调整已入账',
    onDone: props.onChanged,
    onRefused: props.onChanged,
  });
  const reject = useAction('adminAdjustReject', {
    successText: '已拒绝该调整申请',
    onDone: props.onChanged,
    onRefused: props.onChanged,
  });
  const confirmApprove = () =>
    modal.confirm({
      title: '确认批准该调整？',
      content: `${summaryOf(row)}。批准后资金立即变动，不可撤销。`,
      okText: '批准',
      cancelText: '取消',
      onOk: () => approve.mutateAsync({ adjustmentId: row.adjustmentId }).catch(() => undefined),
    });

  return (
    <Space size="small">
      <Button type="link" size="small" loading={approve.isPending} onClick={confirmApprove}>
        批准
      </Button>
      <ModalForm<{ reason: string }>
        title="拒绝调整申请"
        name={`adjustReject-${row.adjustmentId}`}
        width={480}
        trigger={
          <Button type="link" size="small" danger>
            拒绝
          </Button>
        }
        modalProps={{ destroyOnHidden: true, okText: '确认拒绝', cancelText: '取消' }}
        onFinish={async ({ reason }) => {
          await reject.mutateAsync({ adjustmentId: row.adjustmentId, reason });
          return true;
        }}
      >
        <p>{summaryOf(row)}</p>
        <ProFormTextArea
          name="reason"
          label="拒绝原因"
          rules={[{ required: true, whitespace: true, min: 2, message: '请填写拒绝原因（至少 2 个字）' }]}
          fieldProps={{ maxLength: 200 }}
        />
      </ModalForm>
    </Space>
  );
}

/** 调整审批: adjustments above the site's threshold, waiting for a second staff member. */
export function AdjustRequestsPage() {
  const operator = useOperator();
  const actionRef = useRef<ActionType>(undefined);
  const mayDecide = hasPermission(operator, 'cashier.adjust');
  const reload = () => void actionRef.current?.reload();

  const columns: TableColumn<RequestRow>[] = [
    {
      title: '状态',
      dataIndex: 'status',
      valueType: 'select',
      valueEnum: adjustRequestStatusEnum,
      initialValue: 'pending',
    },
    { title: '调整单号', dataIndex: 'adjustmentId', hideInSearch: true, copyable: true },
    { title: '会员ID', dataIndex: 'memberId', hideInSearch: true },
    { title: '方向', dataIndex: 'direction', hideInSearch: true, valueEnum: adjustDirectionEnum },
    { title: '钱包', dataIndex: 'wallet', hideInSearch: true, valueEnum: adjustWalletEnum },
    { title: '金额', dataIndex: 'amount', hideInSearch: true, align: 'right', sorter: true },
    { title: '流水倍数', dataIndex: 'turnoverMultiple', hideInSearch: true },
    { title: '原因', dataIndex: 'reason', hideInSearch: true, ellipsis: true },
    { title: '申请人', dataIndex: 'requestedBy', hideInSearch: true },
    { ...timeColumn('申请时间', 'requestedAt'), sorter: true },
    { title: '审批人', dataIndex: 'decidedBy', hideInSearch: true },
    { ...timeColumn('审批时间', 'decidedAt'), sorter: true },
    { title: '审批备注', dataIndex: 'decisionReason', hideInSearch: true, ellipsis: true },
    {
      title: '操作',
      valueType: 'option',
      fixed: 'right',
      hideInTable: !mayDecide,
      render: (_, row) =>
        row.status === 'pending' ? <RequestDecision row={row} onChanged={reload} /> : null,
    },
  ];

  return (
    <DataTable<RequestRow>
      title="调整审批"
      rowKey="adjustmentId"
      columns={columns}
      actionRef={actionRef}
      exportName="调整审批"
      fetchPage={(params) => {
        const status = statusParam(params);
        return callRoute('adminAdjustRequests', {
          ...pageParams(params),
          ...sortParams(params, adjustmentRequestSortKeys),
          ...(status ? { status } : {}),
        });
      }}
    />
  );
}
