import type { StationAd } from '@site/contract';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BannerCarousel, bannerIntervalMs } from './ad-carousel.tsx';

const ads: StationAd[] = [
  { id: 1, title: '体育赛事', imageUrl: '/media/1.svg', linkUrl: '/mine' },
  { id: 2, title: '真人视讯', imageUrl: '/media/2.svg', linkUrl: '' },
  { id: 3, title: '电子游艺', imageUrl: '/media/3.svg', linkUrl: 'https://example.com/promo' },
];

const scrollTo = vi.fn();

function renderCarousel(items: readonly StationAd[] = ads) {
  return render(
    <MemoryRouter>
      <BannerCarousel ads={items} />
    </MemoryRouter>,
  );
}

function currentDot(): string | null {
  return document.querySelector('.ad-carousel__dot[aria-current="true"]')?.getAttribute('aria-label') ?? null;
}

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

function reduceMotion(isReduced: boolean) {
  const matchMedia = window.matchMedia;
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({
    ...matchMedia(query),
    matches: isReduced && query.includes('prefers-reduced-motion'),
  }));
}

beforeEach(() => {
  vi.useFakeTimers();
  scrollTo.mockClear();
  Element.prototype.scrollTo = scrollTo;
});
afterEach(() => {
  Reflect.deleteProperty(Element.prototype, 'scrollTo');
});

describe('banner carousel', () => {
  it('shows every banner as a labelled slide, the first fetched first, with a dot button each', () => {
    renderCarousel();
    expect(screen.getByRole('region', { name: '广告' }).getAttribute('aria-roledescription')).toBe(
      'carousel',
    );
    const images = screen.getAllByRole('img');
    expect(images.map((image) => image.getAttribute('alt'))).toEqual(['体育赛事', '真人视讯', '电子游艺']);
    expect(images.map((image) => image.getAttribute('fetchpriority'))).toEqual(['high', 'auto', 'auto']);
    expect(images.map((image) => image.getAttribute('loading'))).toEqual(['eager', 'lazy', 'lazy']);
    expect(screen.getByRole('group', { name: '第 2 张，共 3 张' })).toBeTruthy();
    // A keyboard reaches the strip and scrolls it, even when no banner holds a link.
    expect(screen.getByRole('group', { name: '第 1 张，共 3 张' }).parentElement?.tabIndex).toBe(0);
    expect(screen.getAllByRole('button').map((dot) => dot.getAttribute('aria-label'))).toEqual([
      '第 1 张，共 3 张',
      '第 2 张，共 3 张',
      '第 3 张，共 3 张',
    ]);
    expect(currentDot()).toBe('第 1 张，共 3 张');
    expect(screen.getByRole('link', { name: '电子游艺' }).getAttribute('href')).toBe(
      'https://example.com/promo',
    );
  });

  it('moves on every 3 s and wraps from the last banner to the first', async () => {
    reduceMotion(false);
    renderCarousel();
    await advance(bannerIntervalMs - 1);
    expect(currentDot()).toBe('第 1 张，共 3 张');
    await advance(1);
    expect(currentDot()).toBe('第 2 张，共 3 张');
    expect(scrollTo).toHaveBeenLastCalledWith({ left: 0, behavior: 'smooth' });
    await advance(bannerIntervalMs);
    expect(currentDot()).toBe('第 3 张，共 3 张');
    await advance(bannerIntervalMs);
    expect(currentDot()).toBe('第 1 张，共 3 张');
  });

  it('waits while a mouse is over it or focus is inside, and goes on after', async () => {
    renderCarousel();
    const carousel = screen.getByRole('region', { name: '广告' });
    fireEvent.pointerEnter(carousel, { pointerType: 'mouse' });
    await advance(bannerIntervalMs * 2);
    expect(currentDot()).toBe('第 1 张，共 3 张');
    expect(
      screen.getByRole('group', { name: '第 1 张，共 3 张' }).parentElement?.getAttribute('aria-live'),
    ).toBe('polite');
    fireEvent.pointerLeave(carousel, { pointerType: 'mouse' });
    screen.getByRole('link', { name: '电子游艺' }).focus();
    await advance(bannerIntervalMs * 2);
    expect(currentDot()).toBe('第 1 张，共 3 张');
    screen.getByRole('link', { name: '电子游艺' }).blur();
    await advance(bannerIntervalMs);
    expect(currentDot()).toBe('第 2 张，共 3 张');
  });

  it('waits while a finger is on it', async () => {
    renderCarousel();
    const carousel = screen.getByRole('region', { name: '广告' });
    fireEvent.touchStart(carousel);
    await advance(bannerIntervalMs * 2);
    expect(currentDot()).toBe('第 1 张，共 3 张');
    fireEvent.touchEnd(carousel);
    await advance(bannerIntervalMs);
    expect(currentDot()).toBe('第 2 张，共 3 张');
  });

  it('goes to the banner whose dot is pressed', () => {
    renderCarousel();
    fireEvent.click(screen.getByRole('button', { name: '第 3 张，共 3 张' }));
    expect(currentDot()).toBe('第 3 张，共 3 张');
    expect(scrollTo).toHaveBeenCalledTimes(1);
  });

  it('never moves by itself when the player asks for reduced motion, and jumps without animation', async () => {
    reduceMotion(true);
    renderCarousel();
    await advance(bannerIntervalMs * 3);
    expect(currentDot()).toBe('第 1 张，共 3 张');
    fireEvent.click(screen.getByRole('button', { name: '第 2 张，共 3 张' }));
    expect(scrollTo).toHaveBeenLastCalledWith({ left: 0, behavior: 'instant' });
  });

  it('shows one banner without dots and without autoplay', async () => {
    renderCarousel(ads.slice(0, 1));
    expect(screen.queryAllByRole('button')).toEqual([]);
    await advance(bannerIntervalMs * 2);
    expect(scrollTo).not.toHaveBeenCalled();
  });
});
