import { usernameRules } from '@site/contract';
import { Button, Checkbox, Form, Input } from 'antd-mobile';
import { useState } from 'react';
import { Link } from 'react-router';
import { readReferral } from '../../lib/entry-params.ts';
import { messages } from '../../lib/messages.ts';
import { paths } from '../../lib/paths.ts';
import { usePreInfo } from '../../lib/site-data.ts';
import './auth.css';
import { FormError, StoppedNotice } from './auth-notes.tsx';
import { CaptchaField } from './captcha-field.tsx';
import { type PhonePolicy, rules } from './form-rules.ts';
import { NewPasswordFields } from './new-password-fields.tsx';
import { type RegisterValues, useRegister } from './use-register.ts';

const text = messages.auth;

/** The invite code a link left behind: invite_code first, then the other referral codes. */
function prefilledInviteCode(): string {
  return (
    readReferral('invite_code') ??
    readReferral('i_code') ??
    readReferral('r_code') ??
    readReferral('r_bet') ??
    ''
  );
}

/** Phone and invite code: optional, checked as the server checks them. */
function OptionalFields({ policy }: { policy: () => PhonePolicy }) {
  return (
    <>
      <Form.Item name="phone" label={text.phone} rules={rules.phone(policy)}>
        <Input type="tel" placeholder={text.phonePlaceholder} autoComplete="tel" maxLength={20} clearable />
      </Form.Item>
      <Form.Item name="inviteCode" label={text.inviteCode} rules={rules.inviteCode}>
        <Input placeholder={text.invitePlaceholder} maxLength={32} clearable />
      </Form.Item>
    </>
  );
}

/** /user/register: the server's rules shown beside each field, refusals mapped back onto them. */
export function RegisterPage() {
  const [form] = Form.useForm<RegisterValues>();
  const { data: preInfo } = usePreInfo();
  const [prefilled] = useState(prefilledInviteCode);
  const flow = useRegister(form, prefilled);
  const isStopped = preInfo?.stopRegister === true;
  const policy = () => ({
    disablePhones: preInfo?.disablePhones ?? [],
    globePhoneNumber: preInfo?.globePhoneNumber ?? false,
  });
  return (
    <div className="auth-page">
      <h1 className="auth-page__title">{text.registerTitle}</h1>
      <StoppedNotice text={isStopped ? text.stopRegister : undefined} />
      <Form
        form={form}
        layout="vertical"
        disabled={isStopped}
        initialValues={{ isAdultConfirmed: false, inviteCode: prefilled }}
        onFinish={flow.submit}
        footer={
          <Button
            block
            type="submit"
            color="primary"
            size="large"
            loading={flow.isSubmitting}
            disabled={isStopped}
          >
            {text.registerButton}
          </Button>
        }
      >
        <Form.Item
          name="username"
          label={text.username}
          rules={rules.username}
          description={usernameRules.text}
        >
          <Input placeholder={text.usernamePlaceholder} autoComplete="username" maxLength={16} clearable />
        </Form.Item>
        <NewPasswordFields
          form={form}
          passwordLabel={text.password}
          confirmLabel={text.confirmPassword}
          hasUsername
        />
        <OptionalFields policy={policy} />
        {flow.isCaptchaShown ? (
          <CaptchaField
            image={flow.captcha.captcha?.image}
            isLoading={flow.captcha.isLoading}
            onRefresh={flow.captcha.refresh}
          />
        ) : null}
        <Form.Item
          name="isAdultConfirmed"
          valuePropName="checked"
          rules={rules.adult}
          className="auth-remember"
        >
          <Checkbox>{text.adultConfirm}</Checkbox>
        </Form.Item>
      </Form>
      <FormError text={flow.errorText} />
      <div className="auth-links">
        <Link to={paths.login}>{text.toLogin}</Link>
      </div>
    </div>
  );
}
