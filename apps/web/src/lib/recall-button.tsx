import { uuidV4 } from '@site/contract';
import { Button } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { callRoute } from './api-client.ts';
import { messages } from './messages.ts';
import { modal } from './modal-store.ts';
import { showToast } from './toast.ts';
import { useRefreshMoney } from './wallet.ts';

const text = messages.finance;
const recallLockSeconds = 60;

function useRecallLock() {
  const [secondsLeft, setSecondsLeft] = useState(0);
  useEffect(() => {
    if (secondsLeft <= 0) {
      return;
    }
    const timer = setTimeout(() => setSecondsLeft((left) => left - 1), 1000);
    return () => clearTimeout(timer);
  }, [secondsLeft]);
  return { secondsLeft, lock: () => setSecondsLeft(recallLockSeconds) };
}

/** 一键回收: every venue wallet back to main after a confirm, then locked for 60 seconds (UX.md section 3). */
export function RecallButton({ label = text.recall }: { label?: string }) {
  const refreshMoney = useRefreshMoney();
  const { secondsLeft, lock } = useRecallLock();
  const recall = async () => {
    if (!(await modal.confirm({ content: text.recallConfirm }))) {
      return;
    }
    lock();
    try {
      await callRoute('venueRecall', { transferId: uuidV4() });
      showToast(text.recallDone);
      await refreshMoney();
    } catch {
      // Shown by the shared behaviours; the lock still stands so recalls are not hammered.
    }
  };
  return (
    <Button size="small" color="primary" disabled={secondsLeft > 0} onClick={() => void recall()}>
      {secondsLeft > 0 ? text.recallLocked(secondsLeft) : label}
    </Button>
  );
}
