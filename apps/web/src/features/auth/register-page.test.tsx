import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { local, storageKeys } from '../../lib/storage.ts';
import { FakeFailure, fakeApi, preInfoFixture } from '../../test/fake-api.ts';
import { clickLastButton, fillField } from '../../test/form.ts';
import { renderApp } from '../../test/render-app.tsx';
import { captchaFixture, loginResultFixture } from './test-fixtures.ts';

function fillValidForm() {
  fillField('用户名', 'player01');
  fillField('密码', 'Qw8#zLm2pX');
  fillField('确认密码', 'Qw8#zLm2pX');
  fireEvent.click(screen.getByText(/我已年满18周岁/));
}

function fieldErrors(): string[] {
  return [...document.querySelectorAll('.adm-form-item-feedback-error')].map(
    (node) => node.textContent ?? '',
  );
}

function registerBodies(fetchMock: ReturnType<typeof fakeApi>) {
  return fetchMock.mock.calls
    .filter(([url]) => url.startsWith('/site/api/v1/user/member/register'))
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);
}

describe('register page', () => {
  it('shows a clear message under each field before anything is sent', async () => {
    const fetchMock = fakeApi();
    renderApp('/user/register');
    await screen.findByLabelText(/^用户名\*?$/);
    fillField('用户名', '9lives');
    fillField('密码', 'short');
    fillField('确认密码', 'other');
    fillField('手机号（选填）', '12345');
    clickLastButton('立即注册');
    await vi.waitFor(() => expect(fieldErrors()).toHaveLength(5));
    expect(fieldErrors()).toEqual([
      '用户名为6-16位字母或数字，以字母开头',
      '密码至少8位',
      '两次输入的密码不一致',
      '手机号格式错误',
      '请确认您已年满18周岁并同意规则条款',
    ]);
    expect(registerBodies(fetchMock)).toEqual([]);
  });

  it('refuses a phone prefix the site disabled', async () => {
    const preInfo = preInfoFixture({ disablePhones: ['170'] });
    // A returning visitor: the site info the last visit kept paints with the page.
    local.set(storageKeys.preInfoData, JSON.stringify(preInfo));
    const fetchMock = fakeApi({ preInfo: () => preInfo });
    renderApp('/user/register');
    await screen.findByLabelText(/^用户名\*?$/);
    fillValidForm();
    fillField('手机号（选填）', '17012345678');
    clickLastButton('立即注册');
    await vi.waitFor(() => expect(fieldErrors()).toEqual(['暂不支持该号段，请更换手机号']));
    expect(registerBodies(fetchMock)).toEqual([]);
  });

  it('prefills the stored invite code, sends referral codes and agent_verify, and puts a 10003 on its field', async () => {
    localStorage.setItem('referral:invite_code', JSON.stringify({ value: 'INV42', savedAt: Date.now() }));
    localStorage.setItem('agent_verify', 'agent-7');
    const fetchMock = fakeApi({
      register: () =>
        new FakeFailure(10003, '参数错误：phone 暂不支持该号段，请更换手机号', { field: 'phone' }),
    });
    renderApp('/user/register');
    await screen.findByLabelText(/^用户名\*?$/);
    expect((screen.getByLabelText(/^邀请码/) as HTMLInputElement).value).toBe('INV42');
    fillValidForm();
    fillField('手机号（选填）', '13812345678');
    clickLastButton('立即注册');
    expect(await screen.findByText('暂不支持该号段，请更换手机号')).toBeTruthy();
    const [body] = registerBodies(fetchMock);
    expect(body).toMatchObject({
      username: 'player01',
      phone: '13812345678',
      agentVerify: 'agent-7',
      isAdultConfirmed: true,
      referralCodes: { invite_code: { code: 'INV42' } },
    });
    expect(body).not.toHaveProperty('inviteCode');
  });

  it('asks for the captcha on 6021, then signs in and opens the guide', async () => {
    const answers = [new FakeFailure(6021, '请输入图形验证码', { isCaptchaRequired: true })];
    const fetchMock = fakeApi({
      register: () => answers.shift() ?? loginResultFixture,
      captcha: () => captchaFixture,
    });
    const { router } = renderApp('/user/register');
    await screen.findByLabelText(/^用户名\*?$/);
    fillValidForm();
    clickLastButton('立即注册');
    expect(await screen.findByRole('img', { name: '图形验证码' })).toBeTruthy();
    fillField('图形验证码', '7731');
    clickLastButton('立即注册');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/registerGuide'));
    expect(registerBodies(fetchMock)[1]).toMatchObject({ captchaId: 'captcha-1', captchaCode: '7731' });
    expect(localStorage.getItem('token')).toBe('token-after-login');
    expect(await screen.findByText('开启两步验证')).toBeTruthy();
  });
});
