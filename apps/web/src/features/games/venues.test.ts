import { describe, expect, it } from 'vitest';
import { protectedFragments } from '../../lib/paths.ts';
import {
  createLaunchGate,
  framePath,
  isSportsbookPage,
  launchFailures,
  ownPageOf,
  relaunchDebounceMs,
} from './venues.ts';

describe('venue frames', () => {
  it('puts the venues spec section 2 names behind its protected fragments', () => {
    const frames = [
      framePath({ code: 'IMTY', category: 'TY' }, 'https://v.example/a'),
      framePath({ code: 'YBTY', category: 'TY' }, 'https://v.example/a'),
      framePath({ code: 'FBTY', category: 'TY' }, 'https://v.example/a'),
      framePath({ code: 'YBDJ', category: 'DJ' }, 'https://v.example/a'),
      framePath({ code: 'IMDJ', category: 'DJ' }, 'https://v.example/a'),
      framePath({ code: 'LHDJ', category: 'DJ' }, 'https://v.example/a'),
    ];
    for (const frame of frames) {
      expect(
        protectedFragments.some((fragment) => frame.includes(fragment)),
        frame,
      ).toBe(true);
    }
    expect(frames[0]).toBe('/game/sport/im?url=https%3A%2F%2Fv.example%2Fa');
  });

  it("opens only our own sportsbook's pages without the frame", () => {
    expect(isSportsbookPage('/game/sport/book?venue=IMTY&device=h5')).toBe(true);
    expect(isSportsbookPage('/game/gaming/book?venue=YBDJ&device=pc')).toBe(true);
    expect(isSportsbookPage('/venue/zr/?token=t')).toBe(false);
    expect(isSportsbookPage('//evil.example/game/sport/book?venue=IMTY')).toBe(false);
    expect(isSportsbookPage('https://venue.example/game/sport/book')).toBe(false);
    expect(isSportsbookPage('/game/sport/bookmaker')).toBe(false);
  });

  it('names other venues by their code and marks demo play', () => {
    expect(framePath({ code: 'ZR', category: 'ZR' }, '/venue/zr/?token=t', true)).toBe(
      '/game/realbet/zr?url=%2Fvenue%2Fzr%2F%3Ftoken%3Dt&demo=1',
    );
  });
});

describe('relaunch debounce', () => {
  it('lets one launch of a venue through per 1000 ms, other venues unaffected', () => {
    let now = 10_000;
    const pass = createLaunchGate(relaunchDebounceMs, () => now);
    expect(pass('IMTY')).toBe(true);
    now += relaunchDebounceMs - 1;
    expect(pass('IMTY')).toBe(false);
    expect(pass('YBTY')).toBe(true);
    now += 1;
    expect(pass('IMTY')).toBe(true);
  });
});

describe('launch failures', () => {
  it('keeps the last message per venue launch key until cleared', () => {
    launchFailures.save('IMTY', '场馆维护中');
    launchFailures.save('YBTY', '余额不足');
    expect(launchFailures.read('IMTY')).toBe('场馆维护中');
    launchFailures.clear('IMTY');
    expect(launchFailures.read('IMTY')).toBeUndefined();
    expect(launchFailures.read('YBTY')).toBe('余额不足');
    launchFailures.clear('YBTY');
  });
});

describe('venues with a page of their own', () => {
  it('sends the 彩票 venue to the lottery hall and launches every other one', () => {
    expect(ownPageOf({ category: 'CP' })).toBe('/game/lottery');
    expect(ownPageOf({ category: 'TY' })).toBeUndefined();
    expect(ownPageOf({ category: 'ZR' })).toBeUndefined();
  });
});
