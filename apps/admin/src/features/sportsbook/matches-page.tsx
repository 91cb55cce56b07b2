import type { ActionType } from '@ant-design/pro-components';
import { type AdminSportsbookMatch, sportsbookMatchStatuses, sportsbookSports } from '@site/contract';
import { Badge, Button, Space } from 'antd';
import dayjs from 'dayjs';
import { useRef, useState } from 'react';
import { callRoute } from '../../lib/api-client.ts';
import {
  DataTable,
  pageParams,
  type TableColumn,
  type TableParams,
  textParam,
  timeColumn,
} from '../../lib/data-table.tsx';
import { hasPermission } from '../../lib/session.ts';
import { useOperator } from '../../lib/use-session.ts';
import { HoldDialog } from './hold-dialog.tsx';
import { MatchDrawer } from './match-drawer.tsx';
import { ResultDrawer } from './result-drawer.tsx';
import {
  isCorrectable,
  isHoldable,
  matchStatusEnum,
  phaseText,
  scoreText,
  sportEnum,
  suspensionText,
  teamsText,
} from './sportsbook-text.ts';

/** The search form as the matches route's body; a day is a Beijing kick-off day. */
export function matchSearchBody(params: TableParams) {
  const sport = sportsbookSports.find((each) => each === params.sport);
  const status = sportsbookMatchStatuses.find((each) => each === params.status);
  const matchId = textParam(params, 'matchId')?.toLowerCase();
  const day = typeof params.day === 'string' || dayjs.isDayjs(params.day) ? dayjs(params.day) : undefined;
  return {
    ...pageParams(params),
    ...(sport ? { sport } : {}),
    ...(status ? { status } : {}),
    ...(matchId ? { matchId } : {}),
    ...(day?.isValid() ? { day: day.format('YYYY-MM-DD') } : {}),
  };
}

/** The score bets settle on once there is a result, the scoreboard's before. */
function scoreOf(match: AdminSportsbookMatch): string {
  if (match.status === 'scheduled') {
    return '-';
  }
  return scoreText(match.result?.fullTime ?? match.score);
}

function statusText(match: AdminSportsbookMatch): string {
  const text = matchStatusEnum[match.status].text;
  return match.status === 'live' ? `${text} · ${phaseText(match.phase)}` : text;
}

/** Whether the match takes bets, and who stopped it when it does not. */
function SuspensionCell(props: { match: AdminSportsbookMatch }) {
  const text = suspensionText(props.match);
  if (!isHoldable(props.match)) {
    return <>-</>;
  }
  return text ? <Badge status="warning" text={text} /> : <Badge status="success" text="开盘中" />;
}

function columnsOf(options: {
  isWriter: boolean;
  onOpen: (match: AdminSportsbookMatch) => void;
  onHeld: (match: AdminSportsbookMatch) => void;
  reload: () => void;
}): TableColumn<AdminSportsbookMatch>[] {
  return [
    { title: '赛事编号', dataIndex: 'matchId', copyable: true },
    { title: '运动', dataIndex: 'sport', valueType: 'select', valueEnum: sportEnum },
    { title: '联赛', dataIndex: 'leagueName', hideInSearch: true },
    {
      title: '对阵',
      dataIndex: 'home',
      hideInSearch: true,
      render: (_, row) => teamsText(row),
      csv: (row) => teamsText(row),
    },
    timeColumn<AdminSportsbookMatch>('开赛时间', 'kickOffAt'),
    { title: '开赛日期', dataIndex: 'day', valueType: 'date', hideInTable: true, tooltip: '北京时间' },
    {
      title: '状态',
      dataIndex: 'status',
      valueType: 'select',
      valueEnum: matchStatusEnum,
      render: (dom, row) =>
        row.status === 'live' ? (
          <>
            {dom} · {phaseText(row.phase)}
          </>
        ) : (
          dom
        ),
      csv: statusText,
    },
    {
      title: '比分',
      dataIndex: 'score',
      hideInSearch: true,
      render: (_, row) => scoreOf(row),
      csv: scoreOf,
    },
    {
      title: '半场',
      dataIndex: 'result',
      hideInSearch: true,
      render: (_, row) => scoreText(row.result?.halfTime),
      csv: (row) => scoreText(row.result?.halfTime),
    },
    {
      title: '赛果版本',
      dataIndex: 'resultVersion',
      hideInSearch: true,
      tooltip: '第 1 版为数据源赛果，每次人工更正加 1',
      render: (_, row) =>
        row.result ? (
          <Space size={4}>
            {`第 ${row.resultVersion} 版`}
            {row.resultVersion > 1 ? <Badge status="warning" text="已更正" /> : null}
          </Space>
        ) : (
          '-'
        ),
      csv: (row) => (row.result ? String(row.resultVersion) : ''),
    },
    {
      title: '封盘状态',
      dataIndex: 'isHeld',
      hideInSearch: true,
      render: (_, row) => <SuspensionCell match={row} />,
      csv: (row) => suspensionText(row),
    },
    timeColumn<AdminSportsbookMatch>('结算时间', 'settledAt'),
    {
      title: '取消原因',
      dataIndex: 'cancelReason',
      hideInSearch: true,
      ellipsis: true,
      renderText: (_, row) => row.cancelReason ?? '',
      csv: (row) => row.cancelReason ?? '',
    },
    {
      title: '操作',
      valueType: 'option',
      fixed: 'right',
      width: 180,
      render: (_, row) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => options.onOpen(row)}>
            详情
          </Button>
          {options.isWriter && isHoldable(row) ? (
            <HoldDialog match={row} isHeld={!row.isHeld} onDone={options.onHeld} />
          ) : null}
          {options.isWriter && isCorrectable(row) ? (
            <ResultDrawer match={row} onDone={options.reload} />
          ) : null}
        </Space>
      ),
    },
  ];
}

/**
 * 赛事管理: the feed's fixtures by sport, status and kick-off day with their scores, results and
 * 封盘; staff who may write bets hold and open them and correct a finished match's result.
 */
export function SportsbookMatchesPage() {
  const operator = useOperator();
  const actionRef = useRef<ActionType>(undefined);
  const [opened, setOpened] = useState<AdminSportsbookMatch | null>(null);
  const isWriter = hasPermission(operator, 'book.write');
  const reload = () => {
    void actionRef.current?.reload();
  };
  const onHeld = (match: AdminSportsbookMatch) => {
    setOpened((current) => (current?.matchId === match.matchId ? match : current));
    reload();
  };
  return (
    <>
      <DataTable<AdminSportsbookMatch>
        title="赛事管理"
        rowKey="matchId"
        columns={columnsOf({ isWriter, onOpen: setOpened, onHeld, reload })}
        actionRef={actionRef}
        exportName="赛事"
        fetchPage={(params) => callRoute('adminSportsbookMatches', matchSearchBody(params))}
      />
      <MatchDrawer match={opened} isWriter={isWriter} onClose={() => setOpened(null)} onHeld={onHeld} />
    </>
  );
}
