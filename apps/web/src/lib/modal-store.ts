import { modalDefaults, modalLeaveAnimationMs } from '@site/contract';
import type { ReactNode } from 'react';
import { messages } from './messages.ts';

export interface ModalOptions {
  title?: ReactNode;
  content: ReactNode;
  confirmText?: string;
  cancelText?: string;
  /** Seconds the confirm button stays disabled, counting down in its text: 我已了解(3s). */
  countdownSeconds?: number;
  width?: number;
}

export type ModalKind = 'alert' | 'confirm' | 'info';

export interface ModalEntry {
  id: number;
  kind: ModalKind;
  title: ReactNode;
  content: ReactNode;
  confirmText: string;
  cancelText: string | undefined;
  countdownSeconds: number;
  width: number;
  isVisible: boolean;
}

type Listener = () => void;

let entries: readonly ModalEntry[] = [];
let nextId = 1;
const listeners = new Set<Listener>();
const resolvers = new Map<number, (isConfirmed: boolean) => void>();

function publish(next: readonly ModalEntry[]): void {
  entries = next;
  for (const listener of listeners) {
    listener();
  }
}

export function subscribeModals(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function modalSnapshot(): readonly ModalEntry[] {
  return entries;
}

function open(kind: ModalKind, options: ModalOptions, cancelText: string | undefined): Promise<boolean> {
  const entry: ModalEntry = {
    id: nextId++,
    kind,
    title: kind === 'info' ? undefined : (options.title ?? modalDefaults.title),
    content: options.content,
    confirmText: options.confirmText ?? modalDefaults.confirmText,
    cancelText,
    countdownSeconds: options.countdownSeconds ?? 0,
    width: options.width ?? modalDefaults.width,
    isVisible: true,
  };
  publish([...entries, entry]);
  return new Promise((resolve) => resolvers.set(entry.id, resolve));
}

/** Closes a modal: answers its caller now, removes it once the leave animation is over. */
export function settleModal(id: number, isConfirmed: boolean): void {
  resolvers.get(id)?.(isConfirmed);
  resolvers.delete(id);
  publish(entries.map((entry) => (entry.id === id ? { ...entry, isVisible: false } : entry)));
  setTimeout(() => publish(entries.filter((entry) => entry.id !== id)), modalLeaveAnimationMs);
}

/** The shared modal service: one dialog at a time, the rest wait their turn. */
export const modal = {
  alert: (options: ModalOptions): Promise<void> => open('alert', options, undefined).then(() => undefined),
  info: (options: ModalOptions): Promise<void> => open('info', options, undefined).then(() => undefined),
  confirm: (options: ModalOptions): Promise<boolean> =>
    open('confirm', options, options.cancelText ?? messages.common.cancel),
};

/** Dismisses every dialog at once (each caller hears "not confirmed"). */
export function clearModals(): void {
  for (const resolve of resolvers.values()) {
    resolve(false);
  }
  resolvers.clear();
  publish([]);
}
