import { ErrorCode, type RegisterBody } from '@site/contract';
import type { FormInstance } from 'antd-mobile/es/components/form';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { callRoute, reportApiFailure } from '../../lib/api-client.ts';
import { ApiError } from '../../lib/api-error.ts';
import { readAgentVerify, storedReferralCodes } from '../../lib/entry-params.ts';
import { messages } from '../../lib/messages.ts';
import { paths } from '../../lib/paths.ts';
import { showToast } from '../../lib/toast.ts';
import { useCaptcha, useSignIn } from './api.ts';
import { fieldErrorOf } from './login-flow.ts';

export interface RegisterValues {
  username: string;
  password: string;
  confirmPassword: string;
  phone?: string;
  inviteCode?: string;
  isAdultConfirmed: boolean;
  captchaCode?: string;
}

const captchaCodes: readonly number[] = [ErrorCode.imageCodeRequired, ErrorCode.imageCodeError];

function optional(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

/**
 * The register payload. A code prefilled from a link travels as a stored referral code (skipped
 * when unknown); only a code the player typed or changed is checked as a form code.
 */
export function registerBodyOf(
  values: RegisterValues,
  captcha: { captchaId: string } | undefined,
  prefilledInviteCode = '',
  now = Date.now(),
): RegisterBody {
  const phone = optional(values.phone?.replace(/[\s-]/g, ''));
  const typedCode = optional(values.inviteCode);
  const inviteCode = typedCode === optional(prefilledInviteCode) ? undefined : typedCode;
  const agentVerify = readAgentVerify();
  const captchaCode = optional(values.captchaCode);
  return {
    username: values.username.trim(),
    password: values.password,
    confirmPassword: values.confirmPassword,
    referralCodes: storedReferralCodes(now),
    isAdultConfirmed: true,
    isRemember: false,
    ...(phone ? { phone } : {}),
    ...(inviteCode ? { inviteCode } : {}),
    ...(agentVerify ? { agentVerify } : {}),
    ...(captcha && captchaCode ? { captchaId: captcha.captchaId, captchaCode } : {}),
  };
}

/** Registration: server refusals land on their field; a captcha appears when the server asks for one. */
export function useRegister(form: FormInstance, prefilledInviteCode: string) {
  const navigate = useNavigate();
  const signIn = useSignIn();
  const [isCaptchaShown, setIsCaptchaShown] = useState(false);
  const [errorText, setErrorText] = useState<string>();
  const [isSubmitting, setIsSubmitting] = useState(false);
  const captcha = useCaptcha(isCaptchaShown);

  const fail = (caught: unknown) => {
    const fieldError = fieldErrorOf(caught);
    if (fieldError) {
      setErrorText(undefined);
      return form.setFields([{ name: fieldError.field, errors: [fieldError.message] }]);
    }
    if (!(caught instanceof ApiError)) {
      return setErrorText(undefined);
    }
    if (caught.code === ErrorCode.nameError) {
      setErrorText(undefined);
      return form.setFields([{ name: 'username', errors: [caught.message] }]);
    }
    if (captchaCodes.includes(caught.code)) {
      setIsCaptchaShown(true);
      return setErrorText(caught.message);
    }
    if (caught.kind === 'business' && caught.code === ErrorCode.common) {
      return setErrorText(caught.message);
    }
    setErrorText(undefined);
    reportApiFailure(caught);
  };

  const submit = async (values: RegisterValues) => {
    setIsSubmitting(true);
    try {
      const result = await callRoute(
        'register',
        registerBodyOf(values, captcha.captcha, prefilledInviteCode),
        { isSilent: true },
      );
      signIn(result, false);
      showToast(messages.auth.registerSuccess);
      // The guide shows only what was entered: the name, and the phone step only with a phone.
      void navigate(paths.registerGuide, {
        replace: true,
        state: { username: values.username, hasPhone: Boolean(values.phone?.trim()) },
      });
    } catch (caught) {
      if (isCaptchaShown) {
        captcha.refresh();
        form.setFieldValue('captchaCode', '');
      }
      fail(caught);
    } finally {
      setIsSubmitting(false);
    }
  };

  return {
    submit: (values: RegisterValues) => void submit(values),
    isCaptchaShown,
    captcha,
    errorText,
    isSubmitting,
  };
}
