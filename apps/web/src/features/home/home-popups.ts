import type { Notice, PopActivity } from '@site/contract';
import { local, readJson, session, storageKeys } from '../../lib/storage.ts';

/** Seconds before 我已了解 can be pressed. */
export const securityNoticeCountdownSeconds = 3;

/** The security notice shows once per browser session. */
export function takeSecurityNoticeTurn(): boolean {
  if (session.get(storageKeys.securityNoticeShown) === '1') {
    return false;
  }
  session.set(storageKeys.securityNoticeShown, '1');
  return true;
}

function seenPopupNoticeIds(): number[] {
  const stored = readJson(local.get(storageKeys.seenPopupNotices));
  return Array.isArray(stored) ? stored.filter((id): id is number => typeof id === 'number') : [];
}

/** Popup notices (category 2) the browser has not shown before; marks them shown. */
export function takeUnseenPopupNotices(notices: readonly Notice[]): Notice[] {
  const seen = new Set(seenPopupNoticeIds());
  const unseen = notices.filter((notice) => !seen.has(notice.id));
  if (unseen.length > 0) {
    local.set(storageKeys.seenPopupNotices, JSON.stringify([...seen, ...unseen.map((notice) => notice.id)]));
  }
  return unseen;
}

/** Pop-up activities show once per session. */
export function takePopActivities(activities: readonly PopActivity[]): readonly PopActivity[] {
  if (activities.length === 0 || session.get(storageKeys.popActivitiesShown) === '1') {
    return [];
  }
  session.set(storageKeys.popActivitiesShown, '1');
  return activities;
}
