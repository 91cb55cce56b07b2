import {
  type ActionType,
  DrawerForm,
  ModalForm,
  ProFormDigit,
  ProFormText,
  ProFormTextArea,
} from '@ant-design/pro-components';
import {
  type AdminLotteryGame,
  adminLotteryGameUpdateBodySchema,
  lotteryHouseEdgeBpsMax,
} from '@site/contract';
import { App, Badge, Button, Form, Input, Space, Table, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import { useRef } from 'react';
import { callRoute } from '../../lib/api-client.ts';
import { DataTable, type TableColumn, timeColumn } from '../../lib/data-table.tsx';
import { hasPermission } from '../../lib/session.ts';
import { useAction } from '../../lib/use-action.ts';
import { useOperator } from '../../lib/use-session.ts';
import { zodRule } from '../../lib/zod-rule.ts';
import { bpsText, dailyWindowText, kindName, scheduleText } from './lottery-text.ts';

const fields = adminLotteryGameUpdateBodySchema.shape;

export interface GameForm {
  /** 庄家优势 in percent, as staff think of it; the route takes basis points. */
  houseEdgePercent: number;
  closingSeconds: number;
  ticketStakeMax: string;
  /** Empty: no cap. */
  liabilityCap: string;
  reason: string;
}

/** The form's values as the update route's body: only what changed, so the audit shows the change. */
export function gameUpdateBody(game: AdminLotteryGame, values: GameForm) {
  const houseEdgeBps = Math.round(values.houseEdgePercent * 100);
  const liabilityCap = values.liabilityCap.trim() === '' ? null : values.liabilityCap.trim();
  const ticketStakeMax = values.ticketStakeMax.trim();
  return {
    gameCode: game.code,
    ...(houseEdgeBps === game.houseEdgeBps ? {} : { houseEdgeBps }),
    ...(values.closingSeconds === game.closingSeconds ? {} : { closingSeconds: values.closingSeconds }),
    ...(Number(ticketStakeMax) === Number(game.ticketStakeMax) ? {} : { ticketStakeMax }),
    ...(sameCap(liabilityCap, game.liabilityCap) ? {} : { liabilityCap }),
    reason: values.reason.trim(),
  };
}

function sameCap(next: string | null, current: string | null): boolean {
  return next === null || current === null ? next === current : Number(next) === Number(current);
}

/** A positive yuan amount, as the server will want it. */
const positiveYuan = (required: boolean) => ({
  validator: async (_rule: unknown, value: unknown) => {
    const text = typeof value === 'string' ? value.trim() : '';
    if (text === '') {
      if (required) {
        throw new Error('请输入金额');
      }
      return;
    }
    if (!/^\d{1,12}(\.\d{1,2})?$/.test(text) || Number(text) <= 0) {
      throw new Error('须为大于 0 的金额，最多两位小数');
    }
  },
});

/** 编辑 of a game: its edge, closing time, ticket limit and liability cap. */
function GameDialog(props: { game: AdminLotteryGame; onDone: () => void }) {
  const { game } = props;
  const update = useAction('adminLotteryGameUpdate', {
    successText: '已保存，下一期起生效',
    onDone: props.onDone,
  });
  return (
    <ModalForm<GameForm>
      title={`编辑彩种 ${game.name}（${game.code}）`}
      name="lotteryGameEdit"
      width={560}
      trigger={
        <Button type="link" size="small">
          编辑
        </Button>
      }
      initialValues={{
        houseEdgePercent: game.houseEdgeBps / 100,
        closingSeconds: game.closingSeconds,
        ticketStakeMax: game.ticketStakeMax,
        liabilityCap: game.liabilityCap ?? '',
        reason: '',
      }}
      modalProps={{ destroyOnHidden: true, okText: '保存', cancelText: '取消' }}
      onFinish={(values) =>
        // Refused, the dialog stays open with what was typed; the action shows why.
        update.mutateAsync(gameUpdateBody(game, values)).then(
          () => true,
          () => false,
        )
      }
    >
      <ProFormDigit
        name="houseEdgePercent"
        label="庄家优势（%）"
        min={0}
        max={lotteryHouseEdgeBpsMax / 100}
        fieldProps={{ precision: 2, step: 0.5 }}
        tooltip={`从公平赔率中保留的比例，返奖率 = 100% − 庄家优势；最高 ${lotteryHouseEdgeBpsMax / 100}%`}
        rules={[{ required: true, message: '请输入庄家优势' }]}
      />
      <ProFormDigit
        name="closingSeconds"
        label="封盘时间（开奖前秒数）"
        min={0}
        fieldProps={{ precision: 0 }}
        extra={`开奖间隔 ${game.intervalSeconds} 秒，封盘时间须小于开奖间隔`}
        rules={[
          { required: true, message: '请输入封盘时间' },
          zodRule(fields.closingSeconds),
          {
            validator: async (_rule: unknown, value: unknown) => {
              if (typeof value === 'number' && value >= game.intervalSeconds) {
                throw new Error(`须小于开奖间隔 ${game.intervalSeconds} 秒`);
              }
            },
          },
        ]}
      />
      <ProFormText
        name="ticketStakeMax"
        label="单注最高投注（元）"
        tooltip="各玩法未单独设置限额时适用"
        rules={[positiveYuan(true)]}
      />
      <ProFormText
        name="liabilityCap"
        label="单期单号赔付上限（元）"
        placeholder="留空表示不限"
        tooltip="一期中任一号码开出时最多赔付的金额，超过的注单会被拒绝"
        rules={[positiveYuan(false)]}
      />
      <ReasonField example="调整限红" />
    </ModalForm>
  );
}

/** The update's reason, kept in the audit log. */
function ReasonField(props: { example: string }) {
  return (
    <ProFormTextArea
      name="reason"
      label="备注"
      placeholder={`记入审计日志，例如：${props.example}`}
      rules={[zodRule(fields.reason)]}
      fieldProps={{ maxLength: 100, rows: 2 }}
    />
  );
}

const playLimitFields = fields.playLimits.unwrap().element.shape;

/** A play's row of the 玩法限额 form: `isCustom` false sends nothing, so the play takes the game's. */
interface PlayLimitRow {
  ticketStakeMax: string;
  issueStakeMax: string;
  isCustom: boolean;
}

interface PlayLimitsForm {
  /** By play id. */
  limits: Record<string, PlayLimitRow>;
  reason: string;
}

/** The 玩法限额 form as the update's body: the custom rows replace the plays' own limits. */
function playLimitsBody(game: AdminLotteryGame, values: PlayLimitsForm) {
  return {
    gameCode: game.code,
    playLimits: game.playLimits.flatMap(({ playId }) => {
      const row = values.limits[playId];
      return row?.isCustom
        ? [{ playId, ticketStakeMax: row.ticketStakeMax.trim(), issueStakeMax: row.issueStakeMax.trim() }]
        : [];
    }),
    reason: values.reason.trim(),
  };
}

/** The contract's yuan amount, then above zero, as the server takes a limit. */
const limitRules = (schema: typeof playLimitFields.ticketStakeMax): Rule[] => [
  zodRule(schema),
  {
    validator: async (_rule: unknown, value: unknown) => {
      if (schema.safeParse(value).success && Number(value) <= 0) {
        throw new Error('须为大于 0 的金额');
      }
    },
  },
];

/** One limit of a play; typing in it makes the play's limits its own. */
function LimitInput(props: { playId: string; field: 'ticketStakeMax' | 'issueStakeMax'; label: string }) {
  const form = Form.useFormInstance<PlayLimitsForm>();
  return (
    <Form.Item
      name={['limits', props.playId, props.field]}
      rules={limitRules(playLimitFields[props.field])}
      style={{ marginBottom: 0 }}
    >
      <Input
        aria-label={props.label}
        style={{ textAlign: 'right' }}
        onChange={() => form.setFieldValue(['limits', props.playId, 'isCustom'], true)}
      />
    </Form.Item>
  );
}

/**
 * Whether a play takes the game's limits, with 恢复默认 for one that has its own. A play without
 * limits of its own takes the game's ticket limit for both (the server's limitsOf).
 */
function LimitSource(props: { value?: boolean; playId: string; gameLimit: string }) {
  const form = Form.useFormInstance<PlayLimitsForm>();
  const restore = () =>
    form.setFields([
      { name: ['limits', props.playId, 'ticketStakeMax'], value: props.gameLimit, errors: [] },
      { name: ['limits', props.playId, 'issueStakeMax'], value: props.gameLimit, errors: [] },
      { name: ['limits', props.playId, 'isCustom'], value: false },
    ]);
  return props.value ? (
    <Space size={4}>
      <Badge color="blue" text="自定义" />
      <Button type="link" size="small" onClick={restore}>
        恢复默认
      </Button>
    </Space>
  ) : (
    <Badge status="default" text="使用彩种默认" />
  );
}

/** A column of one limit of every play, each cell its input. */
const limitColumn = (field: 'ticketStakeMax' | 'issueStakeMax', title: string) => ({
  title,
  width: 170,
  align: 'right' as const,
  render: (_: unknown, row: AdminLotteryGame['playLimits'][number]) => (
    <LimitInput playId={row.playId} field={field} label={`${row.playName} ${title}`} />
  ),
});

/** 玩法限额 of a game: each play's ticket and per-issue limits, its own or the game's. */
function PlayLimitsDrawer(props: { game: AdminLotteryGame; onDone: () => void }) {
  const { game } = props;
  const update = useAction('adminLotteryGameUpdate', {
    successText: '玩法限额已保存',
    onDone: props.onDone,
  });
  return (
    <DrawerForm<PlayLimitsForm>
      title={`玩法限额 ${game.name}（${game.code}）`}
      name="lotteryPlayLimits"
      width={720}
      trigger={
        <Button type="link" size="small">
          玩法限额
        </Button>
      }
      initialValues={{
        limits: Object.fromEntries(
          game.playLimits.map((limit) => [
            limit.playId,
            {
              ticketStakeMax: limit.ticketStakeMax,
              issueStakeMax: limit.issueStakeMax,
              isCustom: !limit.isGameDefault,
            },
          ]),
        ),
        reason: '',
      }}
      drawerProps={{ destroyOnHidden: true }}
      submitter={{ searchConfig: { submitText: '保存', resetText: '取消' } }}
      onFinish={(values) =>
        // Refused, the drawer stays open with what was typed; the action shows why.
        update.mutateAsync(playLimitsBody(game, values)).then(
          () => true,
          () => false,
        )
      }
    >
      <Typography.Paragraph>
        {`单注上限为单张彩票的最高投注额，单期上限为一名会员一期内在该玩法的投注总额。未自定义的玩法两项均为彩种的单注最高投注 ${game.ticketStakeMax} 元。`}
      </Typography.Paragraph>
      <Table
        rowKey="playId"
        size="small"
        pagination={false}
        dataSource={game.playLimits}
        // A game has up to some thirty plays: the rows scroll under their header, the 备注 stays in view.
        scroll={{ y: 'calc(100vh - 360px)' }}
        style={{ marginBottom: 24 }}
        columns={[
          { title: '玩法', dataIndex: 'playName' },
          limitColumn('ticketStakeMax', '单注上限（元）'),
          limitColumn('issueStakeMax', '单期上限（元）'),
          {
            title: '限额来源',
            width: 180,
            render: (_, row) => (
              <Form.Item name={['limits', row.playId, 'isCustom']} noStyle>
                <LimitSource playId={row.playId} gameLimit={game.ticketStakeMax} />
              </Form.Item>
            ),
          },
        ]}
      />
      <ReasonField example="调整定位胆限额" />
    </DrawerForm>
  );
}

/** 暂停销售 / 恢复销售 behind a confirm dialog. */
function PauseButton(props: { game: AdminLotteryGame; onDone: () => void }) {
  const { game } = props;
  const { modal } = App.useApp();
  const update = useAction('adminLotteryGameUpdate', {
    successText: game.isPaused ? '已恢复销售' : '已暂停销售',
    onDone: props.onDone,
  });
  const text = game.isPaused ? '恢复' : '暂停';
  return (
    <Button
      type="link"
      size="small"
      danger={!game.isPaused}
      loading={update.isPending}
      onClick={() =>
        modal.confirm({
          title: `确认${text}销售 ${game.name}？`,
          content: game.isPaused
            ? '恢复后从下一期起开售。'
            : '暂停后不再开新一期，已售出的期号照常开奖派奖。',
          okText: `确认${text}`,
          cancelText: '取消',
          okButtonProps: { danger: !game.isPaused },
          // A refusal is shown by the action; the dialog closes on it as on success.
          onOk: () =>
            update.mutateAsync({ gameCode: game.code, isPaused: !game.isPaused, reason: '' }).then(
              () => undefined,
              () => undefined,
            ),
        })
      }
    >
      {text}
    </Button>
  );
}

/** 彩种管理: every game of the site with its schedule, edge and limits; staff who may pause and edit. */
export function LotteryGamesPage() {
  const operator = useOperator();
  const actionRef = useRef<ActionType>(undefined);
  const isWriter = hasPermission(operator, 'venue.write');
  const reload = () => {
    void actionRef.current?.reload();
  };
  const columns: TableColumn<AdminLotteryGame>[] = [
    { title: '代码', dataIndex: 'code', hideInSearch: true, copyable: true },
    { title: '名称', dataIndex: 'name', hideInSearch: true },
    {
      title: '类型',
      dataIndex: 'kind',
      hideInSearch: true,
      render: (_, row) => kindName(row.kind),
      csv: (row) => kindName(row.kind),
    },
    {
      title: '状态',
      dataIndex: 'isPaused',
      hideInSearch: true,
      // Badges, not tags: the tags' green and orange text reads under 4.5:1 on their fill.
      render: (_, row) =>
        row.isPaused ? <Badge status="warning" text="已暂停" /> : <Badge status="success" text="销售中" />,
      csv: (row) => (row.isPaused ? '已暂停' : '销售中'),
    },
    {
      title: '开奖周期',
      dataIndex: 'intervalSeconds',
      hideInSearch: true,
      render: (_, row) => scheduleText(row),
      csv: (row) => scheduleText(row),
    },
    {
      title: '每日开奖（北京时间）',
      dataIndex: 'issuesPerDay',
      hideInSearch: true,
      render: (_, row) => dailyWindowText(row),
      csv: (row) => dailyWindowText(row),
    },
    {
      title: '庄家优势',
      dataIndex: 'houseEdgeBps',
      hideInSearch: true,
      align: 'right',
      render: (_, row) => bpsText(row.houseEdgeBps),
      csv: (row) => bpsText(row.houseEdgeBps),
    },
    { title: '单注最高（元）', dataIndex: 'ticketStakeMax', hideInSearch: true, align: 'right' },
    {
      title: '单号赔付上限（元）',
      dataIndex: 'liabilityCap',
      hideInSearch: true,
      align: 'right',
      render: (_, row) => row.liabilityCap ?? '不限',
      csv: (row) => row.liabilityCap ?? '不限',
    },
    timeColumn<AdminLotteryGame>('更新时间', 'updatedAt'),
    {
      title: '操作',
      valueType: 'option',
      fixed: 'right',
      width: 180,
      hideInTable: !isWriter,
      render: (_, row) => (
        <Space size={0}>
          <PauseButton game={row} onDone={reload} />
          <GameDialog game={row} onDone={reload} />
          <PlayLimitsDrawer game={row} onDone={reload} />
        </Space>
      ),
    },
  ];
  return (
    <DataTable<AdminLotteryGame>
      title="彩种管理"
      rowKey="code"
      columns={columns}
      actionRef={actionRef}
      exportName="彩种"
      isUnpaged
      fetchPage={async () => {
        const list = await callRoute('adminLotteryGames');
        return { list, total: list.length };
      }}
    />
  );
}
