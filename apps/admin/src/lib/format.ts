import { formatMoneyDisplay, parseYuan } from '@site/contract';

const shanghaiTime = new Intl.DateTimeFormat('zh-CN', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
});

/** Times travel as ISO-8601 UTC; staff read them in Beijing time, as the member site shows them. */
export function formatTime(iso: string | null | undefined): string {
  if (!iso) {
    return '-';
  }
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : shanghaiTime.format(date).replaceAll('/', '-');
}

/** A wire amount ("12345.60") as staff read it ("12,345.60"); exact, as it goes through fen. */
export function displayYuan(amount: string): string {
  const amountFen = parseYuan(amount);
  return amountFen === undefined ? amount : formatMoneyDisplay(amountFen);
}
