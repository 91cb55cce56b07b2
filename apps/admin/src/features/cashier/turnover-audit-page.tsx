import { ProCard, ProForm, ProFormText } from '@ant-design/pro-components';
import { memberUsernameBodySchema } from '@site/contract';
import { Space, Typography } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { memberDetailUrl } from '../../app/menu.ts';
import { hasPermission } from '../../lib/session.ts';
import { TurnoverAuditCard } from '../../lib/turnover-audit.tsx';
import { useOperator } from '../../lib/use-session.ts';
import { zodRule } from '../../lib/zod-rule.ts';

/**
 * 流水稽核: look a member up by username and read their turnover requirements and whether a
 * withdrawal would pass now. The username stays in the URL (?username=), so a link opens it.
 */
export function TurnoverAuditPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const username = searchParams.get('username')?.trim().toLowerCase() ?? '';
  const mayOpenMember = hasPermission(useOperator(), 'member.read');
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <ProCard>
        <ProForm<{ username: string }>
          name="turnoverAuditLookup"
          layout="inline"
          initialValues={{ username }}
          submitter={{ searchConfig: { submitText: '查询' }, resetButtonProps: false }}
          onFinish={async (values) => {
            setSearchParams({ username: values.username.trim().toLowerCase() });
          }}
        >
          <ProFormText
            name="username"
            label="会员账号"
            placeholder="输入会员用户名"
            rules={[
              { required: true, whitespace: true, message: '请输入会员用户名' },
              zodRule(memberUsernameBodySchema.shape.username),
            ]}
          />
        </ProForm>
      </ProCard>
      {username ? (
        <TurnoverAuditCard key={username} username={username} title={`流水稽核：${username}`} />
      ) : (
        <ProCard>
          <Typography.Text>
            输入会员用户名，查看其每笔流水要求、已完成与剩余流水，以及当前能否提现。
          </Typography.Text>
        </ProCard>
      )}
      {username && mayOpenMember ? <Link to={memberDetailUrl(username)}>查看会员详情</Link> : null}
    </Space>
  );
}
