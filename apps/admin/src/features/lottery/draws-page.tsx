import { type ActionType, ModalForm, ProFormTextArea } from '@ant-design/pro-components';
import {
  type AdminLotteryDraw,
  type AdminLotteryGame,
  adminLotteryCancelBodySchema,
  type LotteryDrawStatus,
  lotteryDrawStatuses,
} from '@site/contract';
import { Alert, Button, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { useRef } from 'react';
import { Link } from 'react-router';
import { callRoute } from '../../lib/api-client.ts';
import {
  DataTable,
  pageParams,
  type TableColumn,
  type TableParams,
  textParam,
  timeColumn,
} from '../../lib/data-table.tsx';
import { formatTime } from '../../lib/format.ts';
import { hasPermission } from '../../lib/session.ts';
import { useAction } from '../../lib/use-action.ts';
import { useOperator } from '../../lib/use-session.ts';
import { zodRule } from '../../lib/zod-rule.ts';
import { GamesGate } from './games-gate.tsx';
import { drawStatusEnum, gameEnum, numbersText } from './lottery-text.ts';

/** A 64-hex hash cut to the column, its whole value in the DOM, on hover and in the copy. */
function HashText(props: { value: string }) {
  return (
    <Typography.Text copyable={{ text: props.value }}>
      <span title={props.value} style={hashStyle}>
        {props.value}
      </span>
    </Typography.Text>
  );
}

const hashStyle = {
  display: 'inline-block',
  maxWidth: 150,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  verticalAlign: 'bottom',
  fontFamily: 'monospace',
} as const;

/** The Beijing clock time of an instant: an issue's times all fall on its day. */
function clockOf(iso: string): string {
  return formatTime(iso).slice(11);
}

/** Where 风险敞口 opens on one issue. */
export const liabilityPath = '/lottery/liability';

export function liabilityUrl(gameCode: string, issueNo: string): string {
  return `${liabilityPath}?${new URLSearchParams({ gameCode, issueNo })}`;
}

/** Only an issue still on sale or closed for its draw can be cancelled: a drawn one is paid. */
export function isCancellable(status: LotteryDrawStatus): boolean {
  return status === 'open' || status === 'closing';
}

/** The search form as the draws route's body; the route needs a game, the first one by default. */
export function drawSearchBody(params: TableParams, games: ReadonlyArray<Pick<AdminLotteryGame, 'code'>>) {
  const gameCode = games.find((game) => game.code === params.gameCode)?.code ?? games[0]?.code ?? '';
  const status = lotteryDrawStatuses.find((each) => each === params.status);
  const issueNo = textParam(params, 'issueNo');
  const day = typeof params.day === 'string' || dayjs.isDayjs(params.day) ? dayjs(params.day) : undefined;
  return {
    ...pageParams(params),
    gameCode,
    ...(status ? { status } : {}),
    ...(issueNo ? { issueNo } : {}),
    ...(day?.isValid() ? { day: day.format('YYYYMMDD') } : {}),
  };
}

/** 撤单: the issue with its reason, every ticket refunded by the server. */
function CancelDialog(props: { draw: AdminLotteryDraw; onDone: () => void }) {
  const { draw } = props;
  const cancel = useAction('adminLotteryCancel', {
    successText: '已撤单，本期注单已全额退款',
    onDone: props.onDone,
    onRefused: props.onDone,
  });
  return (
    <ModalForm<{ reason: string }>
      title={`撤单 ${draw.gameCode} 第 ${draw.issueNo} 期`}
      name="lotteryCancel"
      width={480}
      trigger={
        <Button type="link" size="small" danger>
          撤单
        </Button>
      }
      modalProps={{
        destroyOnHidden: true,
        okText: '确认撤单',
        cancelText: '取消',
        okButtonProps: { danger: true },
      }}
      onFinish={({ reason }) =>
        // Refused, the dialog stays open; the action shows why and the list reloads.
        cancel.mutateAsync({ gameCode: draw.gameCode, issueNo: draw.issueNo, reason: reason.trim() }).then(
          () => true,
          () => false,
        )
      }
    >
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 16 }}
        message={`撤单后本期不再开奖，${draw.ticketCount} 笔注单（共 ${draw.totalStake} 元）将全额退还给会员，且不可恢复。`}
      />
      <ProFormTextArea
        name="reason"
        label="撤单原因"
        placeholder="会员可在开奖结果中看到，例如：开奖源异常"
        rules={[
          { required: true, whitespace: true, message: '请填写撤单原因' },
          zodRule(adminLotteryCancelBodySchema.shape.reason),
        ]}
        fieldProps={{ maxLength: 100, rows: 3 }}
      />
    </ModalForm>
  );
}

function DrawsTable(props: { games: AdminLotteryGame[] }) {
  const { games } = props;
  const operator = useOperator();
  const actionRef = useRef<ActionType>(undefined);
  const isWriter = hasPermission(operator, 'venue.write');
  const kindOf = (code: string) => games.find((game) => game.code === code)?.kind;
  const reload = () => {
    void actionRef.current?.reload();
  };
  const columns: TableColumn<AdminLotteryDraw>[] = [
    {
      title: '彩种',
      dataIndex: 'gameCode',
      valueType: 'select',
      valueEnum: gameEnum(games),
      initialValue: games[0]?.code,
      fieldProps: { allowClear: false },
      // The table holds one game's issues: the search form names it.
      hideInTable: true,
    },
    {
      title: '开奖日期',
      dataIndex: 'day',
      valueType: 'date',
      hideInTable: true,
      tooltip: '北京时间，按期号日期',
    },
    { title: '期号', dataIndex: 'issueNo', copyable: true },
    { title: '状态', dataIndex: 'status', valueType: 'select', valueEnum: drawStatusEnum },
    {
      title: '开奖号码',
      dataIndex: 'numbers',
      hideInSearch: true,
      copyable: true,
      renderText: (_, row) => numbersText(row.numbers, kindOf(row.gameCode)),
      csv: (row) => numbersText(row.numbers, kindOf(row.gameCode)),
    },
    timeColumn<AdminLotteryDraw>('开奖时间', 'drawAt'),
    { title: '注单数', dataIndex: 'ticketCount', hideInSearch: true, align: 'right' },
    { title: '投注额', dataIndex: 'totalStake', hideInSearch: true, align: 'right' },
    { title: '派彩', dataIndex: 'totalPayout', hideInSearch: true, align: 'right' },
    {
      title: '开售 / 封盘',
      dataIndex: 'opensAt',
      hideInSearch: true,
      render: (_, row) => `${clockOf(row.opensAt)} / ${clockOf(row.closesAt)}`,
      csv: (row) => `${formatTime(row.opensAt)} / ${formatTime(row.closesAt)}`,
    },
    {
      title: '承诺哈希',
      dataIndex: 'commitment',
      hideInSearch: true,
      tooltip: '种子的 SHA-256，开售前公布',
      render: (_, row) => <HashText value={row.commitment} />,
      csv: (row) => row.commitment,
    },
    {
      title: '开奖种子',
      dataIndex: 'seed',
      hideInSearch: true,
      tooltip: '开奖时公布；SHA-256(种子) 应等于承诺哈希',
      render: (_, row) => (row.seed ? <HashText value={row.seed} /> : '-'),
      csv: (row) => row.seed ?? '',
    },
    {
      title: '撤单原因',
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
      width: 130,
      render: (_, row) => (
        <Space size={0}>
          <Link to={liabilityUrl(row.gameCode, row.issueNo)}>风险敞口</Link>
          {isWriter && isCancellable(row.status) ? <CancelDialog draw={row} onDone={reload} /> : null}
        </Space>
      ),
    },
  ];
  return (
    <DataTable<AdminLotteryDraw>
      title="开奖记录"
      rowKey="issueNo"
      columns={columns}
      actionRef={actionRef}
      exportName="开奖记录"
      fetchPage={(params) => callRoute('adminLotteryDraws', drawSearchBody(params, games))}
    />
  );
}

/** 开奖记录: a game's issues by day, number and status, with commitments, seeds and results. */
export function LotteryDrawsPage() {
  return <GamesGate>{(games) => <DrawsTable games={games} />}</GamesGate>;
}
