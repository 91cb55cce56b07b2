import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { totpDigits } from '@site/contract';
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { callRoute } from '../../lib/api-client.ts';
import { errorText } from '../../lib/api-error.ts';
import { startSession } from '../../lib/session.ts';
import { type LoginStep, stepAfterRefusal, type TotpSetup } from './login-step.ts';
import './login.css';

interface LoginForm {
  username: string;
  password: string;
  totpCode?: string;
}

function TotpQrCode(props: { setup: TotpSetup }) {
  const [dataUrl, setDataUrl] = useState<string | null>(null);
  useEffect(() => {
    let isCurrent = true;
    QRCode.toDataURL(props.setup.otpauthUrl, { margin: 1, width: 176 }).then(
      (url) => isCurrent && setDataUrl(url),
      () => isCurrent && setDataUrl(null),
    );
    return () => {
      isCurrent = false;
    };
  }, [props.setup.otpauthUrl]);
  return (
    <div className="login-totp-setup">
      {dataUrl ? <img src={dataUrl} width={176} height={176} alt="身份验证器绑定二维码" /> : null}
      <div>
        <Typography.Paragraph>
          请用身份验证器（如 Google Authenticator、Microsoft Authenticator）扫描二维码，或手动输入密钥：
        </Typography.Paragraph>
        <Typography.Paragraph copyable={{ tooltips: ['复制', '已复制'] }} code className="login-totp-secret">
          {props.setup.secret}
        </Typography.Paragraph>
        <Typography.Paragraph className="login-hint">
          绑定后输入验证器显示的 6 位动态验证码完成登录。
        </Typography.Paragraph>
      </div>
    </div>
  );
}

/** 登录: password, then (for roles that move money or manage staff) a TOTP code, enrolling at the first sign-in. */
export function LoginPage() {
  const [form] = Form.useForm<LoginForm>();
  const [step, setStep] = useState<LoginStep>({ kind: 'password' });
  const [failure, setFailure] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);

  const submit = async (values: LoginForm) => {
    setIsSubmitting(true);
    setFailure(null);
    try {
      const { totpCode, ...credentials } = values;
      startSession(
        await callRoute('adminLogin', step.kind === 'password' ? credentials : { ...credentials, totpCode }),
      );
    } catch (error) {
      const next = stepAfterRefusal(step, error);
      if (next.kind === step.kind) {
        setFailure(errorText(error));
      }
      setStep(next);
      form.setFieldValue('totpCode', '');
    } finally {
      setIsSubmitting(false);
    }
  };

  const restart = () => {
    setStep({ kind: 'password' });
    setFailure(null);
    form.resetFields(['password', 'totpCode']);
  };

  return (
    <main className="login-page">
      <Card className="login-card" variant="borderless">
        <h1 className="login-title">运营后台</h1>
        <Typography.Paragraph className="login-subtitle">员工登录</Typography.Paragraph>
        {failure ? <Alert type="error" showIcon message={failure} style={{ marginBottom: 16 }} /> : null}
        <Form<LoginForm> form={form} layout="vertical" requiredMark={false} onFinish={submit} size="large">
          <Form.Item
            name="username"
            label="用户名"
            rules={[{ required: true, whitespace: true, message: '请输入用户名' }]}
          >
            <Input prefix={<UserOutlined />} autoComplete="username" disabled={step.kind !== 'password'} />
          </Form.Item>
          <Form.Item name="password" label="密码" rules={[{ required: true, message: '请输入密码' }]}>
            <Input.Password
              prefix={<LockOutlined />}
              autoComplete="current-password"
              disabled={step.kind !== 'password'}
            />
          </Form.Item>
          {step.kind === 'enrol' ? <TotpQrCode setup={step.setup} /> : null}
          {step.kind === 'password' ? null : (
            <Form.Item
              name="totpCode"
              label="动态验证码"
              rules={[
                { required: true, message: '请输入动态验证码' },
                { pattern: new RegExp(`^\\d{${totpDigits}}$`), message: `须为 ${totpDigits} 位数字` },
              ]}
            >
              <Input
                prefix={<SafetyOutlined />}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={totpDigits}
                placeholder={`${totpDigits} 位数字`}
                autoFocus
              />
            </Form.Item>
          )}
          <Button type="primary" htmlType="submit" block loading={isSubmitting}>
            {step.kind === 'password' ? '登录' : '验证并登录'}
          </Button>
          {step.kind === 'password' ? null : (
            <Button type="link" block onClick={restart} style={{ marginTop: 8 }}>
              返回，更换账号
            </Button>
          )}
        </Form>
      </Card>
    </main>
  );
}
