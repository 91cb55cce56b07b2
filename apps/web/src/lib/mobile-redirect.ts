import { isMobileUserAgent } from './device.ts';
import { isAppSession } from './entry-params.ts';
import { session, storageKeys } from './storage.ts';

export const downloadLandingPath = '/download-page';

export interface EntryLocation {
  pathname: string;
  search: string;
  hash: string;
  href: string;
}

/**
 * Where a mobile visitor starts: the download landing page, after the path and URL they
 * came for are saved. Runs once at start-up; "进入H5版" marks the session so it never loops.
 * Returns the path to show instead, or undefined to stay.
 */
export function mobileRedirectTarget(location: EntryLocation, userAgent: string): string | undefined {
  if (!isMobileUserAgent(userAgent) || isAppSession() || session.get(storageKeys.h5Chosen) === '1') {
    return undefined;
  }
  if (location.pathname === downloadLandingPath) {
    return undefined;
  }
  session.set(storageKeys.redirectPath, `${location.pathname}${location.search}${location.hash}`);
  session.set(storageKeys.redirectUrl, location.href);
  return downloadLandingPath;
}

/** "进入H5版": remembers the choice for this session and answers the saved path. */
export function chooseH5(): string {
  session.set(storageKeys.h5Chosen, '1');
  const saved = session.get(storageKeys.redirectPath);
  return saved?.startsWith('/') && !saved.startsWith(downloadLandingPath) ? saved : '/';
}
