import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-error.ts';
import { fieldErrorOf, loginReactionOf } from './login-flow.ts';

const business = (code: number, message: string, data: unknown = null) =>
  new ApiError('business', code, message, undefined, data);

describe('login step switching', () => {
  it('asks for the image captcha on 6021, 6024 and the unusual IP/device codes', () => {
    for (const code of [6021, 6024, 6025, 6026, 6027]) {
      expect(loginReactionOf(business(code, '请完成验证', { isCaptchaRequired: true })).kind).toBe('captcha');
    }
  });

  it('asks for the captcha after repeated wrong passwords, else shows the error', () => {
    expect(loginReactionOf(business(10001, '用户名或密码错误', { isCaptchaRequired: true }))).toEqual({
      kind: 'captcha',
      message: '用户名或密码错误',
    });
    expect(loginReactionOf(business(10001, '用户名或密码错误', { isCaptchaRequired: false }))).toEqual({
      kind: 'error',
      message: '用户名或密码错误',
    });
  });

  it('moves to device verification on 6035 with a ticket, and back to the password on lock or expiry', () => {
    const started = business(6035, '验证码已发送', { ticket: 't-1', destination: '*******5678' });
    expect(loginReactionOf(started)).toEqual({
      kind: 'device',
      message: '验证码已发送',
      ticket: 't-1',
      destination: '*******5678',
    });
    expect(loginReactionOf(business(6036, '设备验证码错误', { attemptsLeft: 3 })).kind).toBe('error');
    for (const code of [6035, 6037, 6038, 6039]) {
      expect(loginReactionOf(business(code, '重新登录')).kind).toBe('restart');
    }
  });

  it('asks for the authenticator code when the account has two-factor on', () => {
    expect(loginReactionOf(business(10409, '请输入动态验证码', { isTotpRequired: true })).kind).toBe('totp');
  });

  it('leaves blocked devices, IP limits and transport failures to the shared behaviours', () => {
    expect(loginReactionOf(business(10102, '设备受限')).kind).toBe('shared');
    expect(loginReactionOf(business(6031, 'IP受限')).kind).toBe('shared');
    expect(loginReactionOf(new ApiError('timeout', 0, 'timeout')).kind).toBe('shared');
    expect(loginReactionOf(new Error('boom')).kind).toBe('shared');
  });

  it('reads the field and the bare problem from a 10003', () => {
    expect(fieldErrorOf(business(10003, '参数错误：phone 手机号格式错误', { field: 'phone' }))).toEqual({
      field: 'phone',
      message: '手机号格式错误',
    });
    expect(fieldErrorOf(business(10003, '参数校验失败：请求无效'))).toBeUndefined();
    expect(fieldErrorOf(business(10001, '参数错误：phone x', { field: 'phone' }))).toBeUndefined();
  });
});
