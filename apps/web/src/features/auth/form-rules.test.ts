import { describe, expect, it } from 'vitest';
import {
  confirmProblem,
  digitCodeProblem,
  inviteCodeProblem,
  newPasswordProblem,
  passwordStrength,
  phoneProblem,
  usernameProblem,
} from './form-rules.ts';

describe('registration field rules (the server rules, in Chinese)', () => {
  it('takes 6-16 letters or digits starting with a letter as a username', () => {
    expect(usernameProblem('')).toBe('请输入用户名');
    expect(usernameProblem('abc12')).toBe('用户名为6-16位字母或数字，以字母开头');
    expect(usernameProblem('1abcdef')).toBe('用户名为6-16位字母或数字，以字母开头');
    expect(usernameProblem('abc_def')).toBe('用户名为6-16位字母或数字，以字母开头');
    expect(usernameProblem('a'.repeat(17))).toBe('用户名为6-16位字母或数字，以字母开头');
    expect(usernameProblem('Player01')).toBeUndefined();
    expect(usernameProblem('a'.repeat(16))).toBeUndefined();
  });

  it('takes an 8-64 character password that is not the username', () => {
    expect(newPasswordProblem('')).toBe('请输入密码');
    expect(newPasswordProblem('1234567')).toBe('密码至少8位');
    expect(newPasswordProblem('x'.repeat(65))).toBe('密码最多64位');
    expect(newPasswordProblem('Player01', 'player01')).toBe('密码不能与用户名相同');
    expect(newPasswordProblem('x'.repeat(8))).toBeUndefined();
    expect(newPasswordProblem('x'.repeat(64), 'player01')).toBeUndefined();
  });

  it('asks for the same password twice', () => {
    expect(confirmProblem('', 'secret-1')).toBe('请再次输入密码');
    expect(confirmProblem('secret-2', 'secret-1')).toBe('两次输入的密码不一致');
    expect(confirmProblem('secret-1', 'secret-1')).toBeUndefined();
  });

  it('leaves the phone optional, refuses disabled prefixes and foreign numbers unless the site takes them', () => {
    const mainland = { disablePhones: ['170', '171'], globePhoneNumber: false };
    expect(phoneProblem('', mainland)).toBeUndefined();
    expect(phoneProblem('138 1234 5678', mainland)).toBeUndefined();
    expect(phoneProblem('12812345678', mainland)).toBe('手机号格式错误');
    expect(phoneProblem('17012345678', mainland)).toBe('暂不支持该号段，请更换手机号');
    expect(phoneProblem('+85291234567', mainland)).toBe('手机号格式错误');
    const globe = { disablePhones: ['170'], globePhoneNumber: true };
    expect(phoneProblem('+85291234567', globe)).toBeUndefined();
    expect(phoneProblem('+8617012345678', globe)).toBe('暂不支持该号段，请更换手机号');
  });

  it('checks invite codes and digit codes', () => {
    expect(inviteCodeProblem('')).toBeUndefined();
    expect(inviteCodeProblem('AB-12_x')).toBeUndefined();
    expect(inviteCodeProblem('有空格 的码')).toBe('邀请码只能包含字母、数字、- 和 _');
    expect(digitCodeProblem('')).toBe('请输入验证码');
    expect(digitCodeProblem('12345')).toBe('验证码为6位数字');
    expect(digitCodeProblem('12345a')).toBe('验证码为6位数字');
    expect(digitCodeProblem('123456')).toBeUndefined();
  });

  it('rates password strength from length and character kinds', () => {
    expect(passwordStrength('abcdefgh')).toBe(0);
    expect(passwordStrength('abcdefg1')).toBe(1);
    expect(passwordStrength('Abcdefgh#123')).toBe(2);
  });
});
