import { ModalForm, ProFormTextArea } from '@ant-design/pro-components';
import { App, Button, Space } from 'antd';
import { useAction } from '../../lib/use-action.ts';

interface OrderReviewProps {
  orderNo: string;
  /** What the order is, in the confirmation, e.g. "提现 100.00 元". */
  summary: string;
  approve: { route: 'adminWithdrawApprove' | 'adminDepositConfirm'; label: string; successText: string };
  reject: { route: 'adminWithdrawReject' | 'adminDepositReject'; successText: string };
  onDone: () => void;
  /** The server refused (e.g. another staff member decided the order first). */
  onRefused?: () => void;
  /** Full-size buttons in a dialog's footer instead of a table row's links. */
  isInDialog?: boolean;
}

/** Approve after a confirmation, or reject with a reason the member sees. */
export function OrderReview(props: OrderReviewProps) {
  const { modal } = App.useApp();
  const approve = useAction(props.approve.route, {
    successText: props.approve.successText,
    onDone: props.onDone,
    ...(props.onRefused ? { onRefused: props.onRefused } : {}),
  });
  const reject = useAction(props.reject.route, {
    successText: props.reject.successText,
    onDone: props.onDone,
    ...(props.onRefused ? { onRefused: props.onRefused } : {}),
  });

  const confirmApprove = () => {
    modal.confirm({
      title: `确认${props.approve.label}？`,
      content: `订单 ${props.orderNo}：${props.summary}。此操作不可撤销。`,
      okText: props.approve.label,
      cancelText: '取消',
      // A refusal the caller handles (someone else decided the order) closes the confirmation too.
      onOk: () => {
        const done = approve.mutateAsync({ orderNo: props.orderNo });
        return props.onRefused ? done.catch(() => undefined) : done;
      },
    });
  };

  const buttonProps = props.isInDialog ? {} : ({ type: 'link', size: 'small' } as const);
  return (
    <Space size="small">
      <Button
        {...buttonProps}
        {...(props.isInDialog ? { type: 'primary' } : {})}
        loading={approve.isPending}
        onClick={confirmApprove}
      >
        {props.approve.label}
      </Button>
      <ModalForm<{ reason: string }>
        title={`拒绝订单 ${props.orderNo}`}
        name={`reject-${props.orderNo}`}
        width={480}
        trigger={
          <Button {...buttonProps} danger>
            拒绝
          </Button>
        }
        modalProps={{ destroyOnHidden: true, okText: '确认拒绝', cancelText: '取消' }}
        onFinish={async ({ reason }) => {
          await reject.mutateAsync({ orderNo: props.orderNo, reason });
          return true;
        }}
      >
        <p>{props.summary}</p>
        <ProFormTextArea
          name="reason"
          label="拒绝原因"
          placeholder="会员可见，例如：收款账户信息不符"
          rules={[{ required: true, whitespace: true, message: '请填写拒绝原因' }]}
          fieldProps={{ maxLength: 200 }}
        />
      </ModalForm>
    </Space>
  );
}
