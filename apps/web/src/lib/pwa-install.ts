import { useSyncExternalStore } from 'react';

/** Chromium's install prompt event (not in the DOM typings). */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let deferredPrompt: InstallPromptEvent | undefined;
let isInstalled = false;
const listeners = new Set<() => void>();

function changed(): void {
  for (const listener of listeners) {
    listener();
  }
}

/** Keeps the browser's install prompt from start-up, so the download pages can offer it. */
export function captureInstallPrompt(target: Window = window): void {
  target.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferredPrompt = event as InstallPromptEvent;
    changed();
  });
  target.addEventListener('appinstalled', () => {
    deferredPrompt = undefined;
    isInstalled = true;
    changed();
  });
}

export async function promptInstall(): Promise<boolean> {
  const event = deferredPrompt;
  if (!event) {
    return false;
  }
  deferredPrompt = undefined;
  changed();
  await event.prompt();
  return (await event.userChoice).outcome === 'accepted';
}

type InstallState = 'available' | 'installed' | 'unavailable';

function snapshot(): InstallState {
  if (isInstalled) {
    return 'installed';
  }
  return deferredPrompt ? 'available' : 'unavailable';
}

export function useInstallState(): InstallState {
  return useSyncExternalStore((listener) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }, snapshot);
}
