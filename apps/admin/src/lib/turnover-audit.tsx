import { ProCard } from '@ant-design/pro-components';
import type { AdminTurnoverAudit } from '@site/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Badge, Button, Descriptions, Empty, Skeleton, Table } from 'antd';
import { callRoute } from './api-client.ts';
import { errorText } from './api-error.ts';
import { formatTime } from './format.ts';
import { useSessionState } from './use-session.ts';

type Requirement = AdminTurnoverAudit['items'][number];

/**
 * A member's turnover audit (流水稽核) as staff read it; shared by the member's detail page and
 * the 财务 lookup page, so both say the same thing the same way.
 */
export const turnoverSourceText = {
  deposit: '充值',
  bonus: '红利转入',
  adjustment: '人工调整',
} satisfies Record<Requirement['source'], string>;

const requirementColumns = [
  {
    title: '来源',
    dataIndex: 'source',
    render: (source: Requirement['source']) => turnoverSourceText[source],
  },
  { title: '关联单号', dataIndex: 'sourceRef' },
  { title: '产生时间', dataIndex: 'createdAt', render: (at: string) => formatTime(at) },
  { title: '所需流水（元）', dataIndex: 'requiredAmount', align: 'right' as const },
  { title: '已完成（元）', dataIndex: 'completedAmount', align: 'right' as const },
  { title: '剩余（元）', dataIndex: 'remainingAmount', align: 'right' as const },
  {
    title: '状态',
    dataIndex: 'isMet',
    render: (isMet: boolean) =>
      isMet ? <Badge status="success" text="已达标" /> : <Badge status="processing" text="未达标" />,
  },
];

export function turnoverAuditQueryKey(siteId: number, username: string) {
  return ['adminTurnoverAudit', siteId, username] as const;
}

function WithdrawalVerdict(props: { withdrawal: AdminTurnoverAudit['withdrawal'] }) {
  const { withdrawal } = props;
  return withdrawal.isAllowed ? (
    <Alert type="success" showIcon message="当前可提现" description="流水已达标，资金密码与收款账户齐备。" />
  ) : (
    <Alert
      type="warning"
      showIcon
      message="当前不可提现"
      description={
        <ul style={{ paddingInlineStart: 20, margin: 0 }}>
          {withdrawal.blockers.map((blocker) => (
            <li key={blocker}>{blocker}</li>
          ))}
        </ul>
      }
    />
  );
}

export function TurnoverAuditDetails(props: { audit: AdminTurnoverAudit }) {
  const { audit } = props;
  return (
    <>
      <WithdrawalVerdict withdrawal={audit.withdrawal} />
      <Descriptions bordered size="small" column={3} style={{ margin: '16px 0' }}>
        <Descriptions.Item label="所需流水">{audit.requiredAmount} 元</Descriptions.Item>
        <Descriptions.Item label="已完成流水">{audit.completedAmount} 元</Descriptions.Item>
        <Descriptions.Item label="剩余流水">{audit.remainingAmount} 元</Descriptions.Item>
        <Descriptions.Item label="资金密码">
          {audit.withdrawal.hasFundsPassword ? '已设置' : '未设置'}
        </Descriptions.Item>
        <Descriptions.Item label="收款账户">{audit.withdrawal.payoutAccountCount} 个</Descriptions.Item>
        <Descriptions.Item label="今日提现">
          {audit.withdrawal.withdrawalsToday} / {audit.withdrawal.dailyCountMax} 次
        </Descriptions.Item>
      </Descriptions>
      <Table<Requirement>
        rowKey={(row) => `${row.source}:${row.sourceRef}`}
        size="small"
        pagination={false}
        columns={requirementColumns}
        dataSource={audit.items}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无流水要求" /> }}
      />
    </>
  );
}

/** The audit of the site's member `username`, loaded here, with a refresh. */
export function TurnoverAuditCard(props: { username: string; title?: string }) {
  const { siteId } = useSessionState();
  const audit = useQuery({
    queryKey: turnoverAuditQueryKey(siteId, props.username),
    queryFn: () => callRoute('adminTurnoverAudit', { username: props.username }),
    enabled: props.username !== '',
  });
  return (
    <ProCard
      title={props.title ?? '流水稽核'}
      headerBordered
      extra={
        <Button size="small" loading={audit.isFetching} onClick={() => void audit.refetch()}>
          刷新
        </Button>
      }
    >
      {audit.isPending ? <Skeleton active /> : null}
      {audit.isError ? (
        <Alert type="error" showIcon message="流水稽核加载失败" description={errorText(audit.error)} />
      ) : null}
      {audit.data ? <TurnoverAuditDetails audit={audit.data} /> : null}
    </ProCard>
  );
}
