import { lazy, Suspense, startTransition, useEffect, useState, useSyncExternalStore } from 'react';
import { modalSnapshot, subscribeModals } from './modal-store.ts';

// antd's Dialog brings its animation library: it loads with the first modal, not with the page.
const ModalDialog = lazy(() =>
  import('./modal-dialog.tsx').then((module) => ({ default: module.ModalDialog })),
);

/** The browser gets this long at most to find an idle moment after the load event. */
const settleTimeoutMs = 2_000;
let isPageSettled = false;

/**
 * True once the page has loaded, the app has drawn it and the browser has had an idle moment.
 * Dialogs that pop up on arrival (the security notice, welcome notices) wait for it, so that the
 * page paints and answers taps first instead of sharing a slow phone's first seconds with the
 * dialog and its animation. The wait starts when the host has mounted: the load event can come
 * before React has drawn anything, as the first render is a transition (main.tsx).
 */
function useIsPageSettled(): boolean {
  const [isSettled, setSettled] = useState(isPageSettled);
  useEffect(() => {
    if (isSettled) {
      return;
    }
    const settle = () => {
      isPageSettled = true;
      // The dialog's first render yields to the page like the page's own did.
      startTransition(() => setSettled(true));
    };
    let cancelIdle: () => void = () => undefined;
    const waitForIdle = () => {
      if (typeof window.requestIdleCallback === 'function') {
        const handle = window.requestIdleCallback(settle, { timeout: settleTimeoutMs });
        cancelIdle = () => window.cancelIdleCallback(handle);
      } else {
        const timer = window.setTimeout(settle, 0);
        cancelIdle = () => window.clearTimeout(timer);
      }
    };
    if (document.readyState === 'complete') {
      waitForIdle();
    } else {
      window.addEventListener('load', waitForIdle, { once: true });
    }
    return () => {
      window.removeEventListener('load', waitForIdle);
      cancelIdle();
    };
  }, [isSettled]);
  return isSettled;
}

/** Renders the modal service's dialogs, one at a time, once the page has settled; mounted once at the root. */
export function ModalHost() {
  const entries = useSyncExternalStore(subscribeModals, modalSnapshot);
  const isSettled = useIsPageSettled();
  const current = entries[0];
  return current && isSettled ? (
    <Suspense fallback={null}>
      <ModalDialog key={current.id} entry={current} />
    </Suspense>
  ) : null;
}
