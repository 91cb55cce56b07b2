import { adoptEntryToken, captureEntryParams } from '../lib/entry-params.ts';
import { mobileRedirectTarget } from '../lib/mobile-redirect.ts';
import { captureInstallPrompt } from '../lib/pwa-install.ts';

/** Query params that carry a session: taken out of the address bar at once, whatever happens to it. */
const sessionParams = ['token', 'appdown-token'];

/**
 * Start-up, before the first render: store what the entry URL carries and take the token out
 * of the address bar at once (signing in with it may first ask to switch accounts), then send
 * mobile visitors to the download landing page (it saves where they were going) unless they
 * chose 进入H5版 in the last 30 days or came from one of the site's own pages.
 */
export function bootShell(
  win: Window = window,
  now = Date.now(),
  reload = () => win.location.reload(),
): void {
  const entryToken = captureEntryParams(win.location.search, now);
  const url = new URL(win.location.href);
  if (sessionParams.some((param) => url.searchParams.has(param))) {
    for (const param of sessionParams) {
      url.searchParams.delete(param);
    }
    win.history.replaceState(win.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  }
  if (entryToken) {
    void adoptEntryToken(entryToken, { reload, now });
  }
  const target = mobileRedirectTarget(win.location, win.navigator.userAgent, {
    referrer: win.document.referrer,
    now,
  });
  if (target) {
    win.history.replaceState(null, '', target);
  }
  captureInstallPrompt(win);
}
