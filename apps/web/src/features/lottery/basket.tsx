import { formatMoneyDisplay, lotteryPlays } from '@site/contract';
import { Button } from 'antd-mobile';
import { DeleteOutline } from 'antd-mobile-icons';
import { ResponsiveSheet } from '../../lib/responsive-sheet.tsx';
import { selectionText } from './board.ts';
import { lotteryText } from './lottery-text.ts';
import type { BasketEntry } from './use-basket.ts';

const totalsOf = (entries: readonly BasketEntry[]) => ({
  notes: entries.reduce((total, entry) => total + entry.notes, 0),
  amount: formatMoneyDisplay(entries.reduce((total, entry) => total + entry.stakeFen, 0n)),
});

function EntryLine({ entry }: { entry: BasketEntry }) {
  const play = lotteryPlays[entry.playId];
  return (
    <>
      <span className="basket-entry__play">{play.name}</span>
      <span className="basket-entry__selection">{selectionText(play.rows, entry.selection)}</span>
      <span className="basket-entry__meta">
        {lotteryText.notes(entry.notes)} ·{' '}
        {lotteryText.unitMultiplier(lotteryText.units[entry.unit], entry.multiplier)} · ¥
        {formatMoneyDisplay(entry.stakeFen)}
      </span>
    </>
  );
}

/** 号码篮: the tickets about to be sent, each removable, with the total and 确认投注. */
export function Basket(props: {
  entries: readonly BasketEntry[];
  canBet: boolean;
  onRemove: (key: string) => void;
  onClear: () => void;
  onConfirm: () => void;
  onChase: () => void;
}) {
  const totals = totalsOf(props.entries);
  const canSend = props.entries.length > 0 && props.canBet;
  return (
    <section className="basket site-card" aria-labelledby="basket-title">
      <header className="basket__head">
        <h2 id="basket-title" className="basket__title">
          {lotteryText.basket}
        </h2>
        {props.entries.length > 0 ? (
          <button type="button" className="basket__clear" onClick={props.onClear}>
            {lotteryText.clearBasket}
          </button>
        ) : null}
      </header>
      {props.entries.length === 0 ? (
        <p className="basket__empty">{lotteryText.basketEmpty}</p>
      ) : (
        <ul className="basket__entries">
          {props.entries.map((entry) => (
            <li key={entry.key} className="basket-entry" data-testid="basket-entry">
              <span className="basket-entry__body">
                <EntryLine entry={entry} />
                {entry.failure ? (
                  <span className="basket-entry__failure" role="alert">
                    {entry.failure}
                  </span>
                ) : null}
              </span>
              <button
                type="button"
                className="basket-entry__remove"
                aria-label={lotteryText.removeEntry(lotteryPlays[entry.playId].name)}
                onClick={() => props.onRemove(entry.key)}
              >
                <DeleteOutline />
              </button>
            </li>
          ))}
        </ul>
      )}
      <footer className="basket__foot">
        <span className="basket__total">{lotteryText.basketTotal(totals.notes, totals.amount)}</span>
        <span className="basket__actions">
          <Button shape="rounded" disabled={!canSend} onClick={props.onChase}>
            {lotteryText.chase}
          </Button>
          <Button color="primary" shape="rounded" disabled={!canSend} onClick={props.onConfirm}>
            {lotteryText.confirmBet}
          </Button>
        </span>
      </footer>
    </section>
  );
}

/** 确认投注: the issue, the tickets and the total, then 确认提交. */
export function ConfirmSheet(props: {
  visible: boolean;
  issueNo: string | undefined;
  entries: readonly BasketEntry[];
  isSending: boolean;
  onSubmit: () => void;
  onClose: () => void;
}) {
  const totals = totalsOf(props.entries);
  return (
    <ResponsiveSheet
      title={lotteryText.confirmTitle}
      visible={props.visible}
      onMaskClick={props.onClose}
      onClose={props.onClose}
    >
      <div className="bet-confirm">
        <dl className="bet-confirm__facts">
          <div>
            <dt>{lotteryText.confirmIssue}</dt>
            <dd>{props.issueNo ?? '--'}</dd>
          </div>
          <div>
            <dt>{lotteryText.totalAmount}</dt>
            <dd className="bet-confirm__amount">¥{totals.amount}</dd>
          </div>
        </dl>
        <ul className="bet-confirm__entries">
          {props.entries.map((entry) => (
            <li key={entry.key} className="basket-entry__body">
              <EntryLine entry={entry} />
            </li>
          ))}
        </ul>
        <div className="bet-confirm__actions">
          <Button block shape="rounded" size="large" onClick={props.onClose}>
            {lotteryText.cancel}
          </Button>
          <Button
            block
            color="primary"
            shape="rounded"
            size="large"
            loading={props.isSending}
            disabled={props.issueNo === undefined}
            onClick={props.onSubmit}
          >
            {lotteryText.submit}
          </Button>
        </div>
      </div>
    </ResponsiveSheet>
  );
}
