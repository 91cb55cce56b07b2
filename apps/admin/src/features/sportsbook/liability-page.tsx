import { ProCard } from '@ant-design/pro-components';
import {
  type AdminSportsbookLiabilityBody,
  type AdminSportsbookMarketLiability,
  type AdminSportsbookMatchLiability,
  adminSportsbookLiabilityBodySchema,
  parseYuan,
  type SportsbookMatchStatus,
  type SportsbookSuspendReason,
} from '@site/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  Alert,
  Badge,
  type BadgeProps,
  Button,
  Empty,
  Form,
  Input,
  Progress,
  Skeleton,
  Space,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { callRoute } from '../../lib/api-client.ts';
import { errorText } from '../../lib/api-error.ts';
import { displayYuan, formatTime } from '../../lib/format.ts';
import { sportsbookBetsUrl } from './match-drawer.tsx';
import {
  marketStatusNames,
  matchStatusEnum,
  sportEnum,
  suspendReasonNames,
  teamsText,
} from './sportsbook-text.ts';

type Selection = AdminSportsbookMarketLiability['selections'][number];

/** Liability moves with every bet taken: the page asks again this often. */
export const liabilityRefreshMs = 10_000;

/** Where 赛事管理 opens on one match, its 详情 one click away. */
export const sportsbookMatchesPath = '/sportsbook/matches';

export function sportsbookMatchesUrl(matchId: string): string {
  return `${sportsbookMatchesPath}?${new URLSearchParams({ matchId })}`;
}

const pageSizeDefault = 20;

/** A wire amount in fen; a malformed one (never sent by the contract) counts as nothing. */
function fenOf(yuan: string): bigint {
  return parseYuan(yuan) ?? 0n;
}

/** How much of the match's cap its worst market takes, in percent (0 without a cap or at a profit). */
export function capShare(worstLiability: string, exposureMax: string): number {
  const capFen = fenOf(exposureMax);
  const worstFen = fenOf(worstLiability);
  if (capFen <= 0n || worstFen <= 0n) {
    return 0;
  }
  return Number((worstFen * 10_000n) / capFen) / 100;
}

/** A market something rides on: a single's stake, or a parlay leg's return on one of its picks. */
export function isAtRisk(market: AdminSportsbookMarketLiability): boolean {
  return fenOf(market.stake) > 0n || market.selections.some((each) => fenOf(each.potentialReturn) > 0n);
}

/** The markets the house could lose most on first. */
export function marketsByLiability(
  markets: ReadonlyArray<AdminSportsbookMarketLiability>,
): AdminSportsbookMarketLiability[] {
  return [...markets].sort((a, b) => {
    const difference = fenOf(b.worstLiability) - fenOf(a.worstLiability);
    return difference > 0n ? 1 : difference < 0n ? -1 : 0;
  });
}

/** The 赛事编号 typed or in the URL, as the route wants it: trimmed, lower case, left out when empty. */
export function liabilityBody(
  matchIdText: string,
  page: { pageNum: number; pageSize: number },
): AdminSportsbookLiabilityBody {
  const matchId = matchIdText.trim().toLowerCase();
  return { ...page, ...(matchId ? { matchId } : {}) };
}

const matchIdRule = {
  validator: async (_rule: unknown, value: unknown) => {
    const text = typeof value === 'string' ? value.trim().toLowerCase() : '';
    const parsed = adminSportsbookLiabilityBodySchema.shape.matchId.safeParse(text);
    if (text !== '' && !parsed.success) {
      throw new Error(parsed.error.issues[0]?.message ?? '赛事编号格式错误');
    }
  },
};

const matchBadges = {
  scheduled: 'default',
  live: 'processing',
  finished: 'success',
  cancelled: 'error',
} satisfies Record<SportsbookMatchStatus, BadgeProps['status']>;

/** 风险封盘 is the one staff must look at: red; the others say who stopped the market. */
const suspendReasonColors = {
  exposure_cap: 'red',
  held: 'blue',
  feed: 'default',
} satisfies Record<SportsbookSuspendReason, string>;

function MarketStatusTag(props: { market: AdminSportsbookMarketLiability }) {
  const { market } = props;
  if (market.suspendReason) {
    return (
      <Tag color={suspendReasonColors[market.suspendReason]}>{suspendReasonNames[market.suspendReason]}</Tag>
    );
  }
  return <Tag>{marketStatusNames[market.status]}</Tag>;
}

function CapCell(props: { match: AdminSportsbookMatchLiability }) {
  const { match } = props;
  const share = capShare(match.worstLiability, match.exposureMax);
  return (
    <Space direction="vertical" size={0}>
      <span>
        {displayYuan(match.worstLiability)} / {displayYuan(match.exposureMax)}
      </span>
      <Space size={4}>
        <Progress
          aria-label={`最大赔付占封顶 ${share.toFixed(1)}%`}
          percent={Math.min(100, share)}
          size="small"
          style={{ width: 120 }}
          status={share >= 100 ? 'exception' : share >= 80 ? 'active' : 'normal'}
          format={() => `${share.toFixed(1)}%`}
        />
        {share >= 100 ? <Tag color="red">已达封顶</Tag> : null}
      </Space>
    </Space>
  );
}

function MarketsCell(props: { match: AdminSportsbookMatchLiability }) {
  const { markets } = props.match;
  const cappedCount = markets.filter((market) => market.suspendReason === 'exposure_cap').length;
  return (
    <Space size={4}>
      <span>{markets.filter(isAtRisk).length}</span>
      {cappedCount > 0 ? <Tag color="red">{`风险封盘 ${cappedCount}`}</Tag> : null}
    </Space>
  );
}

/** One pick of a market; the market's own cells span its picks. */
interface PickRow {
  key: string;
  market: AdminSportsbookMarketLiability;
  selection: Selection | null;
  marketRowSpan: number;
}

export function pickRowsOf(markets: ReadonlyArray<AdminSportsbookMarketLiability>): PickRow[] {
  return marketsByLiability(markets).flatMap((market): PickRow[] =>
    market.selections.length === 0
      ? [{ key: market.marketKey, market, selection: null, marketRowSpan: 1 }]
      : market.selections.map((selection, index) => ({
          key: selection.key,
          market,
          selection,
          marketRowSpan: index === 0 ? market.selections.length : 0,
        })),
  );
}

function marketText(market: Pick<AdminSportsbookMarketLiability, 'name' | 'line'>): string {
  return market.line === null ? market.name : `${market.name} ${market.line}`;
}

function LiabilityText(props: { yuan: string }) {
  return fenOf(props.yuan) < 0n ? (
    <span className="liability-house-wins">{displayYuan(props.yuan)}</span>
  ) : (
    <span>{displayYuan(props.yuan)}</span>
  );
}

const spanMarket = (row: PickRow) => ({ rowSpan: row.marketRowSpan });

const pickColumns: TableColumnsType<PickRow> = [
  {
    title: '盘口',
    key: 'market',
    onCell: spanMarket,
    render: (_, row) => (
      <Space direction="vertical" size={0}>
        <span>{marketText(row.market)}</span>
        <span style={{ fontSize: 12 }}>{`赔率版本 ${row.market.priceVersion}`}</span>
      </Space>
    ),
  },
  {
    title: '状态',
    key: 'status',
    onCell: spanMarket,
    render: (_, row) => <MarketStatusTag market={row.market} />,
  },
  {
    title: '投注额（元）',
    key: 'stake',
    align: 'right',
    onCell: spanMarket,
    render: (_, row) => displayYuan(row.market.stake),
  },
  {
    title: '最大赔付（元）',
    key: 'worstLiability',
    align: 'right',
    onCell: spanMarket,
    render: (_, row) => <LiabilityText yuan={row.market.worstLiability} />,
  },
  { title: '选项', key: 'selection', render: (_, row) => row.selection?.name ?? '暂无选项' },
  { title: '赔率', key: 'odds', align: 'right', render: (_, row) => row.selection?.odds ?? '-' },
  {
    title: '潜在派彩（元）',
    key: 'potentialReturn',
    align: 'right',
    render: (_, row) => (row.selection ? displayYuan(row.selection.potentialReturn) : '-'),
  },
  {
    title: '赔付（元）',
    key: 'liability',
    align: 'right',
    render: (_, row) => (row.selection ? <LiabilityText yuan={row.selection.liability} /> : '-'),
  },
  {
    title: '已调价',
    key: 'priceSteps',
    align: 'right',
    render: (_, row) =>
      row.selection && row.selection.priceSteps > 0 ? (
        <Tag color="red">{`${row.selection.priceSteps} 档`}</Tag>
      ) : (
        '-'
      ),
  },
];

/** A match's markets, biggest worst case first, each pick with what the house pays if it wins. */
function MarketsTable(props: { match: AdminSportsbookMatchLiability }) {
  return (
    <Table<PickRow>
      rowKey="key"
      size="small"
      bordered
      pagination={false}
      title={() => '赔付：该选项胜出时平台的净赔付（派彩减去本盘口投注额），负数表示平台盈利'}
      dataSource={pickRowsOf(props.match.markets)}
      columns={pickColumns}
      locale={{ emptyText: '暂无盘口' }}
    />
  );
}

const matchColumns: TableColumnsType<AdminSportsbookMatchLiability> = [
  {
    title: '赛事编号',
    dataIndex: 'matchId',
    render: (_, match) => <Typography.Text copyable>{match.matchId}</Typography.Text>,
  },
  { title: '对阵', key: 'teams', render: (_, match) => teamsText(match) },
  {
    title: '联赛',
    dataIndex: 'leagueName',
    render: (_, match) => `${sportEnum[match.sport].text} · ${match.leagueName}`,
  },
  { title: '开赛时间', dataIndex: 'kickOffAt', render: (_, match) => formatTime(match.kickOffAt) },
  {
    title: '状态',
    dataIndex: 'status',
    render: (_, match) => (
      <Badge status={matchBadges[match.status]} text={matchStatusEnum[match.status].text} />
    ),
  },
  {
    title: '最大赔付 / 封顶（元）',
    key: 'cap',
    render: (_, match) => <CapCell match={match} />,
  },
  {
    title: '风险盘口数',
    key: 'markets',
    align: 'right',
    render: (_, match) => <MarketsCell match={match} />,
  },
  {
    title: '操作',
    key: 'links',
    fixed: 'right',
    render: (_, match) => (
      <Space>
        <Link to={sportsbookMatchesUrl(match.matchId)} aria-label={`赛事详情 ${teamsText(match)}`}>
          赛事详情
        </Link>
        <Link to={sportsbookBetsUrl(match.matchId)} aria-label={`查看注单 ${teamsText(match)}`}>
          查看注单
        </Link>
      </Space>
    ),
  },
];

/**
 * 体育风险: the matches not yet settled with anything at risk, the one the house could lose most
 * on first, its worst market against the cap at which markets suspend; each opens on its markets.
 * Liability is the book's, shared by every site, so the list is the same whichever site is chosen.
 */
export function SportsbookLiabilityPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const matchIdText = searchParams.get('matchId') ?? '';
  const [page, setPage] = useState({ pageNum: 1, pageSize: pageSizeDefault });
  const body = liabilityBody(matchIdText, page);
  const liability = useQuery({
    queryKey: ['adminSportsbookLiability', body],
    queryFn: () => callRoute('adminSportsbookLiability', body),
    refetchInterval: liabilityRefreshMs,
    placeholderData: keepPreviousData,
  });
  const refresh = () => void liability.refetch();

  return (
    <ProCard title="体育风险" headerBordered>
      <Form
        layout="inline"
        name="sportsbookLiability"
        style={{ marginBottom: 16, rowGap: 8 }}
        key={matchIdText}
        initialValues={{ matchId: matchIdText }}
        onFinish={(values: { matchId?: string }) => {
          const matchId = values.matchId?.trim().toLowerCase() ?? '';
          setPage((current) => ({ ...current, pageNum: 1 }));
          setSearchParams(matchId ? { matchId } : {});
        }}
      >
        <Form.Item name="matchId" label="赛事编号" tooltip="留空查看全部有风险的赛事" rules={[matchIdRule]}>
          <Input placeholder="例如 fb-epl-0001" style={{ width: 220 }} allowClear />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit">
              查询
            </Button>
            <Button onClick={refresh} loading={liability.isFetching}>
              刷新
            </Button>
            <span>
              {liability.dataUpdatedAt > 0
                ? `每 10 秒自动刷新，更新于 ${formatTime(new Date(liability.dataUpdatedAt).toISOString())}`
                : '每 10 秒自动刷新'}
            </span>
          </Space>
        </Form.Item>
      </Form>
      {liability.isError ? (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          message="加载失败"
          description={errorText(liability.error)}
          action={
            <Button size="small" onClick={refresh}>
              重试
            </Button>
          }
        />
      ) : null}
      {liability.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : liability.data === undefined ? null : (
        <Table<AdminSportsbookMatchLiability>
          rowKey="matchId"
          size="middle"
          scroll={{ x: 'max-content' }}
          dataSource={liability.data.list}
          columns={matchColumns}
          expandable={{
            expandedRowRender: (match) => <MarketsTable match={match} />,
            rowExpandable: (match) => match.markets.length > 0,
          }}
          locale={{ emptyText: <Empty description="暂无风险敞口" /> }}
          pagination={{
            current: page.pageNum,
            pageSize: page.pageSize,
            total: liability.data.total,
            showSizeChanger: true,
            onChange: (pageNum, pageSize) => setPage({ pageNum, pageSize }),
          }}
        />
      )}
    </ProCard>
  );
}
