import { describe, expect, it, vi } from 'vitest';
import { getCookie, setCookie } from './cookies.ts';
import { clearToken, readToken, saveToken, watchTokenOnFocus } from './token.ts';

function spyCookieWrites(): string[] {
  const writes: string[] = [];
  const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie');
  vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => {
    writes.push(value);
    descriptor?.set?.call(document, value);
  });
  return writes;
}

describe('token', () => {
  it('reads the cookie first, then local storage', () => {
    localStorage.setItem('token', 'from-storage');
    expect(readToken()).toBe('from-storage');
    setCookie('token', 'from-cookie');
    expect(readToken()).toBe('from-cookie');
    clearToken();
  });

  it('saves a session cookie without remember-me', () => {
    const writes = spyCookieWrites();
    saveToken('t1');
    expect(writes.at(-1)).toMatch(/^token=t1; path=\//);
    expect(localStorage.getItem('token')).toBe('t1');
    clearToken();
  });

  it('keeps the cookie 365 days with remember-me', () => {
    localStorage.setItem('loginInfo', JSON.stringify({ isChecked: true }));
    const writes = spyCookieWrites();
    const now = Date.UTC(2026, 0, 1);
    saveToken('t2', now);
    expect(writes.at(-1)).toContain(`expires=${new Date(now + 365 * 86_400_000).toUTCString()}`);
    clearToken();
  });

  it('clears cookie, storage and cached user info', () => {
    saveToken('t3');
    localStorage.setItem('userInfo', '{}');
    clearToken();
    expect(getCookie('token')).toBeUndefined();
    expect(readToken()).toBeUndefined();
    expect(localStorage.getItem('userInfo')).toBeNull();
  });

  it('reloads when the tab comes back holding another token', () => {
    const reload = vi.fn();
    const stop = watchTokenOnFocus(reload);
    saveToken('before');
    window.dispatchEvent(new Event('blur'));
    window.dispatchEvent(new Event('focus'));
    expect(reload).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('blur'));
    saveToken('signed-in-elsewhere');
    window.dispatchEvent(new Event('focus'));
    expect(reload).toHaveBeenCalledTimes(1);
    stop();
    clearToken();
  });
});

describe('cookie check', () => {
  it('finds cookies usable in a normal browser and not when navigator says they are off', async () => {
    const { areCookiesUsable } = await import('./cookies.ts');
    expect(areCookiesUsable()).toBe(true);
    expect(document.cookie).not.toContain('cookie_probe');
    vi.spyOn(navigator, 'cookieEnabled', 'get').mockReturnValue(false);
    expect(areCookiesUsable()).toBe(false);
  });

  it('finds cookies unusable when a written cookie does not stick', async () => {
    const { areCookiesUsable } = await import('./cookies.ts');
    vi.spyOn(document, 'cookie', 'set').mockImplementation(() => undefined);
    expect(areCookiesUsable()).toBe(false);
  });
});
