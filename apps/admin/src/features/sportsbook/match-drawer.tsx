import type { AdminSportsbookMarketLiability, AdminSportsbookMatch } from '@site/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Badge, Button, Descriptions, Drawer, Space, Table, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { callRoute } from '../../lib/api-client.ts';
import { errorText } from '../../lib/api-error.ts';
import { formatTime } from '../../lib/format.ts';
import { HoldDialog } from './hold-dialog.tsx';
import {
  isHoldable,
  marketStatusNames,
  matchStatusEnum,
  phaseText,
  scoreText,
  sportEnum,
  suspendReasonNames,
  suspensionText,
  teamsText,
} from './sportsbook-text.ts';

/** Where 体育注单 opens on the bets of one match. */
export const sportsbookBetsPath = '/sportsbook/bets';

export function sportsbookBetsUrl(matchId: string): string {
  return `${sportsbookBetsPath}?${new URLSearchParams({ matchId })}`;
}

const marketsKey = (matchId: string) => ['adminSportsbookLiability', matchId] as const;

function marketText(market: Pick<AdminSportsbookMarketLiability, 'name' | 'line'>): string {
  return market.line === null ? market.name : `${market.name} ${market.line}`;
}

function MarketStatus(props: { market: AdminSportsbookMarketLiability }) {
  const { market } = props;
  const reason = market.suspendReason;
  return (
    <Space size={4}>
      <Badge
        status={market.status === 'open' ? 'success' : 'warning'}
        text={marketStatusNames[market.status]}
      />
      {reason ? (
        <Tag color={reason === 'exposure_cap' ? 'error' : 'default'}>{suspendReasonNames[reason]}</Tag>
      ) : null}
    </Space>
  );
}

/**
 * A match's markets with what is at risk on them (the liability route of one match), each with
 * its own 封盘 / 开盘. A market held by staff stays suspended whatever the feed says, so its
 * button opens it again.
 */
function MarketsTable(props: {
  match: AdminSportsbookMatch;
  isWriter: boolean;
  onHeld: (match: AdminSportsbookMatch) => void;
}) {
  const { match } = props;
  const client = useQueryClient();
  const markets = useQuery({
    queryKey: marketsKey(match.matchId),
    queryFn: () => callRoute('adminSportsbookLiability', { matchId: match.matchId, pageNum: 1, pageSize: 1 }),
  });
  const refreshMarkets = () => {
    void client.invalidateQueries({ queryKey: marketsKey(match.matchId) });
  };
  const onHeld = (next: AdminSportsbookMatch) => {
    refreshMarkets();
    props.onHeld(next);
  };
  const mayHold = props.isWriter && isHoldable(match);
  if (markets.isError) {
    return (
      <Alert
        type="error"
        showIcon
        message="盘口加载失败"
        description={errorText(markets.error)}
        action={
          <Button size="small" onClick={() => void markets.refetch()}>
            重试
          </Button>
        }
      />
    );
  }
  return (
    <Table<AdminSportsbookMarketLiability>
      rowKey="marketKey"
      size="small"
      loading={markets.isPending}
      pagination={false}
      dataSource={markets.data?.list[0]?.markets ?? []}
      locale={{ emptyText: isHoldable(match) ? '暂无盘口' : '赛事已结束，盘口已关闭' }}
      columns={[
        { title: '盘口', key: 'name', width: 130, render: (_, market) => marketText(market) },
        {
          title: '选项 / 赔率',
          key: 'selections',
          render: (_, market) =>
            market.selections.map((selection) => `${selection.name} ${selection.odds}`).join('，'),
        },
        { title: '投注额', dataIndex: 'stake', key: 'stake', align: 'right', width: 110 },
        {
          title: '最大赔付',
          dataIndex: 'worstLiability',
          key: 'worstLiability',
          align: 'right',
          width: 110,
        },
        {
          title: '状态',
          key: 'status',
          width: 170,
          render: (_, market) => <MarketStatus market={market} />,
        },
        ...(mayHold
          ? [
              {
                title: '操作',
                key: 'action',
                width: 80,
                render: (_: unknown, market: AdminSportsbookMarketLiability) => (
                  <HoldDialog
                    match={match}
                    market={{ key: market.marketKey, name: marketText(market) }}
                    isHeld={!match.heldMarketKeys.includes(market.marketKey)}
                    onDone={onHeld}
                    onRefused={refreshMarkets}
                  />
                ),
              },
            ]
          : []),
      ]}
    />
  );
}

function matchItems(match: AdminSportsbookMatch) {
  const suspension = suspensionText(match);
  return [
    { key: 'id', label: '赛事编号', children: <Typography.Text copyable>{match.matchId}</Typography.Text> },
    { key: 'sport', label: '运动', children: sportEnum[match.sport].text },
    { key: 'league', label: '联赛', children: match.leagueName },
    { key: 'kickOff', label: '开赛时间', children: formatTime(match.kickOffAt) },
    {
      key: 'status',
      label: '状态',
      children: `${matchStatusEnum[match.status].text}${match.status === 'live' ? ` · ${phaseText(match.phase)}` : ''}`,
    },
    { key: 'score', label: '比分', children: match.status === 'scheduled' ? '-' : scoreText(match.score) },
    { key: 'fullTime', label: '赛果（全场）', children: scoreText(match.result?.fullTime) },
    { key: 'halfTime', label: '赛果（半场）', children: scoreText(match.result?.halfTime) },
    { key: 'version', label: '赛果版本', children: match.result ? `第 ${match.resultVersion} 版` : '-' },
    { key: 'settledAt', label: '结算时间', children: formatTime(match.settledAt) },
    ...(suspension ? [{ key: 'suspension', label: '封盘', children: suspension }] : []),
    ...(match.cancelReason ? [{ key: 'cancel', label: '取消原因', children: match.cancelReason }] : []),
  ];
}

/** 赛事详情: the match, its result and every market with 封盘 / 开盘 for staff who may. */
export function MatchDrawer(props: {
  match: AdminSportsbookMatch | null;
  isWriter: boolean;
  onClose: () => void;
  onHeld: (match: AdminSportsbookMatch) => void;
}) {
  const { match } = props;
  return (
    <Drawer
      title={match ? `赛事详情 ${teamsText(match)}` : '赛事详情'}
      width={880}
      open={match !== null}
      onClose={props.onClose}
      destroyOnHidden
      extra={
        match ? (
          <Space>
            <Link to={sportsbookBetsUrl(match.matchId)}>查看注单</Link>
            {props.isWriter && isHoldable(match) ? (
              <HoldDialog match={match} isHeld={!match.isHeld} onDone={props.onHeld} />
            ) : null}
          </Space>
        ) : null
      }
    >
      {match ? (
        <>
          <Descriptions
            size="small"
            column={2}
            bordered
            items={matchItems(match)}
            style={{ marginBottom: 24 }}
          />
          {match.isHeld ? (
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 16 }}
              message="整场已人工封盘：所有盘口暂停投注，开盘整场后各盘口恢复。"
            />
          ) : null}
          <Typography.Title level={5}>盘口</Typography.Title>
          <MarketsTable match={match} isWriter={props.isWriter} onHeld={props.onHeld} />
        </>
      ) : null}
    </Drawer>
  );
}
