import { maskPhone } from '@site/contract';

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

/** `2026/11/22 12:00:00` in Asia/Shanghai time. */
export function formatShanghaiTime(iso: string): string {
  return shanghaiTime.format(new Date(iso));
}

/** The server masks phones already; a number that arrives whole is masked here. */
export function displayPhone(phone: string): string {
  return phone.includes('*') ? phone : maskPhone(phone);
}

/** A device uuid is long; its first and last characters are enough to recognise it. */
export function shortDevice(uuid: string): string {
  return uuid.length > 13 ? `${uuid.slice(0, 8)}…${uuid.slice(-4)}` : uuid;
}
