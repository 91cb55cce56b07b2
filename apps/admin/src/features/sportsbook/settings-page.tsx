import { ProCard, ProForm, ProFormDigit, type ProFormDigitProps } from '@ant-design/pro-components';
import {
  type SportsbookBookSettings,
  type SportsbookMarketKind,
  type SportsbookSport,
  sportsbookMarketKindNames,
  sportsbookMarketKinds,
  sportsbookSports,
} from '@site/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Col, Row, Skeleton } from 'antd';
import { callRoute } from '../../lib/api-client.ts';
import { errorText } from '../../lib/api-error.ts';
import { hasPermission } from '../../lib/session.ts';
import { useAction } from '../../lib/use-action.ts';
import { useOperator } from '../../lib/use-session.ts';
import { sportEnum } from './sportsbook-text.ts';

const settingsKey = ['sportsbook', 'settings'];

/** The form's values: margins in percent, amounts in yuan as numbers. */
interface FormValues {
  marginPercent: Record<SportsbookMarketKind, number>;
  stakeMin: number;
  stakeMax: Record<SportsbookMarketKind, number>;
  parlayStakeMax: number;
  memberMarketStakeMax: number;
  marketExposureMax: number;
  acceptDelaySeconds: Record<SportsbookSport, number>;
}

const byKind = <T,>(map: (kind: SportsbookMarketKind) => T) =>
  Object.fromEntries(sportsbookMarketKinds.map((kind) => [kind, map(kind)])) as Record<
    SportsbookMarketKind,
    T
  >;
const yuanText = (amount: number) => amount.toFixed(2);

export function formValuesOf(settings: SportsbookBookSettings): FormValues {
  return {
    marginPercent: byKind((kind) => settings.marginBps[kind] / 100),
    stakeMin: Number(settings.stakeMin),
    stakeMax: byKind((kind) => Number(settings.stakeMax[kind])),
    parlayStakeMax: Number(settings.parlayStakeMax),
    memberMarketStakeMax: Number(settings.memberMarketStakeMax),
    marketExposureMax: Number(settings.marketExposureMax),
    acceptDelaySeconds: settings.acceptDelaySeconds,
  };
}

export function settingsOf(values: FormValues): SportsbookBookSettings {
  return {
    marginBps: byKind((kind) => Math.round(values.marginPercent[kind] * 100)),
    stakeMin: yuanText(values.stakeMin),
    stakeMax: byKind((kind) => yuanText(values.stakeMax[kind])),
    parlayStakeMax: yuanText(values.parlayStakeMax),
    memberMarketStakeMax: yuanText(values.memberMarketStakeMax),
    marketExposureMax: yuanText(values.marketExposureMax),
    acceptDelaySeconds: values.acceptDelaySeconds,
  };
}

/** A required number field in the settings grid: a third of the row on a wide screen. */
function DigitCell({ requiredAs, ...props }: ProFormDigitProps & { label: string; requiredAs?: string }) {
  return (
    <Col xs={24} sm={12} lg={8}>
      <ProFormDigit {...props} rules={[{ required: true, message: `请输入${requiredAs ?? props.label}` }]} />
    </Col>
  );
}

const yuanField = { min: 0.01, max: 999_999_999, fieldProps: { precision: 2, addonAfter: '元' } };

/**
 * 体育设置: the book's margins (水位) per market kind and its limits. One set for the whole book, as
 * prices and liability are the book's; a margin prices what is worked out next, a limit the next slip.
 */
export function SportsbookSettingsPage() {
  const operator = useOperator();
  const queryClient = useQueryClient();
  const isWriter = hasPermission(operator, 'book.write');
  const settings = useQuery({ queryKey: settingsKey, queryFn: () => callRoute('adminSportsbookSettings') });
  const save = useAction('adminSportsbookSettingsUpdate', {
    successText: '已保存：限额对下一笔注单生效，水位对之后开出与重新计算的盘口生效',
    onDone: (data) => queryClient.setQueryData(settingsKey, data),
  });
  if (settings.error) {
    return <Alert type="error" showIcon message="加载失败" description={errorText(settings.error)} />;
  }
  if (!settings.data) {
    return <Skeleton active />;
  }
  return (
    <ProCard
      title="体育设置"
      bordered
      extra={
        settings.data.updatedAt
          ? `上次修改：${new Date(settings.data.updatedAt).toLocaleString('zh-CN')}`
          : '默认设置'
      }
    >
      <ProForm<FormValues>
        name="sportsbookSettings"
        initialValues={formValuesOf(settings.data.settings)}
        disabled={!isWriter}
        submitter={isWriter ? { searchConfig: { submitText: '保存' }, resetButtonProps: false } : false}
        onFinish={async (values) => {
          await save.mutateAsync(settingsOf(values));
          return true;
        }}
      >
        <ProForm.Group title="水位（抽水比例）" tooltip="各玩法赔率所含的利润率，全站共用一套盘口">
          <Row gutter={16}>
            {sportsbookMarketKinds.map((kind) => (
              <DigitCell
                key={kind}
                name={['marginPercent', kind]}
                label={`${sportsbookMarketKindNames[kind]}水位`}
                min={1}
                max={30}
                fieldProps={{ precision: 2, addonAfter: '%' }}
              />
            ))}
          </Row>
        </ProForm.Group>
        <ProForm.Group title="单注上限" tooltip="单注在各玩法盘口的最高投注额">
          <Row gutter={16}>
            {sportsbookMarketKinds.map((kind) => (
              <DigitCell
                key={kind}
                name={['stakeMax', kind]}
                label={`${sportsbookMarketKindNames[kind]}上限`}
                {...yuanField}
                requiredAs={`${sportsbookMarketKindNames[kind]}单注上限`}
              />
            ))}
          </Row>
        </ProForm.Group>
        <ProForm.Group title="其他限额">
          <Row gutter={16}>
            <DigitCell name="stakeMin" label="最低投注额" {...yuanField} />
            <DigitCell name="parlayStakeMax" label="串关总投注上限" {...yuanField} />
            <DigitCell
              name="memberMarketStakeMax"
              label="会员单盘口投注上限"
              tooltip="同一会员在一场赛事的一个盘口上累计投注（含串关）的上限"
              {...yuanField}
            />
            <DigitCell
              name="marketExposureMax"
              label="单盘口最大赔付"
              tooltip="盘口最坏情况赔付达到此金额时自动封盘"
              {...yuanField}
            />
          </Row>
        </ProForm.Group>
        <ProForm.Group title="滚球确认延时" tooltip="滚球注单等待该时长后才确认，期间盘口变化则拒单">
          <Row gutter={16}>
            {sportsbookSports.map((sport) => (
              <DigitCell
                key={sport}
                name={['acceptDelaySeconds', sport]}
                label={`${sportEnum[sport].text}延时`}
                min={0}
                max={30}
                fieldProps={{ precision: 0, addonAfter: '秒' }}
                requiredAs={`${sportEnum[sport].text}确认延时`}
              />
            ))}
          </Row>
        </ProForm.Group>
      </ProForm>
    </ProCard>
  );
}
