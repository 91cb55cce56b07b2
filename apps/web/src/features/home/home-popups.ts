import type { Notice, PopActivity } from '@site/contract';
import { local, readJson, session, storageKeys } from '../../lib/storage.ts';

/** Seconds before 我已了解 can be pressed. */
export const securityNoticeCountdownSeconds = 3;

/** The kinds of home popup; 今日不再提示 silences one kind until the local day ends. */
export type PopupKind = 'security' | 'notices' | 'activities';

/** The local calendar day, as YYYY-MM-DD. */
function localDay(now: number): string {
  const date = new Date(now);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

function snoozedDays(): Partial<Record<PopupKind, string>> {
  const stored = readJson(local.get(storageKeys.popupsSnoozedOn));
  if (typeof stored !== 'object' || stored === null) {
    return {};
  }
  const days: Partial<Record<PopupKind, string>> = {};
  for (const kind of ['security', 'notices', 'activities'] as const) {
    const day: unknown = Reflect.get(stored, kind);
    if (typeof day === 'string') {
      days[kind] = day;
    }
  }
  return days;
}

export function isSnoozedToday(kind: PopupKind, now = Date.now()): boolean {
  return snoozedDays()[kind] === localDay(now);
}

/** 今日不再提示: this kind of popup stays away for the rest of the local day. */
export function snoozeForToday(kind: PopupKind, now = Date.now()): void {
  local.set(storageKeys.popupsSnoozedOn, JSON.stringify({ ...snoozedDays(), [kind]: localDay(now) }));
}

/** The security notice shows once per browser session, unless silenced for today. */
export function takeSecurityNoticeTurn(now = Date.now()): boolean {
  if (isSnoozedToday('security', now) || session.get(storageKeys.securityNoticeShown) === '1') {
    return false;
  }
  session.set(storageKeys.securityNoticeShown, '1');
  return true;
}

function seenPopupNoticeIds(): number[] {
  const stored = readJson(local.get(storageKeys.seenPopupNotices));
  return Array.isArray(stored) ? stored.filter((id): id is number => typeof id === 'number') : [];
}

/** Popup notices (category 2) this browser has not shown yet. */
export function unseenPopupNotices(notices: readonly Notice[]): Notice[] {
  const seen = new Set(seenPopupNoticeIds());
  return notices.filter((notice) => !seen.has(notice.id));
}

/** Marks a popup notice shown, so it never pops up again in this browser. */
export function markPopupNoticeSeen(id: number): void {
  const seen = seenPopupNoticeIds();
  if (!seen.includes(id)) {
    local.set(storageKeys.seenPopupNotices, JSON.stringify([...seen, id]));
  }
}

/** Pop-up activities show once per session. */
export function takePopActivities(activities: readonly PopActivity[]): readonly PopActivity[] {
  if (activities.length === 0 || session.get(storageKeys.popActivitiesShown) === '1') {
    return [];
  }
  session.set(storageKeys.popActivitiesShown, '1');
  return activities;
}

export interface QueuedPopup {
  kind: PopupKind;
  /** Runs as the popup shows (marks it seen). */
  onShow?: () => void;
  /** Shows the popup; resolves once it is closed, with whether 今日不再提示 was ticked. */
  show: () => Promise<boolean>;
}

/**
 * Home popups one at a time, in the order they were added: each waits until the one before
 * is closed. A kind silenced with 今日不再提示 meanwhile is skipped, and so is everything while
 * the queue is stopped (the home page left); popups not shown stay unseen for the next visit.
 */
export function createPopupQueue(now: () => number = Date.now) {
  let tail: Promise<void> = Promise.resolve();
  let isStopped = false;
  return {
    add(popup: QueuedPopup): Promise<void> {
      tail = tail.then(async () => {
        if (isStopped || isSnoozedToday(popup.kind, now())) {
          return;
        }
        popup.onShow?.();
        if (await popup.show()) {
          snoozeForToday(popup.kind, now());
        }
      });
      return tail;
    },
    start(): void {
      isStopped = false;
    },
    stop(): void {
      isStopped = true;
    },
  };
}
