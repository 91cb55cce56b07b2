import { describe, expect, it } from 'vitest';
import { captureEntryParams } from './entry-params.ts';
import { chooseH5, mobileRedirectTarget } from './mobile-redirect.ts';

const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const android = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36';
const desktop = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120 Safari/537.36';

function at(path: string) {
  const url = new URL(path, 'https://site.example');
  return { pathname: url.pathname, search: url.search, hash: url.hash, href: url.href };
}

describe('mobile redirect', () => {
  it('sends mobile user agents to /download-page after saving the path and URL', () => {
    expect(mobileRedirectTarget(at('/download?x=1#top'), iphone)).toBe('/download-page');
    expect(sessionStorage.getItem('redirectPath')).toBe('/download?x=1#top');
    expect(sessionStorage.getItem('redirectUrl')).toBe('https://site.example/download?x=1#top');
    expect(mobileRedirectTarget(at('/'), android)).toBe('/download-page');
  });

  it('leaves desktop browsers where they are', () => {
    expect(mobileRedirectTarget(at('/'), desktop)).toBeUndefined();
    expect(sessionStorage.getItem('redirectPath')).toBeNull();
  });

  it('does not redirect the landing page to itself', () => {
    expect(mobileRedirectTarget(at('/download-page'), iphone)).toBeUndefined();
  });

  it('进入H5版 returns to the saved path and is not redirected again', () => {
    mobileRedirectTarget(at('/customer/main?from=ad'), iphone);
    expect(chooseH5()).toBe('/customer/main?from=ad');
    expect(mobileRedirectTarget(at('/customer/main?from=ad'), iphone)).toBeUndefined();
  });

  it('goes home when nothing was saved', () => {
    expect(chooseH5()).toBe('/');
  });

  it('keeps the installed app (isApp) on the site', () => {
    captureEntryParams('?isApp=1');
    expect(mobileRedirectTarget(at('/'), iphone)).toBeUndefined();
  });
});
