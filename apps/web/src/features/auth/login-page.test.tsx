import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FakeFailure, fakeApi, preInfoFixture } from '../../test/fake-api.ts';
import { clickLastButton, fillField } from '../../test/form.ts';
import { renderApp } from '../../test/render-app.tsx';
import { captchaFixture, loginResultFixture } from './test-fixtures.ts';

function bodiesOf(fetchMock: ReturnType<typeof fakeApi>, path: string): unknown[] {
  return fetchMock.mock.calls
    .filter(([url]) => url.startsWith(path))
    .map(([, init]) => JSON.parse(String(init?.body)) as unknown);
}

describe('login page steps', () => {
  it('shows the captcha on 6021, the device step with a 60S resend countdown on 6035, then signs in', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const answers = [
      new FakeFailure(6021, '请输入图形验证码', { isCaptchaRequired: true }),
      new FakeFailure(6035, '新设备登录需要验证', { ticket: 'ticket-1', destination: '*******5678' }),
    ];
    const fetchMock = fakeApi({
      login: () => answers.shift() ?? loginResultFixture,
      captcha: () => captchaFixture,
      deviceVerify: () => loginResultFixture,
    });
    const { router } = renderApp('/user/login?redirect=%2Fdownload');
    await screen.findByLabelText(/^用户名\*?$/);
    fillField('用户名', 'player01');
    fillField('密码', 'secret-password');
    clickLastButton('登录');
    expect(await screen.findByRole('img', { name: '图形验证码' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('请输入图形验证码');

    fillField('图形验证码', '4821');
    clickLastButton('登录');
    expect(await screen.findByText('新设备验证')).toBeTruthy();
    expect(screen.getByText(/验证码已发送至 \*{7}5678/)).toBeTruthy();
    expect(bodiesOf(fetchMock, '/site/api/v1/user/member/login')[1]).toMatchObject({
      captchaId: 'captcha-1',
      captchaCode: '4821',
    });
    const countdown = screen.getByRole('button', { name: '60S' });
    expect(countdown.hasAttribute('disabled')).toBe(true);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(60_000);
    });
    expect(screen.getByRole('button', { name: '重新发送' }).hasAttribute('disabled')).toBe(false);

    fillField('短信/邮箱验证码', '123456');
    clickLastButton('验证并登录');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/download'));
    expect(localStorage.getItem('token')).toBe('token-after-login');
    expect(bodiesOf(fetchMock, '/site/api/v1/user/member/deviceVerify')).toEqual([
      { ticket: 'ticket-1', code: '123456' },
    ]);
  });

  it('asks for the authenticator code when the account has two-factor on, and keeps remember-me', async () => {
    const answers = [new FakeFailure(10409, '请输入动态验证码', { isTotpRequired: true })];
    const fetchMock = fakeApi({ login: () => answers.shift() ?? loginResultFixture });
    const { router } = renderApp('/user/login');
    await screen.findByLabelText(/^用户名\*?$/);
    fillField('用户名', 'player01');
    fillField('密码', 'secret-password');
    fireEvent.click(screen.getByText('记住我'));
    clickLastButton('登录');
    expect(await screen.findByText('您的账户已开启两步验证，请输入身份验证器中的6位动态码。')).toBeTruthy();
    fillField('动态验证码', '12345');
    clickLastButton('验证并登录');
    expect(await screen.findByText('验证码为6位数字')).toBeTruthy();
    fillField('动态验证码', '654321');
    clickLastButton('验证并登录');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(bodiesOf(fetchMock, '/site/api/v1/user/member/login')[1]).toMatchObject({
      username: 'player01',
      totpCode: '654321',
      isRemember: true,
    });
    expect(localStorage.getItem('loginInfo')).toBe('{"isChecked":true}');
  });

  it('shows a wrong password under the form and stays on the page', async () => {
    fakeApi({ login: () => new FakeFailure(10001, '用户名或密码错误', { isCaptchaRequired: false }) });
    const { router } = renderApp('/user/login');
    await screen.findByLabelText(/^用户名\*?$/);
    fillField('用户名', 'player01');
    fillField('密码', 'wrong');
    clickLastButton('登录');
    expect((await screen.findByRole('alert')).textContent).toBe('用户名或密码错误');
    expect(router.state.location.pathname).toBe('/user/login');
    expect(screen.queryByRole('img', { name: '图形验证码' })).toBeNull();
  });

  it('disables the form while the site stops login', async () => {
    fakeApi({ preInfo: () => preInfoFixture({ stopLogin: true }) });
    renderApp('/user/login');
    await screen.findByLabelText(/^用户名\*?$/);
    expect(await screen.findByText('本站暂停登录，请稍后再来')).toBeTruthy();
    const buttons = screen.getAllByRole('button', { name: '登录' });
    expect(buttons.at(-1)?.hasAttribute('disabled')).toBe(true);
  });
});
