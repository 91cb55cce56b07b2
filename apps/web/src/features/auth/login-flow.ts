import { ErrorCode } from '@site/contract';
import { ApiError } from '../../lib/api-error.ts';

/** What the login page does after a failed call. */
export type LoginReaction =
  /** Stay on the password step and ask for the image captcha (6021, 6024, 6025-6027, or after failures). */
  | { kind: 'captcha'; message: string }
  /** A code went to the bound phone or e-mail (6035 with a ticket). */
  | { kind: 'device'; message: string; ticket: string; destination: string }
  /** The account has two-factor on: ask for the authenticator code. */
  | { kind: 'totp'; message: string }
  /** Show the message on the current step (wrong password, wrong code). */
  | { kind: 'error'; message: string }
  /** Start over from the password step with this message (device code locked, expired, too many). */
  | { kind: 'restart'; message: string }
  /** Not the login's business: the shared behaviours take it (blocked device, IP limits, network). */
  | { kind: 'shared' };

function dataField(error: ApiError, key: string): unknown {
  const data = error.data;
  return typeof data === 'object' && data !== null && key in data
    ? (data as Record<string, unknown>)[key]
    : undefined;
}

const captchaCodes: readonly number[] = [
  ErrorCode.imageCodeRequired,
  ErrorCode.imageCodeError,
  ErrorCode.ipUnusual,
  ErrorCode.deviceUnusual,
  ErrorCode.ipAndDeviceUnusual,
];

const restartCodes: readonly number[] = [
  ErrorCode.deviceAuthLogin,
  ErrorCode.deviceAuthLock,
  ErrorCode.deviceAuthExpired,
  ErrorCode.deviceAuthExcessive,
];

const inlineCodes: readonly number[] = [
  ErrorCode.common,
  ErrorCode.validation,
  ErrorCode.limitCode,
  ErrorCode.loginRisk,
  ErrorCode.accountBlocked,
  ErrorCode.nameError,
  ErrorCode.validCode,
  ErrorCode.deviceAuthCode,
];

/** Maps a failed login, device-verification or TOTP call onto the next step of the login page. */
export function loginReactionOf(caught: unknown): LoginReaction {
  if (!(caught instanceof ApiError) || caught.kind !== 'business') {
    return { kind: 'shared' };
  }
  const message = caught.message;
  const ticket = dataField(caught, 'ticket');
  if (caught.code === ErrorCode.deviceAuthLogin && typeof ticket === 'string') {
    const destination = dataField(caught, 'destination');
    return {
      kind: 'device',
      message,
      ticket,
      destination: typeof destination === 'string' ? destination : '',
    };
  }
  if (caught.code === ErrorCode.validCode && dataField(caught, 'isTotpRequired') === true) {
    return { kind: 'totp', message };
  }
  if (captchaCodes.includes(caught.code) || dataField(caught, 'isCaptchaRequired') === true) {
    return { kind: 'captcha', message };
  }
  if (restartCodes.includes(caught.code)) {
    return { kind: 'restart', message };
  }
  return inlineCodes.includes(caught.code) ? { kind: 'error', message } : { kind: 'shared' };
}

/**
 * A 10003 names the field in `data.field`; its message reads `参数错误：<field> <problem>`.
 * Returns the field and the problem alone, for showing under that field.
 */
export function fieldErrorOf(caught: unknown): { field: string; message: string } | undefined {
  if (!(caught instanceof ApiError) || caught.code !== ErrorCode.validation) {
    return undefined;
  }
  const field = dataField(caught, 'field');
  if (typeof field !== 'string') {
    return undefined;
  }
  const prefix = new RegExp(`^[^：:]*[：:]\\s*${field.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*`);
  return { field, message: caught.message.replace(prefix, '') || caught.message };
}
