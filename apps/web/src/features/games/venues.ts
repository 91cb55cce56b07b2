import { type GameCategory, sportsbookPagePaths, type VenueView } from '@site/contract';
import { gameCategorySlugs } from '../../lib/paths.ts';
import { local, storageKeys } from '../../lib/storage.ts';

export function categoryPath(category: GameCategory): string {
  return `/game/${gameCategorySlugs[category]}`;
}

/** Venues played on a page of our own rather than launched: the CP venue is the lottery hall. */
const ownPageCategories: ReadonlySet<GameCategory> = new Set(['CP']);

/** The page an in-house venue is played on, instead of a launch into the frame. */
export function ownPageOf(venue: Pick<VenueView, 'category'>): string | undefined {
  return ownPageCategories.has(venue.category) ? categoryPath(venue.category) : undefined;
}

/**
 * The frame page word of venues whose page spec section 2 names (the protected fragments);
 * every other venue's frame uses its code in lower case.
 */
const frameWords: Record<string, string> = {
  IMTY: 'im',
  YBTY: 'ob',
  FBTY: 'V188',
  YBDJ: 'ybdj',
  IMDJ: 'imdj',
  LHDJ: 'lhdj',
};

export function frameWordOf(venueCode: string): string {
  return frameWords[venueCode] ?? venueCode.toLowerCase();
}

/** The venue a frame word on a category's page stands for, if one of `venues` has it. */
export function venueOfFrame(venues: readonly VenueView[], word: string): VenueView | undefined {
  return venues.find((venue) => frameWordOf(venue.code) === word);
}

/** A launch address that is our own sportsbook's page on this site (`/game/sport/book?venue=…`). */
export function isSportsbookPage(url: string): boolean {
  return Object.values(sportsbookPagePaths).some((path) => url === path || url.startsWith(`${path}?`));
}

/** `/game/sport/im?url=…`: the frame page showing a launched venue. */
export function framePath(venue: Pick<VenueView, 'code' | 'category'>, url: string, isDemo = false): string {
  const query = new URLSearchParams({ url });
  if (isDemo) {
    query.set('demo', '1');
  }
  return `${categoryPath(venue.category)}/${frameWordOf(venue.code)}?${query.toString()}`;
}

/**
 * The last launch failure of each venue launch key (spec section 2 stored values), kept in local
 * storage so the tile still says why after a reload; a successful launch clears it.
 */
const failureKey = (venueCode: string) => `${storageKeys.venueLaunchFailurePrefix}${venueCode}`;

export const launchFailures = {
  read: (venueCode: string): string | undefined => local.get(failureKey(venueCode)) ?? undefined,
  save: (venueCode: string, message: string) => local.set(failureKey(venueCode), message),
  clear: (venueCode: string) => local.remove(failureKey(venueCode)),
};

/** Relaunch debounce (spec section 9): taps on one venue within this long of the last count once. */
export const relaunchDebounceMs = 1000;

/** A leading-edge guard per key: true when `key` last passed at least `windowMs` ago. */
export function createLaunchGate(windowMs: number, now: () => number = Date.now) {
  const lastAt = new Map<string, number>();
  return (key: string): boolean => {
    const at = now();
    const last = lastAt.get(key);
    if (last !== undefined && at - last < windowMs) {
      return false;
    }
    lastAt.set(key, at);
    return true;
  };
}
