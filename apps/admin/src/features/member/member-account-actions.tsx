import { ModalForm, ProFormTextArea } from '@ant-design/pro-components';
import { memberActionBodySchema, type RouteResponse } from '@site/contract';
import { App, Button, Typography } from 'antd';
import { useAction } from '../../lib/use-action.ts';
import { zodRule } from '../../lib/zod-rule.ts';
import { resetSentText } from './member-actions.ts';

const reasonRules = [
  { required: true, whitespace: true, message: '请填写原因' },
  zodRule(memberActionBodySchema.shape.reason),
];

/**
 * 重置密码: the member's old password and sessions end at once, and a reset code goes to the
 * member's phone or e-mail; staff see only where it went, never a password or the code.
 */
export function ResetPasswordButton(props: { username: string }) {
  const { modal } = App.useApp();
  const reset = useAction('adminMemberResetPassword', {
    successText: '密码已重置，验证码已发送给会员',
    onDone: (sent: RouteResponse<'adminMemberResetPassword'>) =>
      modal.success({
        title: '重置验证码已发送',
        content: <Typography.Paragraph>{resetSentText(sent)}</Typography.Paragraph>,
        okText: '知道了',
      }),
  });
  return (
    <ModalForm<{ reason: string }>
      title={`重置会员 ${props.username} 的密码`}
      name="memberResetPassword"
      width={520}
      trigger={<Button>重置密码</Button>}
      modalProps={{ destroyOnHidden: true, okText: '确认重置', cancelText: '取消' }}
      onFinish={async ({ reason }) => {
        await reset.mutateAsync({ username: props.username, reason });
        return true;
      }}
    >
      <p>
        重置后原密码立即失效，会员所有登录会话结束；系统向会员绑定的手机（无手机则邮箱）发送验证码，由会员本人在「忘记密码」页设置新密码。员工看不到新密码和验证码。
      </p>
      <ProFormTextArea
        name="reason"
        label="原因"
        placeholder="记入审计日志，例如：会员来电称账号被盗，已核实身份"
        rules={reasonRules}
        fieldProps={{ maxLength: 200 }}
      />
    </ModalForm>
  );
}

/** 强制下线: every live session of the member ends; the password stays as it is. */
export function ForceLogoutButton(props: { username: string }) {
  const logout = useAction('adminMemberLogout', {
    successText: (ended) =>
      ended.sessionsEnded > 0 ? `已强制下线，结束 ${ended.sessionsEnded} 个会话` : '该会员当前没有在线会话',
  });
  return (
    <ModalForm<{ reason: string }>
      title={`强制会员 ${props.username} 下线`}
      name="memberForceLogout"
      width={480}
      trigger={<Button>强制下线</Button>}
      modalProps={{ destroyOnHidden: true, okText: '确认下线', cancelText: '取消' }}
      onFinish={async ({ reason }) => {
        await logout.mutateAsync({ username: props.username, reason });
        return true;
      }}
    >
      <p>会员所有登录会话立即结束，需重新登录；密码不变。</p>
      <ProFormTextArea
        name="reason"
        label="原因"
        placeholder="记入审计日志，例如：异常投注，先行下线核查"
        rules={reasonRules}
        fieldProps={{ maxLength: 200 }}
      />
    </ModalForm>
  );
}
