import { DrawerForm, ProFormDigit, ProFormTextArea } from '@ant-design/pro-components';
import {
  type AdminSportsbookMatch,
  type AdminSportsbookResult,
  adminSportsbookResultBodySchema,
} from '@site/contract';
import { Alert, App, Button, Descriptions, Form } from 'antd';
import type { Rule } from 'antd/es/form';
import { useState } from 'react';
import { errorText } from '../../lib/api-error.ts';
import { useAction } from '../../lib/use-action.ts';
import { zodRule } from '../../lib/zod-rule.ts';
import { scoreText, teamsText } from './sportsbook-text.ts';

export interface ResultForm {
  fullTimeHome: number;
  fullTimeAway: number;
  halfTimeHome: number;
  halfTimeAway: number;
  reason: string;
}

type Score = { home: number; away: number };

/** An esports series has no half: the server takes its final score as its half-time score. */
const hasHalfTime = (match: Pick<AdminSportsbookMatch, 'sport'>) => match.sport !== 'esports';

/** The form's values as the result route's body. */
export function resultBody(match: Pick<AdminSportsbookMatch, 'matchId' | 'sport'>, values: ResultForm) {
  return {
    matchId: match.matchId,
    fullTime: { home: values.fullTimeHome, away: values.fullTimeAway },
    ...(hasHalfTime(match) ? { halfTime: { home: values.halfTimeHome, away: values.halfTimeAway } } : {}),
    reason: values.reason.trim(),
  };
}

/** What staff are told once the server has settled the bets again. */
export function resultDoneText(answer: AdminSportsbookResult): string {
  if (!answer.isChanged) {
    return '赛果与当前相同，未产生变动';
  }
  const parts = [
    `赛果已更正为第 ${answer.match.resultVersion} 版`,
    `${answer.betCount} 笔注单重新结算`,
    ...(answer.reopenedCount > 0 ? [`${answer.reopenedCount} 笔串关重新待结算`] : []),
    `派彩变动 ${answer.payoutDelta} 元`,
    ...(Number(answer.receivable) > 0 ? [`会员余额不足未能追回 ${answer.receivable} 元，已记为应收`] : []),
  ];
  return parts.join('，');
}

const scoreRules = (label: string): Rule[] => [{ required: true, message: `请输入${label}` }];

/** Half-time goals only add up to the final score, as the server checks. */
const notAboveFullTime =
  (side: 'Home' | 'Away'): Rule =>
  ({ getFieldValue }) => ({
    validator: async (_rule, value: unknown) => {
      const fullTime: unknown = getFieldValue(`fullTime${side}`);
      if (typeof value === 'number' && typeof fullTime === 'number' && value > fullTime) {
        throw new Error('半场比分不能大于全场比分');
      }
    },
  });

function ScoreInput(props: {
  name: keyof ResultForm;
  label: string;
  dependencies?: string[];
  rules?: Rule[];
}) {
  return (
    <ProFormDigit
      name={props.name}
      label={props.label}
      min={0}
      max={999}
      width="xs"
      fieldProps={{ precision: 0 }}
      {...(props.dependencies ? { dependencies: props.dependencies } : {})}
      rules={[...scoreRules(props.label), ...(props.rules ?? [])]}
    />
  );
}

function changeText(before: Score | undefined, after: Score): string {
  return `${scoreText(before)} → ${scoreText(after)}`;
}

/**
 * 更正赛果 of a finished match: the full-time and half-time scores with a reason, confirmed
 * before it goes, since every bet on the match is settled again. A refusal stays in the drawer.
 */
export function ResultDrawer(props: { match: AdminSportsbookMatch; onDone: () => void }) {
  const { match } = props;
  const { modal } = App.useApp();
  const [form] = Form.useForm<ResultForm>();
  const [refusal, setRefusal] = useState<string | null>(null);
  const correct = useAction('adminSportsbookResult', {
    successText: resultDoneText,
    onDone: props.onDone,
    onRefused: (error) => setRefusal(errorText(error)),
  });
  const submit = (values: ResultForm) =>
    new Promise<boolean>((resolve) => {
      const body = resultBody(match, values);
      modal.confirm({
        title: `确认更正 ${teamsText(match)} 的赛果？`,
        content: (
          <>
            <p>{`全场 ${changeText(match.result?.fullTime, body.fullTime)}`}</p>
            {body.halfTime ? <p>{`半场 ${changeText(match.result?.halfTime, body.halfTime)}`}</p> : null}
            <p>该赛事的所有注单将按新赛果重新结算：多派的从会员余额扣回，少派的补发；不足扣回的记为应收。</p>
            <p>赛事为所有站点共用，更正会重新结算所有站点在该赛事上的注单。</p>
          </>
        ),
        okText: '确认更正',
        cancelText: '取消',
        okButtonProps: { danger: true },
        onOk: () => {
          setRefusal(null);
          return correct.mutateAsync(body).then(
            () => resolve(true),
            () => resolve(false),
          );
        },
        onCancel: () => resolve(false),
      });
    });
  return (
    <DrawerForm<ResultForm>
      title={`更正赛果 ${teamsText(match)}`}
      name="sportsbookResult"
      form={form}
      width={560}
      trigger={
        <Button type="link" size="small" danger>
          更正赛果
        </Button>
      }
      initialValues={{
        fullTimeHome: match.result?.fullTime.home,
        fullTimeAway: match.result?.fullTime.away,
        halfTimeHome: match.result?.halfTime.home,
        halfTimeAway: match.result?.halfTime.away,
        reason: '',
      }}
      drawerProps={{ destroyOnHidden: true }}
      onOpenChange={(isOpen) => {
        if (!isOpen) {
          setRefusal(null);
        }
      }}
      submitter={{ searchConfig: { submitText: '提交更正', resetText: '取消' } }}
      onFinish={submit}
    >
      <Descriptions
        size="small"
        column={2}
        style={{ marginBottom: 16 }}
        items={[
          { key: 'league', label: '联赛', children: match.leagueName },
          { key: 'id', label: '赛事编号', children: match.matchId },
          { key: 'fullTime', label: '当前全场', children: scoreText(match.result?.fullTime) },
          { key: 'halfTime', label: '当前半场', children: scoreText(match.result?.halfTime) },
          { key: 'version', label: '赛果版本', children: `第 ${match.resultVersion} 版` },
        ]}
      />
      {refusal ? (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          message="更正未成功"
          description={refusal}
        />
      ) : null}
      <ScoreRow>
        <ScoreInput name="fullTimeHome" label={`全场 ${match.home}`} />
        <ScoreInput name="fullTimeAway" label={`全场 ${match.away}`} />
      </ScoreRow>
      {hasHalfTime(match) ? (
        <ScoreRow>
          <ScoreInput
            name="halfTimeHome"
            label={`半场 ${match.home}`}
            dependencies={['fullTimeHome']}
            rules={[notAboveFullTime('Home')]}
          />
          <ScoreInput
            name="halfTimeAway"
            label={`半场 ${match.away}`}
            dependencies={['fullTimeAway']}
            rules={[notAboveFullTime('Away')]}
          />
        </ScoreRow>
      ) : (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          message="电竞赛事没有半场，半场按全场比分结算"
        />
      )}
      <ProFormTextArea
        name="reason"
        label="更正原因"
        placeholder="记入审计日志，例如：数据源比分错误，以官方公告为准"
        rules={[
          { required: true, whitespace: true, message: '请填写更正原因' },
          zodRule(adminSportsbookResultBodySchema.shape.reason),
        ]}
        fieldProps={{ maxLength: 100, rows: 3 }}
      />
    </DrawerForm>
  );
}

function ScoreRow(props: { children: React.ReactNode }) {
  return <div style={{ display: 'flex', gap: 24 }}>{props.children}</div>;
}
