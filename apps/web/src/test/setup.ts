import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { setUpAntdRender } from '../lib/antd-render.ts';
import { clearModals } from '../lib/modal-store.ts';

setUpAntdRender();
// A page's queries answer later than 1 s when the whole suite shares the machine: findBy waits 5 s.
configure({ asyncUtilTimeout: 5_000 });

// jsdom has no layout: media queries answer "H5" unless a test says otherwise.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }) satisfies MediaQueryList;
}

class NoopObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
  takeRecords(): [] {
    return [];
  }
}
globalThis.ResizeObserver ??= NoopObserver as unknown as typeof ResizeObserver;
globalThis.IntersectionObserver ??= NoopObserver as unknown as typeof IntersectionObserver;

afterEach(() => {
  cleanup();
  clearModals();
  localStorage.clear();
  sessionStorage.clear();
  vi.useRealTimers();
  vi.restoreAllMocks();
});
