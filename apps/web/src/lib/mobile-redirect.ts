import { isMobileUserAgent } from './device.ts';
import { isAppSession } from './entry-params.ts';
import { local, session, storageKeys } from './storage.ts';

export const downloadLandingPath = '/download-page';

/** How long this browser remembers 进入H5版. */
export const h5ChoiceDays = 30;
const dayMs = 86_400_000;

export interface EntryLocation {
  pathname: string;
  search: string;
  hash: string;
  href: string;
  origin: string;
}

function hasChosenH5(now: number): boolean {
  const chosenAt = Number(local.get(storageKeys.h5ChosenAt));
  return chosenAt > 0 && chosenAt <= now && now - chosenAt < h5ChoiceDays * dayMs;
}

/** A page the site itself opened: a link or a new window (客服) from one of its own pages. */
function isOpenedFromSite(referrer: string, origin: string): boolean {
  if (referrer === '') {
    return false;
  }
  try {
    return new URL(referrer).origin === origin;
  } catch {
    return false;
  }
}

/**
 * Where a mobile visitor starts: the download landing page, after the path and URL they
 * came for are saved. Runs once at start-up. A browser that chose 进入H5版 in the last 30
 * days, the installed app, and pages opened from the site's own pages stay where they are.
 * Returns the path to show instead, or undefined to stay.
 */
export function mobileRedirectTarget(
  location: EntryLocation,
  userAgent: string,
  entry: { referrer: string; now: number },
): string | undefined {
  if (
    !isMobileUserAgent(userAgent) ||
    isAppSession() ||
    hasChosenH5(entry.now) ||
    isOpenedFromSite(entry.referrer, location.origin) ||
    location.pathname === downloadLandingPath
  ) {
    return undefined;
  }
  session.set(storageKeys.redirectPath, `${location.pathname}${location.search}${location.hash}`);
  session.set(storageKeys.redirectUrl, location.href);
  return downloadLandingPath;
}

/** "进入H5版": remembers the choice in this browser for 30 days and answers the saved path. */
export function chooseH5(now = Date.now()): string {
  local.set(storageKeys.h5ChosenAt, String(now));
  const saved = session.get(storageKeys.redirectPath);
  return saved?.startsWith('/') && !saved.startsWith(downloadLandingPath) ? saved : '/';
}
