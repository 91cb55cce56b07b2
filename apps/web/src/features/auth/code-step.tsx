import { Button, Form, Input } from 'antd-mobile';
import { messages } from '../../lib/messages.ts';
import { FormError } from './auth-notes.tsx';
import { rules } from './form-rules.ts';

const text = messages.auth;

interface ResendProps {
  secondsLeft: number;
  onResend(): void;
}

interface CodeStepProps {
  title: string;
  intro: string;
  label: string;
  digits: number;
  errorText: string | undefined;
  isSubmitting: boolean;
  onSubmit(code: string): void;
  onBack(): void;
  /** Device verification can send a new code; two-factor codes come from the app. */
  resend?: ResendProps;
}

function ResendButton({ secondsLeft, onResend }: ResendProps) {
  return (
    <Button size="small" fill="outline" color="primary" disabled={secondsLeft > 0} onClick={onResend}>
      {secondsLeft > 0 ? text.resendCountdown(secondsLeft) : text.resend}
    </Button>
  );
}

/** The second login step: a code from the phone/e-mail (device verification) or from the authenticator. */
export function CodeStep(props: CodeStepProps) {
  return (
    <section className="auth-step" aria-label={props.title}>
      <h2 className="auth-step__title">{props.title}</h2>
      <p className="auth-step__intro">{props.intro}</p>
      <Form
        layout="vertical"
        onFinish={(values: { code: string }) => props.onSubmit(values.code.trim())}
        footer={
          <Button block type="submit" color="primary" size="large" loading={props.isSubmitting}>
            {text.verifyAndLogin}
          </Button>
        }
      >
        <Form.Item
          name="code"
          label={props.label}
          rules={rules.code(props.digits)}
          extra={props.resend ? <ResendButton {...props.resend} /> : undefined}
        >
          <Input
            placeholder={text.codePlaceholder(props.digits)}
            maxLength={props.digits}
            inputMode="numeric"
            autoComplete="one-time-code"
          />
        </Form.Item>
      </Form>
      <FormError text={props.errorText} />
      <Button block fill="none" onClick={props.onBack}>
        {text.backToPassword}
      </Button>
    </section>
  );
}
