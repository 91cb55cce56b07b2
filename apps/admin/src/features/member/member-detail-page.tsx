import { ModalForm, ProCard, ProForm, ProFormTextArea } from '@ant-design/pro-components';
import { memberNoteBodySchema, type RouteResponse } from '@site/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Badge,
  Button,
  Descriptions,
  Empty,
  Form,
  List,
  Result,
  Skeleton,
  Space,
  Table,
  Typography,
} from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { linkedAccountsUrl, memberDetailUrl } from '../../app/menu.ts';
import { callRoute } from '../../lib/api-client.ts';
import { errorText } from '../../lib/api-error.ts';
import { DataTable, pageParams, type TableColumn, timeColumn } from '../../lib/data-table.tsx';
import { formatTime } from '../../lib/format.ts';
import { identityStatusEnum, memberStatusEnum, withdrawAccountKindEnum } from '../../lib/labels.ts';
import { TurnoverAuditCard } from '../../lib/turnover-audit.tsx';
import { useAction } from '../../lib/use-action.ts';
import { useOperator, useSessionState } from '../../lib/use-session.ts';
import { zodRule } from '../../lib/zod-rule.ts';
import { ForceLogoutButton, ResetPasswordButton } from './member-account-actions.tsx';
import { adjustUrl, memberActionsFor, newestFirst } from './member-actions.ts';
import { MemberMoney } from './member-money.tsx';
import { memberSearchUrl } from './members-page.tsx';

type MemberDetail = RouteResponse<'adminMemberDetail'>;
type LoginRow = RouteResponse<'adminMemberLoginHistory'>['list'][number];
type PayoutAccount = MemberDetail['payoutAccounts'][number];

function StatusBadge<K extends string>(props: {
  value: K;
  labels: Record<K, { text: string; status?: 'Default' | 'Processing' | 'Success' | 'Error' | 'Warning' }>;
}) {
  const label = props.labels[props.value];
  const status = (label.status ?? 'Default').toLowerCase() as 'default' | 'processing' | 'success' | 'error';
  return <Badge status={status} text={label.text} />;
}

function BlockButtons(props: { username: string; status: 'active' | 'blocked'; onDone: () => void }) {
  const { modal } = App.useApp();
  const block = useAction('adminBlock', { successText: '已封禁该会员', onDone: props.onDone });
  const unblock = useAction('adminUnblock', { successText: '已解除封禁', onDone: props.onDone });
  if (props.status === 'blocked') {
    return (
      <Button
        loading={unblock.isPending}
        onClick={() =>
          modal.confirm({
            title: '确认解除封禁？',
            content: `会员 ${props.username} 将可以重新登录。`,
            okText: '解除封禁',
            cancelText: '取消',
            onOk: () => unblock.mutateAsync({ kind: 'member', value: props.username }),
          })
        }
      >
        解除封禁
      </Button>
    );
  }
  return (
    <ModalForm<{ reason: string }>
      title={`封禁会员 ${props.username}`}
      name="memberBlock"
      width={480}
      trigger={<Button danger>封禁</Button>}
      modalProps={{ destroyOnHidden: true, okText: '确认封禁', cancelText: '取消' }}
      onFinish={async ({ reason }) => {
        await block.mutateAsync({ kind: 'member', value: props.username, reason });
        return true;
      }}
    >
      <p>封禁后该会员的所有登录会话立即失效，且不能再登录。</p>
      <ProFormTextArea
        name="reason"
        label="封禁原因"
        rules={[{ required: true, whitespace: true, message: '请填写封禁原因' }]}
        fieldProps={{ maxLength: 200 }}
      />
    </ModalForm>
  );
}

function NoteForm(props: { username: string; onDone: () => void }) {
  const { modal } = App.useApp();
  const [form] = Form.useForm<{ text: string }>();
  const addNote = useAction('adminMemberNote', {
    successText: '备注已添加',
    onDone: () => {
      form.resetFields();
      props.onDone();
    },
  });
  return (
    <ProForm<{ text: string }>
      form={form}
      name="memberNote"
      submitter={{
        searchConfig: { submitText: '添加备注' },
        resetButtonProps: false,
        submitButtonProps: { loading: addNote.isPending },
      }}
      onFinish={async ({ text }) => {
        modal.confirm({
          title: '确认添加备注？',
          content: '备注添加后不可修改或删除，所有员工可见。',
          okText: '添加',
          cancelText: '取消',
          onOk: () => addNote.mutateAsync({ username: props.username, text }),
        });
      }}
    >
      <ProFormTextArea
        name="text"
        label="添加备注"
        placeholder="仅员工可见，例如：来电核实身份"
        rules={[zodRule(memberNoteBodySchema.shape.text)]}
        fieldProps={{ maxLength: 500 }}
      />
    </ProForm>
  );
}

const payoutColumns = [
  {
    title: '类型',
    dataIndex: 'kind',
    render: (kind: PayoutAccount['kind']) => withdrawAccountKindEnum[kind].text,
  },
  { title: '银行', dataIndex: 'bankName', render: (name: string | null) => name ?? '-' },
  { title: '户名', dataIndex: 'holderName' },
  { title: '账号', dataIndex: 'accountNumber' },
  { title: '添加时间', dataIndex: 'createdAt', render: (at: string) => formatTime(at) },
];

const loginColumns: TableColumn<LoginRow>[] = [
  timeColumn('登录时间', 'loginAt'),
  {
    title: 'IP',
    dataIndex: 'ip',
    hideInSearch: true,
    render: (_, row) => (
      <Link to={memberSearchUrl('ip', row.ip)} title="查看用过此 IP 的会员">
        {row.ip}
      </Link>
    ),
  },
  {
    title: '设备标识',
    dataIndex: 'deviceUuid',
    hideInSearch: true,
    render: (_, row) => (
      <Link to={memberSearchUrl('device', row.deviceUuid)} title="查看用过此设备的会员">
        {row.deviceUuid}
      </Link>
    ),
  },
  { title: '客户端', dataIndex: 'clientType', hideInSearch: true },
];

function MemberDetailView(props: { detail: MemberDetail; onChanged: () => void }) {
  const operator = useOperator();
  const navigate = useNavigate();
  const { profile, identity, wallet } = props.detail;
  const actions = memberActionsFor(operator?.permissions ?? [], profile.status);
  const notes = newestFirst(props.detail.notes);

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <ProCard
        title={
          <Space>
            <Typography.Title level={4} style={{ margin: 0 }}>
              {profile.username}
            </Typography.Title>
            <StatusBadge value={profile.status} labels={memberStatusEnum} />
          </Space>
        }
        extra={
          <Space>
            {actions.mayBlock || actions.mayUnblock ? (
              <BlockButtons username={profile.username} status={profile.status} onDone={props.onChanged} />
            ) : null}
            {actions.mayForceLogout ? <ForceLogoutButton username={profile.username} /> : null}
            {actions.mayResetPassword ? <ResetPasswordButton username={profile.username} /> : null}
            {operator?.permissions.includes('risk.read') ? (
              <Button onClick={() => navigate(linkedAccountsUrl(profile.username))}>关联账户</Button>
            ) : null}
            {actions.mayAdjust ? (
              <Button type="primary" onClick={() => navigate(adjustUrl(profile.memberId))}>
                人工调整
              </Button>
            ) : null}
          </Space>
        }
      >
        {profile.status === 'blocked' ? (
          <Alert
            type="error"
            showIcon
            style={{ marginBottom: 16 }}
            message="该会员已被封禁"
            description={`封禁原因：${profile.blockedReason || '未填写'}`}
          />
        ) : null}
        <Descriptions title="基本资料" bordered size="small" column={3}>
          <Descriptions.Item label="会员ID">{profile.memberId}</Descriptions.Item>
          <Descriptions.Item label="手机号">{profile.phone ?? '-'}</Descriptions.Item>
          <Descriptions.Item label="邮箱">{profile.email ?? '-'}</Descriptions.Item>
          <Descriptions.Item label="邀请码">{profile.inviteCode || '-'}</Descriptions.Item>
          <Descriptions.Item label="邀请人">
            {profile.inviterUsername ? (
              <Link to={memberDetailUrl(profile.inviterUsername)}>{profile.inviterUsername}</Link>
            ) : (
              '-'
            )}
          </Descriptions.Item>
          <Descriptions.Item label="两步验证">
            {profile.isTotpEnabled ? '已开启' : '未开启'}
          </Descriptions.Item>
          <Descriptions.Item label="注册时间">{formatTime(profile.createdAt)}</Descriptions.Item>
          <Descriptions.Item label="最后登录">{formatTime(profile.lastLoginAt)}</Descriptions.Item>
        </Descriptions>
      </ProCard>

      <ProCard gutter={16} ghost>
        <ProCard title="实名认证" colSpan={10}>
          <Descriptions bordered size="small" column={1}>
            <Descriptions.Item label="状态">
              <StatusBadge value={identity.status} labels={identityStatusEnum} />
            </Descriptions.Item>
            <Descriptions.Item label="真实姓名">{identity.realName ?? '-'}</Descriptions.Item>
            <Descriptions.Item label="证件号码">{identity.idNumber ?? '-'}</Descriptions.Item>
            <Descriptions.Item label="提交时间">{formatTime(identity.submittedAt)}</Descriptions.Item>
            <Descriptions.Item label="审核时间">{formatTime(identity.reviewedAt)}</Descriptions.Item>
            {identity.reason ? (
              <Descriptions.Item label="拒绝原因">{identity.reason}</Descriptions.Item>
            ) : null}
          </Descriptions>
        </ProCard>
        <ProCard title="钱包" colSpan={14}>
          <Descriptions bordered size="small" column={2}>
            <Descriptions.Item label="总余额">{wallet.totalBalance}</Descriptions.Item>
            <Descriptions.Item label="中心钱包">{wallet.mainBalance}</Descriptions.Item>
            <Descriptions.Item label="红利钱包">{wallet.bonusBalance}</Descriptions.Item>
            <Descriptions.Item label="提现冻结">{wallet.withdrawalHoldBalance}</Descriptions.Item>
            {wallet.venues.map((venue) => (
              <Descriptions.Item key={venue.venueCode} label={venue.name}>
                {venue.balance}
              </Descriptions.Item>
            ))}
          </Descriptions>
        </ProCard>
      </ProCard>

      <ProCard title="收款账户">
        <Table<PayoutAccount>
          rowKey="id"
          size="small"
          pagination={false}
          columns={payoutColumns}
          dataSource={props.detail.payoutAccounts}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="未绑定收款账户" /> }}
        />
      </ProCard>

      {operator?.permissions.includes('cashier.read') ? (
        <TurnoverAuditCard username={profile.username} />
      ) : null}

      <ProCard title="员工备注">
        {actions.mayNote ? <NoteForm username={profile.username} onDone={props.onChanged} /> : null}
        <List
          dataSource={notes}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无备注" /> }}
          renderItem={(note) => (
            <List.Item>
              <List.Item.Meta
                title={`${note.operatorUsername} · ${formatTime(note.createdAt)}`}
                description={<Typography.Text>{note.text}</Typography.Text>}
              />
            </List.Item>
          )}
        />
      </ProCard>

      <DataTable<LoginRow>
        title="登录记录"
        rowKey="loginAt"
        columns={loginColumns}
        exportName={`会员登录记录-${profile.username}`}
        isUrlSynced={false}
        fetchPage={(params) =>
          callRoute('adminMemberLoginHistory', { ...pageParams(params), username: profile.username })
        }
      />

      {actions.mayReadMoney ? <MemberMoney username={profile.username} /> : null}
    </Space>
  );
}

/** 会员详情: the member named in the URL, as the member list opened it. */
export function MemberDetailPage() {
  const [searchParams] = useSearchParams();
  const username = searchParams.get('username')?.trim() ?? '';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // Per site: the same username on another site is another member.
  const { siteId } = useSessionState();
  const queryKey = ['adminMemberDetail', siteId, username];
  const detail = useQuery({
    queryKey,
    queryFn: () => callRoute('adminMemberDetail', { username }),
    enabled: username !== '',
  });

  if (username === '') {
    return (
      <Result
        status="info"
        title="请先选择会员"
        extra={
          <Button type="primary" onClick={() => navigate('/member/list')}>
            前往会员列表
          </Button>
        }
      />
    );
  }
  if (detail.isPending) {
    return (
      <ProCard>
        <Skeleton active paragraph={{ rows: 8 }} />
      </ProCard>
    );
  }
  if (detail.isError) {
    return (
      <Result
        status="error"
        title="会员资料加载失败"
        subTitle={<span className="console-result-text">{errorText(detail.error)}</span>}
        extra={
          <Space>
            <Button type="primary" onClick={() => void detail.refetch()}>
              重试
            </Button>
            <Button onClick={() => navigate('/member/list')}>返回会员列表</Button>
          </Space>
        }
      />
    );
  }
  return (
    <MemberDetailView
      detail={detail.data}
      onChanged={() => void queryClient.invalidateQueries({ queryKey })}
    />
  );
}
