import { describe, expect, it } from 'vitest';
import { captureEntryParams } from './entry-params.ts';
import { chooseH5, h5ChoiceDays, mobileRedirectTarget } from './mobile-redirect.ts';

const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const android = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36';
const desktop = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120 Safari/537.36';
const now = Date.UTC(2026, 10, 23, 12);
const day = 86_400_000;
const fromOutside = { referrer: '', now };

function at(path: string) {
  const url = new URL(path, 'https://site.example');
  return { pathname: url.pathname, search: url.search, hash: url.hash, href: url.href, origin: url.origin };
}

describe('mobile redirect', () => {
  it('sends mobile user agents to /download-page after saving the path and URL', () => {
    expect(mobileRedirectTarget(at('/download?x=1#top'), iphone, fromOutside)).toBe('/download-page');
    expect(sessionStorage.getItem('redirectPath')).toBe('/download?x=1#top');
    expect(sessionStorage.getItem('redirectUrl')).toBe('https://site.example/download?x=1#top');
    expect(mobileRedirectTarget(at('/'), android, fromOutside)).toBe('/download-page');
  });

  it('leaves desktop browsers where they are', () => {
    expect(mobileRedirectTarget(at('/'), desktop, fromOutside)).toBeUndefined();
    expect(sessionStorage.getItem('redirectPath')).toBeNull();
  });

  it('does not redirect the landing page to itself', () => {
    expect(mobileRedirectTarget(at('/download-page'), iphone, fromOutside)).toBeUndefined();
  });

  it('进入H5版 returns to the saved path and is not redirected again', () => {
    mobileRedirectTarget(at('/customer/main?from=ad'), iphone, fromOutside);
    expect(chooseH5(now)).toBe('/customer/main?from=ad');
    expect(mobileRedirectTarget(at('/customer/main?from=ad'), iphone, fromOutside)).toBeUndefined();
  });

  it('remembers 进入H5版 in this browser for 30 days, across sessions', () => {
    chooseH5(now);
    sessionStorage.clear();
    const later = (days: number) => ({ referrer: '', now: now + days * day });
    expect(mobileRedirectTarget(at('/mine/userInfo'), iphone, later(1))).toBeUndefined();
    expect(mobileRedirectTarget(at('/mine/userInfo'), iphone, later(h5ChoiceDays - 0.01))).toBeUndefined();
    expect(mobileRedirectTarget(at('/mine/userInfo'), iphone, later(h5ChoiceDays))).toBe('/download-page');
  });

  it('ignores a choice time that is not a time in the past', () => {
    localStorage.setItem('h5ChosenAt', 'yes');
    expect(mobileRedirectTarget(at('/'), iphone, fromOutside)).toBe('/download-page');
    localStorage.setItem('h5ChosenAt', String(now + day));
    expect(mobileRedirectTarget(at('/'), iphone, fromOutside)).toBe('/download-page');
  });

  it('never bounces a page opened from one of the site’s own pages', () => {
    const fromSite = { referrer: 'https://site.example/mine/userInfo', now };
    expect(mobileRedirectTarget(at('/customer/main'), iphone, fromSite)).toBeUndefined();
    expect(sessionStorage.getItem('redirectPath')).toBeNull();
    const fromElsewhere = { referrer: 'https://search.example/?q=site', now };
    expect(mobileRedirectTarget(at('/customer/main'), iphone, fromElsewhere)).toBe('/download-page');
    expect(mobileRedirectTarget(at('/'), iphone, { referrer: 'not a url', now })).toBe('/download-page');
  });

  it('goes home when nothing was saved', () => {
    expect(chooseH5(now)).toBe('/');
  });

  it('keeps the installed app (isApp) on the site', () => {
    captureEntryParams('?isApp=1');
    expect(mobileRedirectTarget(at('/'), iphone, fromOutside)).toBeUndefined();
  });
});
