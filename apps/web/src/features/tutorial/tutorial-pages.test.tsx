import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';

function stepTitles(): string[] {
  return [...document.querySelectorAll('.adm-step-title')].map((node) => node.textContent ?? '');
}

describe('USDT tutorial pages', () => {
  it('explains the networks and numbers the deposit and withdrawal steps', async () => {
    fakeApi();
    renderApp('/mine/finance/introTutorial');
    expect(await screen.findByRole('heading', { name: 'TRC20 与 ERC20' })).toBeTruthy();
    expect(screen.getByText('以大写字母 T 开头，共 34 位')).toBeTruthy();
    expect(screen.getByText('以 0x 开头，后接 40 位十六进制字符（共 42 位）')).toBeTruthy();
    expect(stepTitles()).toEqual([
      '在交易平台购买 USDT',
      '选择本站 USDT 充值通道',
      '复制收款地址或扫码',
      '按订单金额足额转账',
      '等待区块确认',
      '绑定 USDT 提现地址',
      '申请提现',
      '到账后按需卖出',
    ]);
    expect(screen.getByRole('heading', { name: '风险提示' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '去充值' })).toBeTruthy();
  });

  it('links each step to its page', async () => {
    localStorage.setItem('token', 'token-1');
    fakeApi();
    const { router } = renderApp('/mine/finance/introTutorial');
    fireEvent.click(await screen.findByRole('button', { name: '绑定USDT地址' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/mine/addDigitalCard'));
    await router.navigate('/mine/finance/introTutorial');
    fireEvent.click((await screen.findAllByRole('button', { name: '交易平台教程' }))[0] as HTMLElement);
    await vi.waitFor(() =>
      expect(router.state.location.pathname).toBe('/mine/finance/introTutorial/platformTutorials'),
    );
  });

  it('shows one exchange at a time, each from buying to selling', async () => {
    fakeApi();
    renderApp('/mine/finance/introTutorial/platformTutorials');
    expect(await screen.findByRole('heading', { name: '1. 注册与实名认证' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: '4. 卖出 USDT' })).toBeTruthy();
    expect(screen.getByText(/提币方式选择「链上提币」/)).toBeTruthy();
    expect(screen.queryByText('划转到资金账户')).toBeNull();
    fireEvent.click(screen.getByText('币安 Binance'));
    expect(await screen.findByText('划转到资金账户')).toBeTruthy();
    expect(screen.getByText(/网络选择 Tron（TRC20）/)).toBeTruthy();
    fireEvent.click(screen.getByText('火币 HTX'));
    expect(await screen.findByText('快捷区或自选区下单')).toBeTruthy();
    expect(screen.getByRole('heading', { name: '安全须知' })).toBeTruthy();
  });
});
