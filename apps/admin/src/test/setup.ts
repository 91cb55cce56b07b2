import '@ant-design/v5-patch-for-react-19';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// jsdom has neither media queries nor layout observers; antd's grid and tables ask for both.
window.matchMedia ??= (query: string) =>
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

class NoopObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
globalThis.ResizeObserver ??= NoopObserver;

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});
