import {
  ProCard,
  ProForm,
  ProFormDigit,
  ProFormRadio,
  ProFormText,
  ProFormTextArea,
} from '@ant-design/pro-components';
import { type RouteResponse, uuidV4, yuanAmountSchema } from '@site/contract';
import { Alert, App, Descriptions, Form, Space } from 'antd';
import { useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useAction } from '../../lib/use-action.ts';
import { zodRule } from '../../lib/zod-rule.ts';

interface AdjustForm {
  memberId: number;
  direction: 'credit' | 'debit';
  wallet: 'main' | 'bonus';
  amount: string;
  turnoverMultiple: number;
  reason: string;
}

const directionText = { credit: '增加', debit: '扣减' } as const;
const walletText = { main: '中心钱包', bonus: '红利钱包' } as const;

/** The adjustment id as the contract wants it: letters, digits, _ and -. */
function newAdjustmentId(): string {
  return `adj-${uuidV4()}`;
}

/**
 * 人工调整. The caller owns the idempotency id: it is kept while the same adjustment is retried
 * (a lost answer cannot double the money) and replaced once one succeeds or the form changes.
 */
export function AdjustPage() {
  const { modal } = App.useApp();
  // The member detail page opens this page with its member (?memberId=).
  const [searchParams] = useSearchParams();
  const prefilledMemberId = Number(searchParams.get('memberId'));
  const adjustmentId = useRef(newAdjustmentId());
  const [result, setResult] = useState<RouteResponse<'adminAdjust'> | null>(null);
  const adjust = useAction('adminAdjust', {
    // Above the site's threshold nothing moves until a second staff member approves.
    successText: (data) => (data.status === 'applied' ? '调整成功' : '已提交，等待另一位员工审批'),
    onDone: (data) => {
      adjustmentId.current = newAdjustmentId();
      setResult(data);
    },
  });

  const confirm = (values: AdjustForm) =>
    new Promise<boolean>((resolve) => {
      modal.confirm({
        title: '确认人工调整？',
        content: `会员 ${values.memberId} 的${walletText[values.wallet]}${directionText[values.direction]} ${values.amount} 元。原因：${values.reason}`,
        okText: '确认调整',
        cancelText: '取消',
        onOk: async () => {
          await adjust.mutateAsync({ ...values, adjustmentId: adjustmentId.current });
          resolve(true);
        },
        onCancel: () => resolve(false),
      });
    });

  return (
    <ProCard>
      <ProForm<AdjustForm>
        layout="horizontal"
        labelCol={{ span: 4 }}
        wrapperCol={{ span: 12 }}
        initialValues={{
          direction: 'credit',
          wallet: 'main',
          turnoverMultiple: 0,
          ...(Number.isInteger(prefilledMemberId) && prefilledMemberId > 0
            ? { memberId: prefilledMemberId }
            : {}),
        }}
        onValuesChange={() => {
          adjustmentId.current = newAdjustmentId();
        }}
        onFinish={confirm}
        submitter={{
          searchConfig: { submitText: '提交调整', resetText: '重置' },
          render: (_, buttons) => (
            <Form.Item wrapperCol={{ offset: 4, span: 12 }}>
              <Space>{buttons}</Space>
            </Form.Item>
          ),
        }}
      >
        <ProFormDigit
          name="memberId"
          label="会员ID"
          min={1}
          fieldProps={{ precision: 0 }}
          rules={[{ required: true, message: '请输入会员ID' }]}
        />
        <ProFormRadio.Group
          name="direction"
          label="方向"
          radioType="button"
          options={[
            { label: '增加', value: 'credit' },
            { label: '扣减', value: 'debit' },
          ]}
        />
        <ProFormRadio.Group
          name="wallet"
          label="钱包"
          radioType="button"
          options={[
            { label: '中心钱包', value: 'main' },
            { label: '红利钱包', value: 'bonus' },
          ]}
        />
        <ProFormText
          name="amount"
          label="金额（元）"
          placeholder="例如 100.00"
          rules={[{ required: true, message: '请输入金额' }, zodRule(yuanAmountSchema)]}
        />
        <ProFormDigit
          name="turnoverMultiple"
          label="流水倍数"
          min={0}
          max={50}
          fieldProps={{ precision: 0 }}
          tooltip="增加中心钱包时，要求会员完成该倍数的有效投注后才能提现；0 为不要求"
        />
        <ProFormTextArea
          name="reason"
          label="调整原因"
          rules={[{ required: true, whitespace: true, min: 2, message: '请填写调整原因（至少 2 个字）' }]}
          fieldProps={{ maxLength: 200 }}
        />
      </ProForm>
      {result?.status === 'awaiting_approval' ? (
        <Alert
          type="info"
          showIcon
          style={{ marginTop: 24 }}
          message="金额超过本站审批阈值，已提交审批"
          description={
            <>
              调整单 {result.adjustmentId} 需另一位员工审批后才会入账；审批前余额不变。
              <Link to="/cashier/adjust-requests">前往调整审批</Link>
            </>
          }
        />
      ) : null}
      {result?.status === 'applied' ? (
        <Descriptions title="调整后余额" bordered size="small" column={2} style={{ marginTop: 24 }}>
          <Descriptions.Item label="中心钱包">{result.mainBalance}</Descriptions.Item>
          <Descriptions.Item label="红利钱包">{result.bonusBalance}</Descriptions.Item>
        </Descriptions>
      ) : null}
    </ProCard>
  );
}
