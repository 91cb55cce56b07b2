import { ModalForm, ProFormTextArea } from '@ant-design/pro-components';
import {
  type IdentityReviewEntry,
  identityApproveBodySchema,
  identityRejectBodySchema,
} from '@site/contract';
import { Button, Descriptions, Space } from 'antd';
import { useAction } from '../../lib/use-action.ts';
import { zodRule } from '../../lib/zod-rule.ts';
import { isChangedElsewhere } from './identity-review.ts';

interface IdentityDecisionProps {
  entry: IdentityReviewEntry;
  /** Reload the table: after a decision, or a refusal that shows the row changed elsewhere. */
  onChanged: () => void;
}

function SubmissionDetails(props: { entry: IdentityReviewEntry }) {
  const { entry } = props;
  return (
    <Descriptions bordered size="small" column={1} style={{ marginBottom: 16 }}>
      <Descriptions.Item label="会员">{entry.username}</Descriptions.Item>
      <Descriptions.Item label="真实姓名">{entry.realName}</Descriptions.Item>
      <Descriptions.Item label="身份证号">{entry.idNumber}</Descriptions.Item>
      <Descriptions.Item label="年龄">{entry.ageYears} 岁</Descriptions.Item>
      <Descriptions.Item label="提交次数">第 {entry.submissionNo} 次</Descriptions.Item>
    </Descriptions>
  );
}

/**
 * 通过 / 拒绝 for a pending verification. Each names the submission shown, so a resubmission is
 * never decided unseen; when another reviewer decided first, the server's message shows, the
 * dialog closes and the table reloads.
 */
export function IdentityDecision(props: IdentityDecisionProps) {
  const { entry } = props;
  const target = { memberId: entry.memberId, submissionNo: entry.submissionNo };
  const approve = useAction('adminIdentityApprove', {
    successText: `已通过 ${entry.username} 的实名认证`,
    onDone: props.onChanged,
    onRefused: props.onChanged,
  });
  const reject = useAction('adminIdentityReject', {
    successText: `已拒绝 ${entry.username} 的实名认证`,
    onDone: props.onChanged,
    onRefused: props.onChanged,
  });
  const decided = async (decision: Promise<unknown>) => {
    try {
      await decision;
      return true;
    } catch (error) {
      return isChangedElsewhere(error);
    }
  };

  return (
    <Space size="small">
      <ModalForm<{ reason?: string }>
        title="通过实名认证"
        name={`identityApprove-${entry.memberId}`}
        width={520}
        trigger={
          <Button type="link" size="small">
            通过
          </Button>
        }
        modalProps={{ destroyOnHidden: true, okText: '确认通过', cancelText: '取消' }}
        onFinish={async ({ reason }) => decided(approve.mutateAsync({ ...target, reason: reason ?? '' }))}
      >
        <SubmissionDetails entry={entry} />
        <ProFormTextArea
          name="reason"
          label="备注"
          placeholder="选填，仅记入审计日志，会员不可见"
          rules={[zodRule(identityApproveBodySchema.shape.reason)]}
          fieldProps={{ maxLength: 200 }}
        />
      </ModalForm>
      <ModalForm<{ reason: string }>
        title="拒绝实名认证"
        name={`identityReject-${entry.memberId}`}
        width={520}
        trigger={
          <Button type="link" size="small" danger>
            拒绝
          </Button>
        }
        modalProps={{ destroyOnHidden: true, okText: '确认拒绝', cancelText: '取消' }}
        onFinish={async ({ reason }) => decided(reject.mutateAsync({ ...target, reason }))}
      >
        <SubmissionDetails entry={entry} />
        <ProFormTextArea
          name="reason"
          label="拒绝原因"
          placeholder="会员可见，例如：姓名与证件号码不符"
          rules={[
            { required: true, whitespace: true, message: '请填写拒绝原因' },
            zodRule(identityRejectBodySchema.shape.reason),
          ]}
          fieldProps={{ maxLength: 200 }}
        />
      </ModalForm>
    </Space>
  );
}
