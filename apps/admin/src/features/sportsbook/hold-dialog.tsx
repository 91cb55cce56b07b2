import { ModalForm, ProFormTextArea } from '@ant-design/pro-components';
import { type AdminSportsbookMatch, adminSportsbookHoldBodySchema } from '@site/contract';
import { Alert, Button } from 'antd';
import { useAction } from '../../lib/use-action.ts';
import { zodRule } from '../../lib/zod-rule.ts';
import { teamsText } from './sportsbook-text.ts';

/** The market a hold acts on; none: every market of the match. */
export interface HoldMarket {
  key: string;
  name: string;
}

/** The hold route's body: 封盘 when `isHeld`, 开盘 otherwise. */
export function holdBody(matchId: string, market: HoldMarket | undefined, isHeld: boolean, reason: string) {
  return { matchId, ...(market ? { marketKey: market.key } : {}), isHeld, reason: reason.trim() };
}

function holdNotice(market: HoldMarket | undefined, isHeld: boolean): string {
  if (isHeld) {
    return market
      ? '封盘后该盘口暂停接受投注，直到人工开盘；已接受的注单不受影响。'
      : '封盘后该赛事所有盘口暂停接受投注，直到人工开盘；已接受的注单不受影响。';
  }
  return market
    ? '开盘后该盘口恢复跟随数据源的开盘 / 封盘状态。'
    : '开盘后该赛事恢复跟随数据源的开盘 / 封盘状态；单独封盘的盘口仍保持封盘。';
}

/**
 * 封盘 / 开盘 by hand, of one market or of every market of a match, with the reason the audit
 * log keeps. The match is the feed's, shared by every site, so the hold shows on every site.
 */
export function HoldDialog(props: {
  match: AdminSportsbookMatch;
  market?: HoldMarket;
  /** true: the dialog 封盘; false: it 开盘. */
  isHeld: boolean;
  onDone: (match: AdminSportsbookMatch) => void;
  onRefused?: () => void;
}) {
  const { match, market, isHeld } = props;
  const verb = isHeld ? '封盘' : '开盘';
  const target = market ? `${teamsText(match)} · ${market.name}` : teamsText(match);
  const hold = useAction('adminSportsbookHold', {
    successText: `已${verb}`,
    onDone: props.onDone,
    ...(props.onRefused ? { onRefused: props.onRefused } : {}),
  });
  return (
    <ModalForm<{ reason: string }>
      title={`${verb} ${target}`}
      name={market ? 'sportsbookMarketHold' : 'sportsbookMatchHold'}
      width={480}
      trigger={
        <Button type="link" size="small" danger={isHeld} aria-label={`${verb} ${target}`}>
          {verb}
        </Button>
      }
      modalProps={{
        destroyOnHidden: true,
        okText: `确认${verb}`,
        cancelText: '取消',
        okButtonProps: { danger: isHeld },
      }}
      onFinish={({ reason }) =>
        // Refused, the dialog stays open with the reason typed; the action shows why.
        hold.mutateAsync(holdBody(match.matchId, market, isHeld, reason)).then(
          () => true,
          () => false,
        )
      }
    >
      <Alert
        type={isHeld ? 'warning' : 'info'}
        showIcon
        style={{ marginBottom: 16 }}
        message={holdNotice(market, isHeld)}
        description="赛事为所有站点共用，操作对所有站点生效。"
      />
      <ProFormTextArea
        name="reason"
        label={`${verb}原因`}
        placeholder={isHeld ? '记入审计日志，例如：赔率异常，暂停投注' : '记入审计日志，例如：赔率已核实'}
        rules={[
          { required: true, whitespace: true, message: `请填写${verb}原因` },
          zodRule(adminSportsbookHoldBodySchema.shape.reason),
        ]}
        fieldProps={{ maxLength: 100, rows: 3 }}
      />
    </ModalForm>
  );
}
