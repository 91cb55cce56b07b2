import { parseYuan, uuidV4 } from '@site/contract';
import { Button, List, Switch } from 'antd-mobile';
import { useRef, useState } from 'react';
import { callRoute } from '../../lib/api-client.ts';
import { messages } from '../../lib/messages.ts';
import { modal } from '../../lib/modal-store.ts';
import { displayYuan } from '../../lib/money.tsx';
import { RecallButton } from '../../lib/recall-button.tsx';
import { ResponsiveSheet } from '../../lib/responsive-sheet.tsx';
import { showToast } from '../../lib/toast.ts';
import { useRefreshMoney, useWallet } from '../../lib/wallet.ts';
import { AmountToMove } from './amount-input.tsx';
import { FinancePage } from './finance-page.tsx';
import { MainWalletCard } from './wallet-card.tsx';

const text = messages.finance;

interface Venue {
  venueCode: string;
  name: string;
  balance: string;
}

interface SheetTarget {
  venue: Venue;
  direction: 'in' | 'out';
}

function TransferSheet({ target, onClose }: { target: SheetTarget | undefined; onClose: () => void }) {
  const { data: wallet } = useWallet();
  const refreshMoney = useRefreshMoney();
  const [amount, setAmount] = useState('');
  const [isSubmitting, setIsSubmitting] = useState(false);
  const transferIdRef = useRef<string | undefined>(undefined);
  const isIn = target?.direction === 'in';
  const availableYuan = (isIn ? wallet?.mainBalance : target?.venue.balance) ?? '0.00';
  const close = () => {
    setAmount('');
    transferIdRef.current = undefined;
    onClose();
  };
  const submit = async () => {
    const amountFen = parseYuan(amount);
    const availableFen = parseYuan(availableYuan) ?? 0n;
    if (!target || amountFen === undefined || amountFen <= 0n) {
      showToast(text.amountInvalid);
      return;
    }
    if (amountFen > availableFen) {
      showToast(text.insufficient);
      return;
    }
    transferIdRef.current ??= uuidV4();
    setIsSubmitting(true);
    try {
      await callRoute('venueTransfer', {
        venueCode: target.venue.venueCode,
        direction: target.direction,
        amount,
        transferId: transferIdRef.current,
      });
      showToast(text.transferDone);
      await refreshMoney();
      close();
    } catch {
      // Shown by the shared behaviours; a retry reuses the transfer id.
    } finally {
      setIsSubmitting(false);
    }
  };
  const title = target
    ? isIn
      ? text.transferInTitle(target.venue.name)
      : text.transferOutTitle(target.venue.name)
    : '';
  return (
    <ResponsiveSheet
      title={title}
      visible={target !== undefined}
      onMaskClick={close}
      onClose={close}
      bodyClassName="finance-popup"
    >
      <List className="site-card">
        <List.Item extra={isIn ? text.mainWallet : target?.venue.name}>{text.fromWallet}</List.Item>
        <List.Item extra={isIn ? target?.venue.name : text.mainWallet}>{text.toWalletLabel}</List.Item>
      </List>
      <AmountToMove
        label={text.transferAmount}
        value={amount}
        onChange={(next) => {
          transferIdRef.current = undefined;
          setAmount(next);
        }}
        placeholder={text.amountPlaceholder}
        availableYuan={availableYuan}
        availableText={text.available}
        submitLabel={text.transferSubmit}
        isSubmitting={isSubmitting}
        onSubmit={() => void submit()}
      />
    </ResponsiveSheet>
  );
}

function AutoTransferSwitch({ isOn }: { isOn: boolean }) {
  const refreshMoney = useRefreshMoney();
  const [isBusy, setIsBusy] = useState(false);
  const toggle = async (next: boolean) => {
    if (!(await modal.confirm({ content: next ? text.autoOnConfirm : text.autoOffConfirm }))) {
      return;
    }
    setIsBusy(true);
    try {
      await callRoute('autoTransfer', { isAutoTransfer: next });
      showToast(next ? text.autoOn : text.autoOff);
      await refreshMoney();
    } catch {
      // Shown by the shared behaviours.
    } finally {
      setIsBusy(false);
    }
  };
  return (
    <List.Item
      description={text.autoTransferHint}
      extra={
        <Switch
          aria-label={text.autoTransfer}
          checked={isOn}
          loading={isBusy}
          onChange={(next) => void toggle(next)}
        />
      }
    >
      {text.autoTransfer}
    </List.Item>
  );
}

/** /mine/finance/transfer: main wallet, 一键回收, 自动免转, and 转入 / 转出 per venue wallet. */
export function TransferPage() {
  const { data: wallet } = useWallet();
  const [target, setTarget] = useState<SheetTarget | undefined>(undefined);
  return (
    <FinancePage>
      <MainWalletCard />
      <section className="site-card finance-toolbar">
        <span className="finance-toolbar__hint">{text.recallHint}</span>
        <RecallButton />
      </section>
      <List className="site-card">
        <AutoTransferSwitch isOn={wallet?.isAutoTransfer ?? false} />
      </List>
      <List header={text.venueWallets} className="site-card">
        {(wallet?.venues ?? []).map((venue) => (
          <List.Item
            key={venue.venueCode}
            description={`¥${displayYuan(venue.balance)}`}
            extra={
              <span className="finance-row-actions">
                <Button size="mini" color="primary" onClick={() => setTarget({ venue, direction: 'in' })}>
                  {text.transferIn}
                </Button>
                <Button size="mini" onClick={() => setTarget({ venue, direction: 'out' })}>
                  {text.transferOut}
                </Button>
              </span>
            }
          >
            {venue.name}
          </List.Item>
        ))}
      </List>
      <TransferSheet target={target} onClose={() => setTarget(undefined)} />
    </FinancePage>
  );
}
