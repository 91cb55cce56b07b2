import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../lib/messages.ts';
import { chooseH5 } from '../lib/mobile-redirect.ts';
import { modalSnapshot } from '../lib/modal-store.ts';
import { readToken, saveToken } from '../lib/token.ts';
import { bootShell } from './boot.ts';

const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';

describe('start-up', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('stores the entry params, drops the token from the address and keeps desktop visitors in place', () => {
    window.history.replaceState(null, '', '/download?token=abc&i_code=I9&agent_verify=1');
    bootShell(window, Date.UTC(2026, 0, 1));
    expect(readToken()).toBe('abc');
    expect(localStorage.getItem('agent_verify')).toBe('1');
    expect(window.location.pathname + window.location.search).toBe('/download?i_code=I9&agent_verify=1');
  });

  it('asks before a link token replaces another session; the token leaves the address bar at once', () => {
    saveToken('token-of-member-a');
    window.history.replaceState(null, '', '/mine?token=token-of-member-b&from=ad');
    const reload = vi.fn();
    bootShell(window, Date.UTC(2026, 0, 1), reload);
    expect(window.location.pathname + window.location.search).toBe('/mine?from=ad');
    expect(readToken()).toBe('token-of-member-a');
    expect(modalSnapshot()).toMatchObject([
      { kind: 'confirm', content: messages.shell.switchAccountConfirm },
    ]);
    expect(reload).not.toHaveBeenCalled();
  });

  it('sends a phone to /download-page, saving where it was going', () => {
    vi.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue(iphone);
    window.history.replaceState(null, '', '/customer/main?from=ad');
    bootShell(window);
    expect(window.location.pathname).toBe('/download-page');
    expect(sessionStorage.getItem('redirectPath')).toBe('/customer/main?from=ad');
    expect(sessionStorage.getItem('redirectUrl')).toBe('http://localhost:3000/customer/main?from=ad');
  });

  it('keeps a phone that chose 进入H5版 in an earlier session on the deep link it opened', () => {
    vi.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue(iphone);
    const now = Date.UTC(2026, 10, 23);
    chooseH5(now - 29 * 86_400_000);
    sessionStorage.clear();
    window.history.replaceState(null, '', '/mine/userInfo?tab=vip');
    bootShell(window, now);
    expect(window.location.pathname + window.location.search).toBe('/mine/userInfo?tab=vip');
    bootShell(window, now + 86_400_000);
    expect(window.location.pathname).toBe('/download-page');
  });

  it('lets a window the site opened (same-origin referrer, e.g. 客服) go straight to its page', () => {
    vi.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue(iphone);
    vi.spyOn(document, 'referrer', 'get').mockReturnValue('http://localhost:3000/');
    window.history.replaceState(null, '', '/customer/main');
    bootShell(window);
    expect(window.location.pathname).toBe('/customer/main');
  });
});
