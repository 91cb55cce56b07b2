import { maskPhone } from '@site/contract';

/** The server masks phones already; a number that arrives whole is masked here. */
export function displayPhone(phone: string): string {
  return phone.includes('*') ? phone : maskPhone(phone);
}

/** A device uuid is long; its first and last characters are enough to recognise it. */
export function shortDevice(uuid: string): string {
  return uuid.length > 13 ? `${uuid.slice(0, 8)}…${uuid.slice(-4)}` : uuid;
}
