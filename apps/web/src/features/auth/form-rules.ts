import {
  globePhonePattern,
  mainlandPhonePattern,
  passwordRules,
  usernameRules,
  verificationCodeLength,
} from '@site/contract';
import type { FormItemProps } from 'antd-mobile';
import { messages } from '../../lib/messages.ts';

/** One antd-mobile Form rule. */
export type FieldRule = NonNullable<FormItemProps['rules']>[number];

const text = messages.auth.rules;

/** A rule from a check that answers the problem in words, or undefined when the value is fine. */
function ruleOf(check: (value: string) => string | undefined): FieldRule {
  return {
    validator: async (_rule, value: unknown) => {
      const problem = check(typeof value === 'string' ? value : '');
      if (problem !== undefined) {
        throw new Error(problem);
      }
    },
  };
}

/** The server's username rule: 6-16 letters or digits, starting with a letter. */
export function usernameProblem(value: string): string | undefined {
  if (value.trim() === '') {
    return text.usernameRequired;
  }
  return usernameRules.pattern.test(value.trim()) ? undefined : usernameRules.text;
}

/** The server's new-password rule: 8-64 characters, not the username. */
export function newPasswordProblem(value: string, username = ''): string | undefined {
  if (value === '') {
    return text.passwordRequired;
  }
  if (value.length < passwordRules.lengthMin) {
    return text.passwordTooShort(passwordRules.lengthMin);
  }
  if (value.length > passwordRules.lengthMax) {
    return text.passwordTooLong(passwordRules.lengthMax);
  }
  return username !== '' && value.toLowerCase() === username.trim().toLowerCase()
    ? text.passwordSameAsUsername
    : undefined;
}

export function confirmProblem(value: string, password: string): string | undefined {
  if (value === '') {
    return text.confirmRequired;
  }
  return value === password ? undefined : text.confirmMismatch;
}

export interface PhonePolicy {
  disablePhones: readonly string[];
  globePhoneNumber: boolean;
}

/** Optional phone: mainland numbers (or international ones when the site takes them), no disabled prefix. */
export function phoneProblem(value: string, policy: PhonePolicy): string | undefined {
  const compact = value.replace(/[\s-]/g, '');
  if (compact === '') {
    return undefined;
  }
  const pattern = policy.globePhoneNumber ? globePhonePattern : mainlandPhonePattern;
  if (!pattern.test(compact)) {
    return text.phoneInvalid;
  }
  const national = compact.replace(/^\+?86/, '');
  return policy.disablePhones.some((prefix) => national.startsWith(prefix)) ? text.phoneDisabled : undefined;
}

export function inviteCodeProblem(value: string): string | undefined {
  const code = value.trim();
  return code === '' || /^[A-Za-z0-9_-]{1,32}$/.test(code) ? undefined : text.inviteInvalid;
}

export function digitCodeProblem(value: string, digits = verificationCodeLength): string | undefined {
  if (value.trim() === '') {
    return text.codeRequired;
  }
  return new RegExp(`^[0-9]{${digits}}$`).test(value.trim()) ? undefined : text.codeInvalid(digits);
}

/** Rough strength for the hint under the password: 0 weak, 1 medium, 2 strong. */
export function passwordStrength(value: string): 0 | 1 | 2 {
  const classes = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^A-Za-z0-9]/].filter((pattern) => pattern.test(value)).length;
  if (value.length >= 12 && classes >= 3) {
    return 2;
  }
  return value.length >= passwordRules.lengthMin && classes >= 2 ? 1 : 0;
}

export const rules = {
  username: [ruleOf(usernameProblem)],
  loginUsername: [{ required: true, whitespace: true, message: text.usernameRequired }],
  loginPassword: [{ required: true, message: text.passwordRequired }],
  newPassword: (usernameOf: () => string): FieldRule[] => [
    ruleOf((value) => newPasswordProblem(value, usernameOf())),
  ],
  confirm: (passwordOf: () => string): FieldRule[] => [
    ruleOf((value) => confirmProblem(value, passwordOf())),
  ],
  phone: (policyOf: () => PhonePolicy): FieldRule[] => [ruleOf((value) => phoneProblem(value, policyOf()))],
  inviteCode: [ruleOf(inviteCodeProblem)],
  captcha: [{ required: true, whitespace: true, message: text.captchaRequired }],
  code: (digits?: number): FieldRule[] => [ruleOf((value) => digitCodeProblem(value, digits))],
  adult: [
    {
      validator: async (_rule, value: unknown) => {
        if (value !== true) {
          throw new Error(text.adultRequired);
        }
      },
    },
  ],
  oldPassword: [{ required: true, message: text.oldPasswordRequired }],
} satisfies Record<string, FieldRule[] | ((...args: never[]) => FieldRule[])>;
