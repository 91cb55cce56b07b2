import { formatMoneyDisplay, parseYuan } from '@site/contract';
import './money.css';

/** A wire yuan string as `1,234.50`; `--` when the text is not a yuan amount. */
export function displayYuan(text: string | undefined, options?: { sign?: boolean }): string {
  const amountFen = text === undefined ? undefined : parseYuan(text);
  return amountFen === undefined ? '--' : formatMoneyDisplay(amountFen, options);
}

/** A big balance: the integer part larger than the decimals (UX.md section 5). */
export function BigMoney({ amount, className }: { amount: string | undefined; className?: string }) {
  const shown = displayYuan(amount);
  const [integerPart, fractionPart] = shown.split('.');
  return (
    <span className={`big-money ${className ?? ''}`} data-testid="big-money">
      <small>¥</small>
      {integerPart}
      {fractionPart === undefined ? null : <small>.{fractionPart}</small>}
    </span>
  );
}
