import { ProCard } from '@ant-design/pro-components';
import { type AdminLotteryGame, lotteryIssueNoSchema, type RouteResponse } from '@site/contract';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Descriptions,
  Empty,
  Form,
  Input,
  Progress,
  Select,
  Skeleton,
  Space,
  Table,
  Tag,
} from 'antd';
import { useSearchParams } from 'react-router';
import { callRoute } from '../../lib/api-client.ts';
import { errorText } from '../../lib/api-error.ts';
import { formatTime } from '../../lib/format.ts';
import { useSessionState } from '../../lib/use-session.ts';
import { GamesGate } from './games-gate.tsx';
import { drawStatusEnum, gameOptions } from './lottery-text.ts';

type Liability = RouteResponse<'adminLotteryLiability'>;
type Exposure = Liability['exposures'][number];

/** The biggest exposures listed. */
export const exposureCount = 20;

/** An empty issue asks for the one on sale; anything else must be an issue number. */
const issueNoRule = {
  validator: async (_rule: unknown, value: unknown) => {
    const text = typeof value === 'string' ? value.trim() : '';
    const parsed = lotteryIssueNoSchema.safeParse(text);
    if (text !== '' && !parsed.success) {
      throw new Error(parsed.error.issues[0]?.message ?? '期号格式错误');
    }
  },
};

/** How much of the cap one number's payout takes, in percent (0 without a cap). */
export function capShare(liability: string, cap: string | null): number {
  const capYuan = Number(cap);
  return cap === null || !(capYuan > 0) ? 0 : (Number(liability) / capYuan) * 100;
}

function CapCell(props: { exposure: Exposure; cap: string | null }) {
  if (props.cap === null) {
    return <span>未设上限</span>;
  }
  const share = capShare(props.exposure.liability, props.cap);
  return (
    <Space>
      <Progress
        percent={Math.min(100, Math.round(share))}
        size="small"
        style={{ width: 120 }}
        status={share >= 100 ? 'exception' : share >= 80 ? 'active' : 'normal'}
        format={() => `${share.toFixed(1)}%`}
      />
      {share >= 100 ? <Tag color="red">已达上限</Tag> : null}
    </Space>
  );
}

function LiabilityView(props: { liability: Liability }) {
  const { liability } = props;
  const status = drawStatusEnum[liability.draw.status];
  return (
    <>
      <Descriptions
        bordered
        size="small"
        column={{ xs: 1, sm: 2, lg: 3 }}
        style={{ marginBottom: 16 }}
        items={[
          { key: 'issue', label: '期号', children: `${liability.draw.gameCode} ${liability.draw.issueNo}` },
          { key: 'status', label: '状态', children: status.text },
          { key: 'drawAt', label: '开奖时间', children: formatTime(liability.draw.drawAt) },
          { key: 'tickets', label: '注单数', children: liability.ticketCount },
          { key: 'stake', label: '投注总额（元）', children: liability.totalStake },
          { key: 'cap', label: '单号赔付上限（元）', children: liability.liabilityCap ?? '不限' },
        ]}
      />
      <Table<Exposure>
        rowKey="number"
        size="middle"
        pagination={false}
        scroll={{ x: 'max-content' }}
        title={() => `赔付最高的号码（前 ${exposureCount} 个）`}
        locale={{ emptyText: <Empty description="本期暂无注单" /> }}
        dataSource={liability.exposures}
        columns={[
          { title: '排名', key: 'rank', width: 70, render: (_, _row, index) => index + 1 },
          { title: '玩法', dataIndex: 'playName' },
          { title: '位置', dataIndex: 'position' },
          { title: '号码', dataIndex: 'pick' },
          { title: '开出时赔付（元）', dataIndex: 'liability', align: 'right' },
          {
            title: '占上限',
            key: 'cap',
            render: (_, row) => <CapCell exposure={row} cap={liability.liabilityCap} />,
          },
        ]}
      />
    </>
  );
}

/** The issue asked for, or the one on sale when none is: what the page shows first. */
function useShownIssue(gameCode: string, issueNo: string) {
  const { siteId } = useSessionState();
  const onSale = useQuery({
    queryKey: ['adminLotteryDraws', siteId, gameCode, 'open'],
    queryFn: () => callRoute('adminLotteryDraws', { gameCode, status: 'open', pageNum: 1, pageSize: 1 }),
    enabled: issueNo === '',
  });
  return issueNo === '' ? (onSale.data?.list[0]?.issueNo ?? '') : issueNo;
}

function LiabilityPanel(props: { games: AdminLotteryGame[] }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const { siteId } = useSessionState();
  const askedGame = searchParams.get('gameCode') ?? '';
  const gameCode = props.games.some((game) => game.code === askedGame)
    ? askedGame
    : (props.games[0]?.code ?? '');
  const askedIssue = searchParams.get('issueNo')?.trim() ?? '';
  const issueNo = useShownIssue(gameCode, askedIssue);
  const liability = useQuery({
    queryKey: ['adminLotteryLiability', siteId, gameCode, issueNo],
    queryFn: () => callRoute('adminLotteryLiability', { gameCode, issueNo, limit: exposureCount }),
    enabled: issueNo !== '',
  });
  const [form] = Form.useForm<{ gameCode: string; issueNo: string }>();

  return (
    <ProCard title="风险敞口" headerBordered>
      <Form
        form={form}
        layout="inline"
        name="lotteryLiability"
        style={{ marginBottom: 16, rowGap: 8 }}
        key={`${gameCode} ${issueNo}`}
        initialValues={{ gameCode, issueNo }}
        onFinish={(values) =>
          setSearchParams({
            gameCode: values.gameCode,
            ...(values.issueNo ? { issueNo: values.issueNo.trim() } : {}),
          })
        }
      >
        <Form.Item name="gameCode" label="彩种">
          <Select options={gameOptions(props.games)} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="issueNo" label="期号" tooltip="留空查看当前销售中的一期" rules={[issueNoRule]}>
          <Input placeholder="例如 20261125-0001" style={{ width: 200 }} allowClear />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit">
              查询
            </Button>
            <Button onClick={() => void liability.refetch()} disabled={issueNo === ''}>
              刷新
            </Button>
          </Space>
        </Form.Item>
      </Form>
      {issueNo === '' ? (
        <Empty description="该彩种当前没有销售中的期号，请输入期号查询" />
      ) : liability.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : liability.isError ? (
        <Alert
          type="error"
          showIcon
          message="加载失败"
          description={errorText(liability.error)}
          action={
            <Button size="small" onClick={() => void liability.refetch()}>
              重试
            </Button>
          }
        />
      ) : (
        <LiabilityView liability={liability.data} />
      )}
    </ProCard>
  );
}

/** 风险敞口: an issue's stakes and the numbers it would pay most on, against the game's cap. */
export function LotteryLiabilityPage() {
  return <GamesGate>{(games) => <LiabilityPanel games={games} />}</GamesGate>;
}
