import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { encryptForTest, fakeApi } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';

afterEach(() => vi.unstubAllGlobals());

const tabTitles = () =>
  Array.from(document.querySelectorAll('.h5-tabbar__title'), (node) => node.textContent);

describe('H5 tab bar', () => {
  it('lists 首页 / 客服 / APP下载; 客服 opens the customer service URL in a new window', async () => {
    sessionStorage.setItem('securityNoticeShown', '1');
    const { data, secret } = await encryptForTest({
      customerServiceUrl: 'https://kf.example/chat',
      customerServiceInsteadUrl: '',
      downloadUrl: '',
      sponsorTitle: '',
    });
    fakeApi({ secKey: () => secret, vvPretty: () => ({ data }) });
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { router } = renderApp('/download');
    expect(tabTitles()).toEqual(['首页', '客服', 'APP下载']);
    // Tapped before the address has loaded: the tap waits for it, once.
    fireEvent.click(screen.getByRole('button', { name: '客服' }));
    await vi.waitFor(() =>
      expect(open).toHaveBeenCalledWith('https://kf.example/chat', '_blank', 'noopener,noreferrer'),
    );
    expect(open).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('客服通道暂不可用，请稍后再试')).toBeNull();
    expect(router.state.location.pathname).toBe('/download');
    expect(screen.getByRole('link', { name: 'APP下载' }).getAttribute('aria-current')).toBe('page');
    fireEvent.click(screen.getByRole('link', { name: '首页' }));
    expect(router.state.location.pathname).toBe('/');
  });

  it('gives a member 钱包 and 我的, which opens the member centre', async () => {
    localStorage.setItem('token', 'token-1');
    fakeApi();
    const { router } = renderApp('/download');
    expect(tabTitles()).toEqual(['首页', '客服', 'APP下载', '钱包', '我的']);
    fireEvent.click(screen.getByRole('link', { name: '我的' }));
    expect(router.state.location.pathname).toBe('/mine');
  });

  it('hides the tab bar on inner pages and shows a named back button and the title as h1', async () => {
    fakeApi();
    const { router } = renderApp('/404');
    expect(await screen.findByRole('heading', { level: 1, name: '页面不存在' })).toBeTruthy();
    expect(document.querySelector('.h5-tabbar')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '返回' }));
    expect(router.state.location.pathname).toBe('/');
  });

  it('shows the logo once, named by the site title, with no second title beside it', async () => {
    sessionStorage.setItem('securityNoticeShown', '1');
    fakeApi();
    renderApp('/');
    expect(await screen.findByRole('img', { name: '星河娱乐' })).toBeTruthy();
    expect(document.querySelector('.site-brand__title')).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: '星河娱乐' })).toBeTruthy();
  });
});
