import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { encryptForTest, fakeApi } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';

afterEach(() => vi.unstubAllGlobals());

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
    const tabs = Array.from(document.querySelectorAll('.adm-tab-bar-item-title'), (node) => node.textContent);
    expect(tabs).toEqual(['首页', '客服', 'APP下载']);
    await vi.waitFor(async () => {
      fireEvent.click(screen.getByText('客服'));
      expect(open).toHaveBeenCalledWith('https://kf.example/chat', '_blank', 'noopener,noreferrer');
    });
    expect(router.state.location.pathname).toBe('/download');
    fireEvent.click(screen.getByText('首页'));
    expect(router.state.location.pathname).toBe('/');
  });

  it('hides the tab bar on inner pages and shows a back arrow', async () => {
    fakeApi();
    renderApp('/404');
    expect(await screen.findAllByText('页面不存在')).not.toHaveLength(0);
    expect(document.querySelector('.adm-tab-bar')).toBeNull();
    expect(document.querySelector('.adm-nav-bar-back-arrow')).not.toBeNull();
  });
});
