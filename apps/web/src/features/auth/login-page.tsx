import { totpDigits, verificationCodeLength } from '@site/contract';
import { Button, Checkbox, Form, Input } from 'antd-mobile';
import { Link } from 'react-router';
import { messages } from '../../lib/messages.ts';
import { paths } from '../../lib/paths.ts';
import { usePreInfo } from '../../lib/site-data.ts';
import './auth.css';
import { FormError, StoppedNotice } from './auth-notes.tsx';
import { CaptchaField } from './captcha-field.tsx';
import { CodeStep } from './code-step.tsx';
import { rules } from './form-rules.ts';
import { type LoginFlow, useLoginFlow } from './use-login-flow.ts';

const text = messages.auth;

function PasswordStep({ flow, isStopped }: { flow: LoginFlow; isStopped: boolean }) {
  return (
    <Form
      layout="vertical"
      disabled={isStopped}
      initialValues={{ username: '', password: '', isRemember: false }}
      onFinish={flow.submitPassword}
      footer={
        <Button
          block
          type="submit"
          color="primary"
          size="large"
          loading={flow.isSubmitting}
          disabled={isStopped}
        >
          {text.loginButton}
        </Button>
      }
    >
      <Form.Item name="username" label={text.username} rules={rules.loginUsername}>
        <Input placeholder={text.usernamePlaceholder} autoComplete="username" clearable />
      </Form.Item>
      <Form.Item name="password" label={text.password} rules={rules.loginPassword}>
        <Input type="password" placeholder={text.passwordPlaceholder} autoComplete="current-password" />
      </Form.Item>
      {flow.isCaptchaShown ? (
        <CaptchaField
          image={flow.captcha.captcha?.image}
          isLoading={flow.captcha.isLoading}
          onRefresh={flow.captcha.refresh}
        />
      ) : null}
      <Form.Item name="isRemember" valuePropName="checked" className="auth-remember">
        <Checkbox>{text.rememberMe}</Checkbox>
      </Form.Item>
    </Form>
  );
}

function SecondStep({ flow }: { flow: LoginFlow }) {
  if (flow.step.kind === 'device') {
    return (
      <CodeStep
        title={text.deviceTitle}
        intro={text.deviceSent(flow.step.destination)}
        label={text.deviceCode}
        digits={verificationCodeLength}
        errorText={flow.errorText}
        isSubmitting={flow.isSubmitting}
        onSubmit={flow.submitDeviceCode}
        onBack={flow.back}
        resend={{ secondsLeft: flow.secondsLeft, onResend: () => void flow.resend() }}
      />
    );
  }
  return (
    <CodeStep
      title={text.totpTitle}
      intro={text.totpText}
      label={text.totpCode}
      digits={totpDigits}
      errorText={flow.errorText}
      isSubmitting={flow.isSubmitting}
      onSubmit={flow.submitTotp}
      onBack={flow.back}
    />
  );
}

/** /user/login: password, then a captcha, device code or two-factor code when the server asks. */
export function LoginPage() {
  const { data: preInfo } = usePreInfo();
  const flow = useLoginFlow();
  const isStopped = preInfo?.stopLogin === true;
  if (flow.step.kind !== 'password') {
    return (
      <div className="auth-page">
        <SecondStep flow={flow} />
      </div>
    );
  }
  return (
    <div className="auth-page">
      <h1 className="auth-page__title">{text.loginTitle}</h1>
      <StoppedNotice text={isStopped ? text.stopLogin : undefined} />
      <PasswordStep flow={flow} isStopped={isStopped} />
      <FormError text={flow.errorText} />
      <div className="auth-links">
        <Link to={paths.register}>{text.toRegister}</Link>
        <Link to={paths.password}>{text.forgotPassword}</Link>
      </div>
    </div>
  );
}
