import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FakeFailure, fakeApi } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';

const member = {
  memberId: 7,
  username: 'player01',
  phone: '*******5678',
  email: null,
  inviteCode: 'INV00001',
  isAgent: false,
  isTotpEnabled: false,
  registeredAt: '2026-11-01T16:30:00.000Z',
  lastLoginAt: null,
};

describe('member profile page', () => {
  it('sends a visitor without a session to login, coming back afterwards', async () => {
    fakeApi();
    const { router } = renderApp('/mine/userInfo');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/user/login'));
    expect(router.state.location.search).toBe('?redirect=%2Fmine%2FuserInfo');
  });

  it('shows the profile in Shanghai time and the login history, as an inner page of 我的 with a back arrow', async () => {
    localStorage.setItem('token', 'token-1');
    fakeApi({
      memberInfo: () => member,
      loginHistory: () => ({
        list: [
          {
            loginAt: '2026-11-02T01:02:03.000Z',
            ip: '203.0.113.9',
            deviceUuid: 'abcdef12-3456-7890',
            clientType: 'web',
          },
        ],
        total: 1,
        pageNum: 1,
        pageSize: 10,
      }),
    });
    renderApp('/mine/userInfo');
    expect(await screen.findByText('player01')).toBeTruthy();
    expect(screen.getByText('*******5678')).toBeTruthy();
    expect(screen.getByText('2026/11/02 00:30:00')).toBeTruthy();
    expect(await screen.findByText('2026/11/02 09:02:03')).toBeTruthy();
    expect(screen.getByText('IP 203.0.113.9')).toBeTruthy();
    expect(screen.getByRole('button', { name: '返回' })).toBeTruthy();
  });

  it('starts two-factor setup from the switch and shows the secret to copy', async () => {
    localStorage.setItem('token', 'token-1');
    fakeApi({
      memberInfo: () => member,
      totpSetup: () => ({ secret: 'JBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/x' }),
    });
    renderApp('/mine/userInfo');
    fireEvent.click(await screen.findByRole('switch'));
    expect(await screen.findByText('JBSWY3DPEHPK3PXP')).toBeTruthy();
    expect(screen.getByRole('button', { name: '确认开启' })).toBeTruthy();
  });

  it('goes home when the session ends with an auth error on this page', async () => {
    localStorage.setItem('token', 'token-1');
    fakeApi({ memberInfo: () => new FakeFailure(10004, '登录已失效，请重新登录') });
    const { router } = renderApp('/mine/userInfo');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(localStorage.getItem('token')).toBeNull();
  });
});
