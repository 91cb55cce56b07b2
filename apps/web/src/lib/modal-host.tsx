import { Dialog, type DialogProps } from 'antd-mobile';
import { type CSSProperties, useEffect, useState, useSyncExternalStore } from 'react';
import { messages } from './messages.ts';
import { type ModalEntry, modalSnapshot, settleModal, subscribeModals } from './modal-store.ts';

type Action = Extract<NonNullable<DialogProps['actions']>[number], { key: unknown }>;

function useCountdown(seconds: number): number {
  const [remaining, setRemaining] = useState(seconds);
  const isCounting = remaining > 0;
  useEffect(() => {
    if (!isCounting) {
      return;
    }
    const timer = setInterval(() => setRemaining((current) => Math.max(0, current - 1)), 1_000);
    return () => clearInterval(timer);
  }, [isCounting]);
  return remaining;
}

function ModalDialog({ entry }: { entry: ModalEntry }) {
  const remaining = useCountdown(entry.countdownSeconds);
  const confirm: Action = {
    key: 'confirm',
    text: remaining > 0 ? messages.common.countdown(entry.confirmText, remaining) : entry.confirmText,
    disabled: remaining > 0,
    bold: true,
    onClick: () => settleModal(entry.id, true),
  };
  const actions: Action[] =
    entry.cancelText === undefined
      ? [confirm]
      : [{ key: 'cancel', text: entry.cancelText, onClick: () => settleModal(entry.id, false) }, confirm];
  const width = `min(${entry.width}px, 90vw)`;
  return (
    <Dialog
      visible={entry.isVisible}
      title={entry.title}
      content={entry.content}
      actions={[actions]}
      style={{ '--min-width': width, '--max-width': width } as CSSProperties}
    />
  );
}

/** Renders the modal service's dialogs; mounted once at the root. */
export function ModalHost() {
  const entries = useSyncExternalStore(subscribeModals, modalSnapshot);
  const current = entries[0];
  return current ? <ModalDialog key={current.id} entry={current} /> : null;
}
