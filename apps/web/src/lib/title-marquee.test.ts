import { afterEach, describe, expect, it, vi } from 'vitest';
import { scrollTitle, startTitleMarquee } from './title-marquee.ts';

function setHidden(isHidden: boolean) {
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => isHidden });
}

describe('title marquee', () => {
  afterEach(() => setHidden(false));

  it('moves the first character to the end', () => {
    expect(scrollTitle('星河娱乐')).toBe('河娱乐星');
  });

  it('scrolls a title of 27 or more width units every 350 ms', () => {
    vi.useFakeTimers();
    const title = '星河娱乐体育真人电子彩票棋牌a'; // 13 CJK = 26 units + 1 = 27
    const stop = startTitleMarquee(title);
    expect(document.title).toBe(title);
    vi.advanceTimersByTime(349);
    expect(document.title).toBe(title);
    vi.advanceTimersByTime(1);
    expect(document.title).toBe(scrollTitle(title));
    vi.advanceTimersByTime(350);
    expect(document.title).toBe(scrollTitle(scrollTitle(title)));
    stop();
    vi.advanceTimersByTime(3_500);
    expect(document.title).toBe(scrollTitle(scrollTitle(title)));
  });

  it('keeps a shorter title still', () => {
    vi.useFakeTimers();
    const title = '星河娱乐体育真人电子彩票棋牌'; // 26 units
    startTitleMarquee(title);
    vi.advanceTimersByTime(5_000);
    expect(document.title).toBe(title);
  });

  it('pauses while the tab is hidden', () => {
    vi.useFakeTimers();
    const title = 'AveryLongSiteTitleForTheMarqueeTest';
    const stop = startTitleMarquee(title);
    setHidden(true);
    vi.advanceTimersByTime(3_500);
    expect(document.title).toBe(title);
    setHidden(false);
    vi.advanceTimersByTime(350);
    expect(document.title).toBe(scrollTitle(title));
    stop();
  });
});
