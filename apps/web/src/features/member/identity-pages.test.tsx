import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FakeFailure, fakeApi } from '../../test/fake-api.ts';
import { clickLastButton, fillField } from '../../test/form.ts';
import { renderApp } from '../../test/render-app.tsx';

const approved = {
  status: 'approved' as const,
  realName: '**丰',
  idNumber: '110***********1234',
  reason: '',
  submittedAt: '2026-11-22T04:00:00.000Z',
  reviewedAt: '2026-11-22T04:00:00.000Z',
};

function fieldErrors(): string[] {
  return [...document.querySelectorAll('.adm-form-item-feedback-error')].map(
    (node) => node.textContent ?? '',
  );
}

describe('real-name verification pages', () => {
  it('checks the name and the GB 11643 checksum before sending, then shows the status', async () => {
    localStorage.setItem('token', 'token-1');
    const fetchMock = fakeApi({ identitySubmit: () => approved, identityStatus: () => approved });
    const { router } = renderApp('/mine/userInfo/authentication');
    // The page loads lazily: wait for its form before typing.
    await screen.findByLabelText(/^真实姓名\*?$/);
    fillField('真实姓名', 'Zhang San');
    fillField('身份证号码', '110105194912310021');
    clickLastButton('提交认证');
    await vi.waitFor(() =>
      expect(fieldErrors()).toEqual(['姓名只能是中文（少数民族姓名可用 · 分隔）', '身份证号码有误，请核对']),
    );
    expect(fetchMock.mock.calls.some(([url]) => url.includes('/identity/submit'))).toBe(false);

    fillField('真实姓名', '张三丰');
    fillField('身份证号码', '11010519491231002x');
    clickLastButton('提交认证');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/mine/infoAudit'));
    const submitted = fetchMock.mock.calls.find(([url]) => url.includes('/identity/submit'));
    expect(JSON.parse(String(submitted?.[1]?.body))).toEqual({
      realName: '张三丰',
      idNumber: '11010519491231002X',
    });
    expect(await screen.findByText('已认证')).toBeTruthy();
    expect(screen.getByText('110***********1234')).toBeTruthy();
    expect(screen.getByRole('button', { name: '绑定银行卡' })).toBeTruthy();
  });

  it('puts a server refusal on its field', async () => {
    localStorage.setItem('token', 'token-1');
    fakeApi({
      identitySubmit: () =>
        new FakeFailure(10003, '参数错误：idNumber 该证件号已被其他账户使用', { field: 'idNumber' }),
    });
    renderApp('/mine/userInfo/authentication');
    // The page loads lazily: wait for its form before typing.
    await screen.findByLabelText(/^真实姓名\*?$/);
    fillField('真实姓名', '张三丰');
    fillField('身份证号码', '11010519491231002X');
    clickLastButton('提交认证');
    await vi.waitFor(() => expect(fieldErrors()).toEqual(['该证件号已被其他账户使用']));
  });

  it('asks for verification before a bank card can be bound', async () => {
    localStorage.setItem('token', 'token-1');
    fakeApi({ identityStatus: () => ({ ...approved, status: 'none', realName: null, idNumber: null }) });
    renderApp('/mine/userInfo/authentication/bindBankCard');
    expect(await screen.findByText('绑定银行卡前请先完成实名认证。')).toBeTruthy();
  });
});
