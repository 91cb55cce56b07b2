import { Button, Form, Input, Radio, Space } from 'antd-mobile';
import type { FormInstance } from 'antd-mobile/es/components/form';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { callRoute, reportApiFailure } from '../../lib/api-client.ts';
import { ApiError } from '../../lib/api-error.ts';
import { messages } from '../../lib/messages.ts';
import { paths } from '../../lib/paths.ts';
import { showToast } from '../../lib/toast.ts';
import { useCaptcha } from './api.ts';
import { CaptchaField } from './captcha-field.tsx';
import { rules } from './form-rules.ts';
import { fieldErrorOf } from './login-flow.ts';
import { NewPasswordFields } from './new-password-fields.tsx';
import { useCountdown } from './use-countdown.ts';

const text = messages.auth;

interface ForgotValues {
  username: string;
  channel: 'sms' | 'email';
  destination: string;
  captchaCode: string;
  code: string;
  password: string;
  confirmPassword: string;
}

/** Failures land on their field when the server names one; the rest go to the shared behaviours. */
function showFailure(form: FormInstance, caught: unknown) {
  const fieldError = fieldErrorOf(caught);
  if (fieldError) {
    form.setFields([{ name: fieldError.field, errors: [fieldError.message] }]);
  } else if (caught instanceof ApiError) {
    reportApiFailure(caught);
  }
}

function useForgotPassword(form: FormInstance) {
  const navigate = useNavigate();
  const captcha = useCaptcha(true);
  const countdown = useCountdown();
  const [hint, setHint] = useState<string>();
  const send = async () => {
    const values = (await form.validateFields([
      'username',
      'channel',
      'destination',
      'captchaCode',
    ])) as ForgotValues;
    try {
      const sent = await callRoute(
        'forgotPasswordSend',
        {
          username: values.username.trim(),
          channel: values.channel,
          destination: values.destination.trim(),
          captchaId: captcha.captcha?.captchaId ?? '',
          captchaCode: values.captchaCode.trim(),
        },
        { isSilent: true },
      );
      countdown.start(Math.ceil(sent.resendAfterMs / 1_000));
      setHint(text.codeSentHint);
    } catch (caught) {
      showFailure(form, caught);
    } finally {
      captcha.refresh();
      form.setFieldValue('captchaCode', '');
    }
  };
  const reset = async (values: ForgotValues) => {
    try {
      await callRoute(
        'forgotPasswordReset',
        {
          username: values.username.trim(),
          code: values.code.trim(),
          password: values.password,
          confirmPassword: values.confirmPassword,
        },
        { isSilent: true },
      );
      showToast(text.resetSuccess);
      void navigate(paths.login, { replace: true });
    } catch (caught) {
      showFailure(form, caught);
    }
  };
  return { captcha, secondsLeft: countdown.secondsLeft, hint, send, reset };
}

function ContactFields({ channel }: { channel: 'sms' | 'email' }) {
  return (
    <>
      <Form.Item name="channel" label={text.channel}>
        <Radio.Group>
          <Space>
            <Radio value="sms">{text.channelSms}</Radio>
            <Radio value="email">{text.channelEmail}</Radio>
          </Space>
        </Radio.Group>
      </Form.Item>
      <Form.Item
        name="destination"
        label={text.destination}
        rules={[{ required: true, whitespace: true, message: text.rules.destinationRequired }]}
      >
        <Input
          type={channel === 'sms' ? 'tel' : 'email'}
          placeholder={
            channel === 'sms' ? text.destinationPhonePlaceholder : text.destinationEmailPlaceholder
          }
          clearable
        />
      </Form.Item>
    </>
  );
}

function SendCodeButton({ secondsLeft, onSend }: { secondsLeft: number; onSend(): Promise<void> }) {
  return (
    <Button
      size="small"
      fill="outline"
      color="primary"
      disabled={secondsLeft > 0}
      onClick={() => void onSend().catch(() => undefined)}
    >
      {secondsLeft > 0 ? text.resendCountdown(secondsLeft) : text.sendCode}
    </Button>
  );
}

/** Forgotten password: a code to the bound phone or e-mail, then the new password. */
export function ForgotPasswordForm() {
  const [form] = Form.useForm<ForgotValues>();
  const flow = useForgotPassword(form);
  const channel = Form.useWatch('channel', form) ?? 'sms';
  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={{ channel: 'sms' }}
      onFinish={(values) => void flow.reset(values)}
      footer={
        <Button block type="submit" color="primary" size="large">
          {text.resetButton}
        </Button>
      }
    >
      <Form.Header>{text.forgotIntro}</Form.Header>
      <Form.Item name="username" label={text.username} rules={rules.loginUsername}>
        <Input placeholder={text.usernamePlaceholder} autoComplete="username" clearable />
      </Form.Item>
      <ContactFields channel={channel} />
      <CaptchaField
        image={flow.captcha.captcha?.image}
        isLoading={flow.captcha.isLoading}
        onRefresh={flow.captcha.refresh}
      />
      <Form.Item
        name="code"
        label={text.resetCode}
        rules={rules.code()}
        extra={<SendCodeButton secondsLeft={flow.secondsLeft} onSend={flow.send} />}
        description={flow.hint}
      >
        <Input
          placeholder={text.codePlaceholder(6)}
          maxLength={6}
          inputMode="numeric"
          autoComplete="one-time-code"
        />
      </Form.Item>
      <NewPasswordFields
        form={form}
        passwordLabel={text.newPassword}
        confirmLabel={text.confirmNewPassword}
        hasUsername
      />
    </Form>
  );
}
