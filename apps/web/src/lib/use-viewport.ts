import { useSyncExternalStore } from 'react';

export const desktopMinWidthPx = 768;
const desktopQuery = `(min-width: ${desktopMinWidthPx}px)`;

function subscribe(onChange: () => void): () => void {
  const list = window.matchMedia(desktopQuery);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

function isDesktopNow(): boolean {
  return window.matchMedia(desktopQuery).matches;
}

/** Desktop site at 768px and wider, H5 layout below. */
export function useIsDesktop(): boolean {
  return useSyncExternalStore(subscribe, isDesktopNow);
}
