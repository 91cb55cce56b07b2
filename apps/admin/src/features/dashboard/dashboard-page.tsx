import { CheckCircleOutlined, CloseCircleOutlined, ReloadOutlined, SyncOutlined } from '@ant-design/icons';
import type { Dashboard, LedgerReconcile, OperatorPermission } from '@site/contract';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Col,
  ConfigProvider,
  Descriptions,
  List,
  Row,
  Skeleton,
  Space,
  Statistic,
  Table,
  Tag,
  Typography,
} from 'antd';
import { lazy, type ReactNode, Suspense } from 'react';
import { Link } from 'react-router';
import { type MenuPageKey, menuSections } from '../../app/menu.ts';
import { callRoute } from '../../lib/api-client.ts';
import { errorText } from '../../lib/api-error.ts';
import { displayYuan, formatTime } from '../../lib/format.ts';
import { useSessionState } from '../../lib/use-session.ts';
import { ledgerKindName } from './money.ts';

// ECharts is most of this page's weight: it loads apart, so signing in and every other page stay light.
const DashboardCharts = lazy(async () => ({
  default: (await import('./dashboard-charts.tsx')).DashboardCharts,
}));

const dashboardRefreshMs = 60_000;
/** Figure titles and labels are read, not decoration: antd's greys (3.4:1) are darkened to 4.5:1. */
const readableTitles = {
  token: { colorTextDescription: 'rgb(0 0 0 / 65%)' },
  components: { Descriptions: { labelColor: 'rgb(0 0 0 / 65%)' } },
};

/** Solid tags with white text: antd's light status tags read under 4.5:1. */
const statusColors = { checking: '#0958d9', balanced: '#237804', broken: '#a8071a' };
/** A reconcile reads the site's whole ledger: on its own it runs every few minutes, or when asked. */
const reconcileRefreshMs = 5 * 60_000;

function LoadFailed(props: { error: unknown; onRetry: () => void }) {
  return (
    <Alert
      type="error"
      showIcon
      message="加载失败"
      description={errorText(props.error)}
      action={<Button onClick={props.onRetry}>重试</Button>}
    />
  );
}

function Figure(props: { title: string; value: string | number; suffix: string; note?: ReactNode }) {
  return (
    <Card size="small" style={{ height: '100%' }}>
      <Statistic title={props.title} value={props.value} suffix={props.suffix} />
      {props.note ? <div style={{ marginTop: 8 }}>{props.note}</div> : null}
    </Card>
  );
}

/** A page of the console by its menu key, when the staff member may open it. */
function pageLink(key: MenuPageKey, permissions: ReadonlyArray<OperatorPermission>, text: ReactNode) {
  const page = menuSections.flatMap((section) => section.pages).find((entry) => entry.key === key);
  return page && permissions.includes(page.permission) ? <Link to={page.path}>{text}</Link> : text;
}

function TodayFigures(props: { dashboard: Dashboard; permissions: ReadonlyArray<OperatorPermission> }) {
  const { today, pendingReviews } = props.dashboard;
  const reviews: Array<[MenuPageKey, string, number]> = [
    ['withdrawals', '提现待审核', pendingReviews.withdrawals],
    ['deposits', '存款待确认', pendingReviews.deposits],
    ['adjustRequests', '调整待审批', pendingReviews.adjustments],
    ['identityReview', '实名待审核', pendingReviews.identities],
  ];
  return (
    <Row gutter={[16, 16]}>
      <Col xs={12} md={8} xl={4}>
        <Figure title="今日注册" value={today.registrations} suffix="人" />
      </Col>
      <Col xs={12} md={8} xl={4}>
        <Figure
          title="今日首存"
          value={today.firstDepositCount}
          suffix="人"
          note={`首存金额 ${displayYuan(today.firstDepositAmount)} 元`}
        />
      </Col>
      <Col xs={12} md={8} xl={4}>
        <Figure
          title="今日存款"
          value={displayYuan(today.depositAmount)}
          suffix="元"
          note={`${today.depositCount} 笔`}
        />
      </Col>
      <Col xs={12} md={8} xl={4}>
        <Figure
          title="今日提现"
          value={displayYuan(today.withdrawalAmount)}
          suffix="元"
          note={`${today.withdrawalCount} 笔已通过`}
        />
      </Col>
      <Col xs={12} md={8} xl={4}>
        <Figure
          title="待审核"
          value={pendingReviews.total}
          suffix="项"
          note={
            <Space size={[8, 0]} wrap>
              {reviews.map(([key, label, count]) => (
                <span key={key}>{pageLink(key, props.permissions, `${label} ${count}`)}</span>
              ))}
            </Space>
          }
        />
      </Col>
      <Col xs={12} md={8} xl={4}>
        <Figure title="在线会员" value={props.dashboard.onlineMembers} suffix="人" note="15 分钟内有活动" />
      </Col>
    </Row>
  );
}

function ReconcileStatus(props: { report: LedgerReconcile | undefined; isChecking: boolean }) {
  if (props.isChecking) {
    return (
      <Tag icon={<SyncOutlined spin />} color={statusColors.checking}>
        对账中
      </Tag>
    );
  }
  if (!props.report) {
    return null;
  }
  return props.report.isBalanced ? (
    <Tag icon={<CheckCircleOutlined />} color={statusColors.balanced}>
      账平
    </Tag>
  ) : (
    <Tag icon={<CloseCircleOutlined />} color={statusColors.broken}>
      对账异常
    </Tag>
  );
}

const kindColumns = [
  { title: '账户类型', dataIndex: 'kind', render: (kind: string) => ledgerKindName(kind) },
  { title: '账户数', dataIndex: 'accounts', align: 'right' as const },
  { title: '可用余额（元）', dataIndex: 'available', align: 'right' as const, render: displayYuan },
  { title: '冻结中（元）', dataIndex: 'pending', align: 'right' as const, render: displayYuan },
];

/** The site's ledger: what it holds per account kind, and whether every invariant holds right now. */
function LedgerCard(props: { siteId: number }) {
  const reconcile = useQuery({
    queryKey: ['adminLedgerReconcile', props.siteId],
    queryFn: () => callRoute('adminLedgerReconcile'),
    refetchInterval: reconcileRefreshMs,
  });
  const report = reconcile.data;
  return (
    <Card
      title={
        <Space>
          账本对账
          <ReconcileStatus report={report} isChecking={reconcile.isFetching} />
        </Space>
      }
      extra={
        <Button
          icon={<ReloadOutlined />}
          loading={reconcile.isFetching}
          onClick={() => void reconcile.refetch()}
        >
          立即对账
        </Button>
      }
    >
      {reconcile.isError ? (
        <LoadFailed error={reconcile.error} onRetry={() => void reconcile.refetch()} />
      ) : null}
      {reconcile.isPending ? <Skeleton active /> : null}
      {report ? (
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          {report.failures.length > 0 || report.grandTotal !== '0.00' ? (
            <Alert
              type="error"
              showIcon
              message="账本存在不一致，请立即联系技术人员核查"
              description={
                <List
                  size="small"
                  dataSource={[
                    ...(report.grandTotal === '0.00'
                      ? []
                      : [`全部余额合计为 ${report.grandTotal} 元，不为零`]),
                    ...report.failures.map((failure) => `${failure.name}：${failure.rows} 行不符`),
                  ]}
                  renderItem={(line) => <List.Item>{line}</List.Item>}
                />
              }
            />
          ) : null}
          <Descriptions size="small" column={{ xs: 1, md: 2, xl: 4 }}>
            <Descriptions.Item label="会员资金合计">{displayYuan(report.memberTotal)} 元</Descriptions.Item>
            <Descriptions.Item label="全部余额合计">{displayYuan(report.grandTotal)} 元</Descriptions.Item>
            <Descriptions.Item label="分录数">{report.entries}</Descriptions.Item>
            <Descriptions.Item label="对账时间">
              {formatTime(report.checkedAt)}（用时 {report.durationMs} 毫秒）
            </Descriptions.Item>
          </Descriptions>
          <Table
            size="small"
            rowKey="kind"
            pagination={false}
            columns={kindColumns}
            dataSource={report.kinds}
            locale={{ emptyText: '本站点尚无资金往来' }}
          />
        </Space>
      ) : null}
    </Card>
  );
}

/** 仪表盘: the site's day so far, what waits for staff, the ledger's state and the last 30 days. */
export function DashboardPage() {
  const { siteId, session } = useSessionState();
  const permissions = session?.operator.permissions ?? [];
  const dashboard = useQuery({
    queryKey: ['adminDashboard', siteId],
    queryFn: () => callRoute('adminDashboard'),
    refetchInterval: dashboardRefreshMs,
  });
  const data = dashboard.data;
  return (
    <ConfigProvider theme={readableTitles}>
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        <Space wrap>
          <Typography.Text>
            {data ? `今日 ${data.today.day}（北京时间），更新于 ${formatTime(data.generatedAt)}` : '今日数据'}
          </Typography.Text>
          <Button
            icon={<ReloadOutlined />}
            loading={dashboard.isFetching}
            onClick={() => void dashboard.refetch()}
          >
            刷新
          </Button>
        </Space>
        {dashboard.isError ? (
          <LoadFailed error={dashboard.error} onRetry={() => void dashboard.refetch()} />
        ) : null}
        {data ? <TodayFigures dashboard={data} permissions={permissions} /> : null}
        {dashboard.isPending ? <Skeleton active /> : null}
        <LedgerCard siteId={siteId} />
        <Card title="近 30 日趋势">
          {data ? (
            <Suspense fallback={<Skeleton active />}>
              <DashboardCharts days={data.days} />
            </Suspense>
          ) : (
            <Skeleton active />
          )}
        </Card>
      </Space>
    </ConfigProvider>
  );
}
