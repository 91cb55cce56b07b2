import { modalDefaults } from '@site/contract';
import { Dialog, type DialogProps } from 'antd-mobile';
import { type CSSProperties, useEffect, useState } from 'react';
import { messages } from './messages.ts';
import { type ModalEntry, settleModal } from './modal-store.ts';

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

/** One modal of the queue as antd's Dialog, loaded by ModalHost when the first modal opens. */
export function ModalDialog({ entry }: { entry: ModalEntry }) {
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
      // The dialog's accessible name: its title when it is text, else the generic 温馨提示.
      aria-label={typeof entry.title === 'string' ? entry.title : modalDefaults.title}
      content={entry.content}
      actions={[actions]}
      style={{ '--min-width': width, '--max-width': width } as CSSProperties}
    />
  );
}
