// What the sign-in and registration forms check as the player types: zod-free, so that the web
// login page can show these rules without loading zod (auth.ts builds the schemas from them).

export const usernameRules = {
  lengthMin: 6,
  lengthMax: 16,
  /** Case is not significant: `Alice01` and `alice01` are one account. */
  pattern: /^[A-Za-z][A-Za-z0-9]{5,15}$/,
  text: '用户名为6-16位字母或数字，以字母开头',
} as const;

export const passwordRules = {
  lengthMin: 8,
  lengthMax: 64,
  text: '密码为8-64位字符，不能使用常见密码，不能与用户名相同',
} as const;

/** Mainland mobile numbers; a site with `globePhoneNumber` also takes international ones. */
export const mainlandPhonePattern = /^1[3-9][0-9]{9}$/;
export const globePhonePattern = /^\+?[0-9]{6,15}$/;

export const captchaLength = 4;
export const verificationCodeLength = 6;
export const totpDigits = 6;
export const totpPeriodSeconds = 30;
