import { describe, expect, it } from 'vitest';
import { createPopupQueue, isSnoozedToday, snoozeForToday, takeSecurityNoticeTurn } from './home-popups.ts';

/** 2026-11-23 in the test's local time zone. */
const morning = new Date(2026, 10, 23, 8, 0).getTime();
const lateEvening = new Date(2026, 10, 23, 23, 59).getTime();
const nextMidnight = new Date(2026, 10, 24, 0, 0).getTime();

/** A popup's show(): notes its name, then answers whether 今日不再提示 was ticked. */
function showing(shown: string[], name: string, answer: Promise<boolean> = Promise.resolve(false)) {
  return () => {
    shown.push(name);
    return answer;
  };
}

function deferred() {
  let resolve: (isSnoozed: boolean) => void = () => undefined;
  const promise = new Promise<boolean>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

describe('home popups', () => {
  it('今日不再提示 silences a kind until the local day ends', () => {
    snoozeForToday('notices', morning);
    expect(isSnoozedToday('notices', lateEvening)).toBe(true);
    expect(isSnoozedToday('security', lateEvening)).toBe(false);
    expect(isSnoozedToday('notices', nextMidnight)).toBe(false);
  });

  it('the security notice takes one turn a session, none while silenced for today', () => {
    expect(takeSecurityNoticeTurn(morning)).toBe(true);
    expect(takeSecurityNoticeTurn(morning)).toBe(false);
    sessionStorage.clear();
    snoozeForToday('security', morning);
    expect(takeSecurityNoticeTurn(lateEvening)).toBe(false);
    expect(takeSecurityNoticeTurn(nextMidnight)).toBe(true);
  });

  it('shows one popup at a time, in order, skipping kinds silenced meanwhile', async () => {
    const queue = createPopupQueue(() => morning);
    const shown: string[] = [];
    const security = deferred();
    const firstNotice = deferred();
    const done = [
      queue.add({ kind: 'security', show: showing(shown, 'security', security.promise) }),
      queue.add({ kind: 'notices', show: showing(shown, 'notice 1', firstNotice.promise) }),
      queue.add({ kind: 'notices', show: showing(shown, 'notice 2') }),
      queue.add({ kind: 'activities', show: showing(shown, 'activity') }),
    ];
    await Promise.resolve();
    expect(shown).toEqual(['security']);
    security.resolve(false);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(shown).toEqual(['security', 'notice 1']);
    firstNotice.resolve(true);
    await Promise.all(done);
    expect(shown).toEqual(['security', 'notice 1', 'activity']);
    expect(isSnoozedToday('notices', morning)).toBe(true);
    expect(isSnoozedToday('security', morning)).toBe(false);
  });

  it('shows nothing more once stopped (the home page left), and marks nothing shown', async () => {
    const queue = createPopupQueue(() => morning);
    const shown: string[] = [];
    queue.stop();
    await queue.add({
      kind: 'notices',
      onShow: () => shown.push('marked'),
      show: showing(shown, 'notice'),
    });
    expect(shown).toEqual([]);
  });
});
