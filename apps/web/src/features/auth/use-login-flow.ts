import type { LoginBody, LoginResult } from '@site/contract';
import { useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { callRoute, reportApiFailure } from '../../lib/api-client.ts';
import { ApiError } from '../../lib/api-error.ts';
import { messages } from '../../lib/messages.ts';
import { showToast } from '../../lib/toast.ts';
import { useCaptcha, useSignIn } from './api.ts';
import { type LoginReaction, loginReactionOf } from './login-flow.ts';
import { redirectTargetOf } from './redirect.ts';
import { useCountdown } from './use-countdown.ts';

export type LoginStep =
  | { kind: 'password' }
  | { kind: 'device'; ticket: string; destination: string }
  | { kind: 'totp' };

export interface LoginValues {
  username: string;
  password: string;
  isRemember: boolean;
  captchaCode?: string;
}

export const resendWaitSeconds = 60;

/** The login payload; the captcha goes along only when one is shown and answered. */
export function loginBodyOf(
  values: LoginValues,
  captchaId: string | undefined,
  totpCode?: string,
): LoginBody {
  const captchaCode = values.captchaCode?.trim();
  return {
    username: values.username.trim(),
    password: values.password,
    isRemember: values.isRemember,
    ...(captchaId && captchaCode ? { captchaId, captchaCode } : {}),
    ...(totpCode ? { totpCode } : {}),
  };
}

interface StepSetters {
  currentStep: LoginStep;
  setStep(step: LoginStep): void;
  setIsCaptchaShown(isShown: boolean): void;
  setErrorText(text: string | undefined): void;
  startCountdown(seconds: number): void;
}

/** Moves the page to the step a failed call calls for. */
function applyReaction(reaction: LoginReaction, caught: unknown, to: StepSetters) {
  switch (reaction.kind) {
    case 'captcha':
      to.setIsCaptchaShown(true);
      to.setStep({ kind: 'password' });
      return to.setErrorText(reaction.message);
    case 'device':
      to.startCountdown(resendWaitSeconds);
      to.setStep({ kind: 'device', ticket: reaction.ticket, destination: reaction.destination });
      return to.setErrorText(undefined);
    case 'totp':
      to.setErrorText(to.currentStep.kind === 'totp' ? reaction.message : undefined);
      return to.setStep({ kind: 'totp' });
    case 'error':
      return to.setErrorText(reaction.message);
    case 'restart':
      to.setStep({ kind: 'password' });
      return to.setErrorText(reaction.message);
    case 'shared':
      to.setErrorText(undefined);
      return caught instanceof ApiError ? reportApiFailure(caught) : undefined;
    default:
      return reaction satisfies never;
  }
}

/** Keeps the session, says so, and goes back where the player came from. */
function useFinishLogin(isRemember: () => boolean) {
  const navigate = useNavigate();
  const location = useLocation();
  const signIn = useSignIn();
  return (result: LoginResult) => {
    signIn(result, isRemember());
    showToast(messages.auth.loginSuccess);
    void navigate(redirectTargetOf(location.search), { replace: true });
  };
}

async function resendDeviceCode(
  step: Extract<LoginStep, { kind: 'device' }>,
  to: StepSetters,
  react: (caught: unknown) => void,
): Promise<void> {
  try {
    const sent = await callRoute('deviceVerifyResend', { ticket: step.ticket }, { isSilent: true });
    to.startCountdown(resendWaitSeconds);
    to.setStep({ ...step, destination: sent.destination });
    to.setErrorText(undefined);
  } catch (caught) {
    react(caught);
  }
}

/** The login page's steps: password (with a captcha when asked), then a device or two-factor code. */
export function useLoginFlow() {
  const countdown = useCountdown();
  const [step, setStep] = useState<LoginStep>({ kind: 'password' });
  const [isCaptchaShown, setIsCaptchaShown] = useState(false);
  const [errorText, setErrorText] = useState<string>();
  const [isSubmitting, setIsSubmitting] = useState(false);
  const credentials = useRef<LoginValues | undefined>(undefined);
  const captcha = useCaptcha(isCaptchaShown);

  const succeed = useFinishLogin(() => credentials.current?.isRemember ?? false);

  const stepSetters: StepSetters = {
    currentStep: step,
    setStep,
    setIsCaptchaShown,
    setErrorText,
    startCountdown: countdown.start,
  };
  const react = (caught: unknown) => applyReaction(loginReactionOf(caught), caught, stepSetters);

  /** Runs one call; any failure refreshes a shown captcha, since each one answers once. */
  const attempt = async (call: () => Promise<LoginResult>) => {
    setIsSubmitting(true);
    try {
      succeed(await call());
    } catch (caught) {
      if (isCaptchaShown) {
        captcha.refresh();
      }
      react(caught);
    } finally {
      setIsSubmitting(false);
    }
  };

  return {
    step,
    isCaptchaShown,
    captcha,
    errorText,
    isSubmitting,
    secondsLeft: countdown.secondsLeft,
    submitPassword(values: LoginValues) {
      credentials.current = values;
      void attempt(() =>
        callRoute('login', loginBodyOf(values, captcha.captcha?.captchaId), { isSilent: true }),
      );
    },
    submitTotp(code: string) {
      const values = credentials.current;
      if (values) {
        void attempt(() => callRoute('login', loginBodyOf(values, undefined, code), { isSilent: true }));
      }
    },
    submitDeviceCode(code: string) {
      if (step.kind === 'device') {
        void attempt(() => callRoute('deviceVerify', { ticket: step.ticket, code }, { isSilent: true }));
      }
    },
    async resend() {
      if (step.kind === 'device') {
        await resendDeviceCode(step, stepSetters, react);
      }
    },
    back() {
      setStep({ kind: 'password' });
      setErrorText(undefined);
    },
  };
}

export type LoginFlow = ReturnType<typeof useLoginFlow>;
