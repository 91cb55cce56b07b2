import type { RouteResponse } from '@site/contract';
import { useMutation } from '@tanstack/react-query';
import { App, Button, Descriptions, Modal, Space, Tag } from 'antd';
import { useState } from 'react';
import { callRoute } from '../../lib/api-client.ts';
import { errorText, isSessionExpired } from '../../lib/api-error.ts';
import { formatTime } from '../../lib/format.ts';
import { withdrawAccountKindEnum } from '../../lib/labels.ts';
import { OrderReview } from './order-review.tsx';
import { holdStateOf, holdText } from './withdraw-hold.ts';

type WithdrawRow = RouteResponse<'adminWithdrawList'>['list'][number];

interface WithdrawReviewProps {
  row: WithdrawRow;
  /** The signed-in staff member, to tell their own hold from another reviewer's. */
  username: string;
  /** Reload the table: after a decision, a release, or a refusal that shows someone else acted. */
  onChanged: () => void;
}

/**
 * 审核: takes the hold on the order first (so two reviewers cannot act on it at once), then opens
 * the review dialog with 通过 / 拒绝; closing the dialog without a decision lets the hold go. A
 * refusal (another reviewer holds or decided it) shows the server's message and reloads the table.
 */
export function WithdrawReview(props: WithdrawReviewProps) {
  const { message } = App.useApp();
  const [held, setHeld] = useState<WithdrawRow | null>(null);
  const refused = (error: unknown) => {
    if (!isSessionExpired(error)) {
      void message.error(errorText(error));
    }
    props.onChanged();
  };
  const hold = useMutation({
    mutationFn: () => callRoute('adminWithdrawHold', { orderNo: props.row.orderNo }),
    onSuccess: setHeld,
    onError: refused,
  });
  const release = useMutation({
    mutationFn: () => callRoute('adminWithdrawRelease', { orderNo: props.row.orderNo }),
    // A lapsed hold cannot be released: the table shows the order as it now is either way.
    onSettled: props.onChanged,
  });

  const state = holdStateOf(props.row, props.username, Date.now());
  if (props.row.status !== 'pending') {
    return null;
  }
  if (state.kind === 'other') {
    return (
      <Space size="small">
        <Tag color="magenta">{holdText(state)}</Tag>
        <Button type="link" size="small" disabled>
          审核
        </Button>
      </Space>
    );
  }

  const decided = () => {
    setHeld(null);
    props.onChanged();
  };
  const closeWithoutDecision = () => {
    setHeld(null);
    release.mutate();
  };
  const order = held ?? props.row;

  return (
    <>
      <Button type="link" size="small" loading={hold.isPending} onClick={() => hold.mutate()}>
        {state.kind === 'mine' ? '继续审核' : '审核'}
      </Button>
      <Modal
        title={`审核提现 ${order.orderNo}`}
        open={held !== null}
        width={560}
        destroyOnHidden
        onCancel={closeWithoutDecision}
        footer={
          <Space>
            <Button onClick={closeWithoutDecision}>关闭并释放</Button>
            <OrderReview
              orderNo={order.orderNo}
              summary={`会员 ${order.memberId} 提现 ${order.amount} 元，实际到账 ${order.actualAmount} 元`}
              approve={{ route: 'adminWithdrawApprove', label: '通过', successText: '已通过，款项已出款' }}
              reject={{ route: 'adminWithdrawReject', successText: '已拒绝，冻结金额已退回会员' }}
              onDone={decided}
              onRefused={decided}
              isInDialog
            />
          </Space>
        }
      >
        <Descriptions bordered size="small" column={1}>
          <Descriptions.Item label="会员ID">{order.memberId}</Descriptions.Item>
          <Descriptions.Item label="提现金额">{order.amount}</Descriptions.Item>
          <Descriptions.Item label="手续费">{order.fee}</Descriptions.Item>
          <Descriptions.Item label="实际到账">{order.actualAmount}</Descriptions.Item>
          <Descriptions.Item label="收款方式">
            {withdrawAccountKindEnum[order.accountKind].text}
          </Descriptions.Item>
          <Descriptions.Item label="收款人">{order.holderName}</Descriptions.Item>
          <Descriptions.Item label="收款账号">{order.accountNumber}</Descriptions.Item>
          <Descriptions.Item label="申请时间">{formatTime(order.createdAt)}</Descriptions.Item>
          <Descriptions.Item label="锁定至">{formatTime(order.lockedUntil)}</Descriptions.Item>
        </Descriptions>
      </Modal>
    </>
  );
}
