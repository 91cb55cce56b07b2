import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders, createQueryClient } from '../../app/app.tsx';
import { ApiError } from '../../lib/api-error.ts';
import { endSession, sessionState } from '../../lib/session.ts';
import { LoginPage } from './login-page.tsx';
import { stepAfterRefusal } from './login-step.ts';

const setup = {
  secret: 'JBSWY3DPEHPK3PXP',
  otpauthUrl: 'otpauth://totp/%E8%BF%90%E8%90%A5%E5%90%8E%E5%8F%B0:cashier1?secret=JBSWY3DPEHPK3PXP',
};
const signedIn = {
  token: 'operator-token',
  expiresAt: '2026-11-23T12:00:00.000Z',
  operator: { id: 7, username: 'cashier1', role: 'finance', siteIds: [9001], permissions: ['cashier.read'] },
};

function envelope(code: number, message: string, data: unknown) {
  return new Response(JSON.stringify({ code, message, data }), {
    headers: { 'content-type': 'application/json' },
  });
}

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  endSession();
});

function sentBody(call: number): unknown {
  return JSON.parse(String(fetchMock.mock.calls[call]?.[1]?.body));
}

function renderLogin() {
  render(
    <AppProviders client={createQueryClient()}>
      <LoginPage />
    </AppProviders>,
  );
  fireEvent.change(screen.getByLabelText('用户名'), { target: { value: 'cashier1' } });
  fireEvent.change(screen.getByLabelText('密码'), { target: { value: 'secret-password' } });
  fireEvent.click(screen.getByRole('button', { name: /登\s*录/ }));
}

describe('LoginPage', () => {
  it('enrols the authenticator at the first sign-in: secret shown, then the code signs in', async () => {
    fetchMock.mockResolvedValueOnce(
      envelope(10409, '请先用身份验证器扫码绑定，再输入动态验证码', {
        isTotpRequired: true,
        totpSetup: setup,
      }),
    );
    renderLogin();
    expect(await screen.findByText(setup.secret)).toBeTruthy();
    expect(sentBody(0)).toEqual({ username: 'cashier1', password: 'secret-password' });

    fetchMock.mockResolvedValueOnce(envelope(10409, '动态验证码错误或已使用', null));
    fireEvent.change(screen.getByLabelText('动态验证码'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: '验证并登录' }));
    expect(await screen.findByText('动态验证码错误或已使用')).toBeTruthy();
    expect(screen.getByText(setup.secret)).toBeTruthy();
    expect(sessionState().session).toBeNull();

    fetchMock.mockResolvedValueOnce(envelope(6000, '成功', signedIn));
    fireEvent.change(screen.getByLabelText('动态验证码'), { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: '验证并登录' }));
    await waitFor(() => expect(sessionState().session?.operator.username).toBe('cashier1'));
    expect(sentBody(2)).toEqual({ username: 'cashier1', password: 'secret-password', totpCode: '654321' });
  });

  it('asks an enrolled staff member for the code only, and shows a lock-out as the server words it', async () => {
    fetchMock.mockResolvedValueOnce(envelope(10409, '请输入动态验证码', { isTotpRequired: true }));
    renderLogin();
    expect(await screen.findByLabelText('动态验证码')).toBeTruthy();
    expect(screen.queryByText(setup.secret)).toBeNull();

    fetchMock.mockResolvedValueOnce(envelope(6501, '尝试次数过多，请稍后再试', null));
    fireEvent.change(screen.getByLabelText('动态验证码'), { target: { value: '111111' } });
    fireEvent.click(screen.getByRole('button', { name: '验证并登录' }));
    expect(await screen.findByText('尝试次数过多，请稍后再试')).toBeTruthy();
    expect(sessionState().session).toBeNull();
  });
});

describe('stepAfterRefusal', () => {
  const password = { kind: 'password' } as const;

  it('stays on the password step for a wrong password or anything that is not 10409', () => {
    expect(stepAfterRefusal(password, new ApiError('business', 10003, '用户名或密码错误'))).toBe(password);
    expect(stepAfterRefusal(password, new ApiError('network', 0, ''))).toBe(password);
    expect(
      stepAfterRefusal(password, new ApiError('business', 10409, '', undefined, { unexpected: 1 })),
    ).toBe(password);
  });

  it('moves to enrolment with totpSetup and to the code with isTotpRequired', () => {
    expect(
      stepAfterRefusal(
        password,
        new ApiError('business', 10409, '', undefined, { isTotpRequired: true, totpSetup: setup }),
      ),
    ).toEqual({
      kind: 'enrol',
      setup,
    });
    expect(
      stepAfterRefusal(password, new ApiError('business', 10409, '', undefined, { isTotpRequired: true })),
    ).toEqual({ kind: 'code' });
  });
});
