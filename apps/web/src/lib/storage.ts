/**
 * Safe access to Web Storage: with cookies blocked the browser throws on `localStorage`
 * access, and the cookie-warning page must still render.
 */
export const storageKeys = {
  token: 'token',
  deviceUuid: 'deviceUuid',
  loginInfo: 'loginInfo',
  userInfo: 'userInfo',
  preInfoData: 'preInfoData',
  agentVerify: 'agent_verify',
  appdownToken: 'appdown-token',
  referralPrefix: 'referral:',
  noticeReadAt: 'noticeReadAt',
  seenPopupNotices: 'seenPopupNotices',
  accessCaveatSkip: 'accessCaveatSkip',
  /** When this browser chose 进入H5版 (ms), remembered for 30 days. */
  h5ChosenAt: 'h5ChosenAt',
  /** Home popups dismissed with 今日不再提示: kind → the local day. */
  popupsSnoozedOn: 'popupsSnoozedOn',
  /** The last launch-failure message of a venue: prefix + venue code (spec section 2). */
  venueLaunchFailurePrefix: 'venueLaunchFailure:',
  /** The sportsbook's odds display: Hongkong, Europe, Malay or Indonesia. */
  sportsbookOddsFormat: 'sportsbookOddsFormat',
  /* session storage */
  isApp: 'isApp',
  redirectPath: 'redirectPath',
  redirectUrl: 'redirectUrl',
  securityNoticeShown: 'securityNoticeShown',
  popActivitiesShown: 'popActivitiesShown',
  /** The venue the sportsbook was launched from, per scope: prefix + TY or DJ. */
  sportsbookVenuePrefix: 'sportsbookVenue:',
  /** Set while the page reloads after a chunk failed to load (see app/lazy-page.tsx). */
  chunkReload: 'chunkReload',
} as const;

type StorageArea = 'localStorage' | 'sessionStorage';

function area(name: StorageArea): Storage | undefined {
  try {
    return globalThis[name];
  } catch {
    return undefined;
  }
}

function makeStore(name: StorageArea) {
  return {
    get(key: string): string | null {
      try {
        return area(name)?.getItem(key) ?? null;
      } catch {
        return null;
      }
    },
    set(key: string, value: string): void {
      try {
        area(name)?.setItem(key, value);
      } catch {
        // Storage full or blocked: the value only lives for this page view.
      }
    },
    remove(key: string): void {
      try {
        area(name)?.removeItem(key);
      } catch {
        // Blocked storage holds nothing to remove.
      }
    },
  };
}

export const local = makeStore('localStorage');
export const session = makeStore('sessionStorage');

export function readJson(raw: string | null): unknown {
  if (raw === null) {
    return undefined;
  }
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}
