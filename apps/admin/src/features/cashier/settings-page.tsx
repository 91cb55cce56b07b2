import { ProCard, ProForm, ProFormDigit, ProFormText } from '@ant-design/pro-components';
import { type RouteResponse, withdrawFeeSetBodySchema, yuanAmountSchema } from '@site/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Descriptions, Form, Skeleton, Space } from 'antd';
import { callRoute } from '../../lib/api-client.ts';
import { errorText } from '../../lib/api-error.ts';
import { useAction } from '../../lib/use-action.ts';
import { useSessionState } from '../../lib/use-session.ts';
import { zodRule } from '../../lib/zod-rule.ts';
import { feeRuleText } from './fee-rule.ts';

type FeeRule = RouteResponse<'adminWithdrawFee'>;

interface FeeForm {
  rateBps: number;
  fixedAmount: string;
  capAmount: string;
}

function feeBody(values: FeeForm): FeeRule {
  return {
    rateBps: values.rateBps,
    fixedAmount: values.fixedAmount.trim(),
    capAmount: values.capAmount.trim(),
  };
}

function LoadFailed(props: { error: unknown; onRetry: () => void }) {
  return (
    <Alert
      type="error"
      showIcon
      message="加载失败"
      description={errorText(props.error)}
      action={<Button onClick={props.onRetry}>重试</Button>}
    />
  );
}

const buttonsUnderFields = (_: unknown, buttons: React.ReactNode[]) => (
  <Form.Item wrapperCol={{ offset: 6, span: 12 }}>
    <Space>{buttons}</Space>
  </Form.Item>
);

function FeeSettings() {
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  const queryKey = ['adminWithdrawFee', useSessionState().siteId];
  const fee = useQuery({ queryKey, queryFn: () => callRoute('adminWithdrawFee') });
  const save = useAction('adminWithdrawFeeSet', {
    successText: '提现手续费已更新',
    onDone: (data) => queryClient.setQueryData<FeeRule>(queryKey, data),
  });

  const confirm = (values: FeeForm) =>
    new Promise<boolean>((resolve) => {
      const body = feeBody(values);
      modal.confirm({
        title: '确认修改提现手续费？',
        content: `新规则：${feeRuleText(body)}。仅对之后提交的提现生效。`,
        okText: '确认修改',
        cancelText: '取消',
        onOk: async () => {
          await save.mutateAsync(body);
          resolve(true);
        },
        onCancel: () => resolve(false),
      });
    });

  return (
    <ProCard title="提现手续费" headerBordered>
      {fee.isPending ? <Skeleton active /> : null}
      {fee.isError ? <LoadFailed error={fee.error} onRetry={() => void fee.refetch()} /> : null}
      {fee.data ? (
        <>
          <Descriptions
            bordered
            size="small"
            column={1}
            style={{ marginBottom: 24 }}
            styles={{ label: { width: 200 } }}
          >
            <Descriptions.Item label="当前规则">{feeRuleText(fee.data)}</Descriptions.Item>
          </Descriptions>
          <ProForm<FeeForm>
            name="withdrawFee"
            layout="horizontal"
            labelCol={{ span: 6 }}
            wrapperCol={{ span: 12 }}
            initialValues={fee.data}
            onFinish={confirm}
            submitter={{
              searchConfig: { submitText: '保存', resetText: '重置' },
              render: buttonsUnderFields,
            }}
          >
            <ProFormDigit
              name="rateBps"
              label="费率（基点）"
              min={0}
              max={10_000}
              fieldProps={{ precision: 0 }}
              tooltip="100 基点 = 1%，按提现金额计算，不足 1 分向上取整"
              rules={[
                { required: true, message: '请输入费率' },
                zodRule(withdrawFeeSetBodySchema.shape.rateBps),
              ]}
            />
            <ProFormText
              name="fixedAmount"
              label="固定费用（元）"
              placeholder="例如 2.00，0 为不收"
              rules={[{ required: true, message: '请输入固定费用' }, zodRule(yuanAmountSchema)]}
            />
            <ProFormText
              name="capAmount"
              label="封顶（元）"
              placeholder="0 为不封顶"
              rules={[{ required: true, message: '请输入封顶金额' }, zodRule(yuanAmountSchema)]}
            />
          </ProForm>
        </>
      ) : null}
    </ProCard>
  );
}

function ThresholdSettings() {
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  const queryKey = ['adminAdjustRule', useSessionState().siteId];
  const rule = useQuery({ queryKey, queryFn: () => callRoute('adminAdjustRule') });
  const save = useAction('adminAdjustRuleSet', {
    successText: '审批阈值已更新',
    onDone: (data) => queryClient.setQueryData(queryKey, data),
  });

  const confirm = (values: { approvalThreshold: string }) =>
    new Promise<boolean>((resolve) => {
      modal.confirm({
        title: '确认修改审批阈值？',
        content: `单笔人工调整超过 ${values.approvalThreshold} 元时，需另一位员工审批后才入账。`,
        okText: '确认修改',
        cancelText: '取消',
        onOk: async () => {
          await save.mutateAsync({ approvalThreshold: values.approvalThreshold.trim() });
          resolve(true);
        },
        onCancel: () => resolve(false),
      });
    });

  return (
    <ProCard title="人工调整审批阈值" headerBordered>
      {rule.isPending ? <Skeleton active /> : null}
      {rule.isError ? <LoadFailed error={rule.error} onRetry={() => void rule.refetch()} /> : null}
      {rule.data ? (
        <>
          <Descriptions
            bordered
            size="small"
            column={1}
            style={{ marginBottom: 24 }}
            styles={{ label: { width: 200 } }}
          >
            <Descriptions.Item label="当前阈值">{rule.data.approvalThreshold} 元</Descriptions.Item>
          </Descriptions>
          <ProForm<{ approvalThreshold: string }>
            name="adjustRule"
            layout="horizontal"
            labelCol={{ span: 6 }}
            wrapperCol={{ span: 12 }}
            initialValues={rule.data}
            onFinish={confirm}
            submitter={{
              searchConfig: { submitText: '保存', resetText: '重置' },
              render: buttonsUnderFields,
            }}
          >
            <ProFormText
              name="approvalThreshold"
              label="审批阈值（元）"
              placeholder="例如 5000.00"
              tooltip="单笔调整金额超过此值时，需另一位员工在「调整审批」中批准后才入账"
              rules={[{ required: true, message: '请输入审批阈值' }, zodRule(yuanAmountSchema)]}
            />
          </ProForm>
        </>
      ) : null}
    </ProCard>
  );
}

/** 资金设置: the site's withdrawal fee and the amount above which adjustments need a second approver. */
export function CashierSettingsPage() {
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <FeeSettings />
      <ThresholdSettings />
    </Space>
  );
}
