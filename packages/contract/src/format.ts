/**
 * Pure formatting and timing helpers shared by the server and the web app (spec sections 5
 * and 9). Only APIs present in both Node 20 and browsers are used: `crypto`, `setTimeout`.
 */

// ---------------------------------------------------------------------------------------
// Input and text
// ---------------------------------------------------------------------------------------

/**
 * Hides the first 4 digits of a number with 7 or fewer digits, else the first 7. Only
 * ASCII digits are counted and replaced, so separators such as `-` or a space keep their
 * place. A number with fewer digits than the hidden count is hidden entirely.
 */
/**
 * A bank card number in groups of four as cards print it (`6222 0202 0011 2345 679`); a masked
 * one (`****1234`) shows its hidden digits as one group: `**** 1234`. Spaces in the input are ignored.
 */
export function groupCardNumber(cardNumber: string): string {
  const compact = cardNumber.replace(/\s+/g, '');
  const masked = /^(\*+)(\d{4})$/.exec(compact);
  if (masked) {
    return `**** **** **** ${masked[2]}`;
  }
  return compact.replace(/(.{4})(?=.)/g, '$1 ');
}

export function maskPhone(phone: string): string {
  const digitCount = phone.replace(/\D/g, '').length;
  let hiddenDigitsLeft = digitCount <= 7 ? 4 : 7;
  return phone.replace(/\d/g, (digit) => {
    if (hiddenDigitsLeft === 0) {
      return digit;
    }
    hiddenDigitsLeft -= 1;
    return '*';
  });
}

/** Keeps the first two characters of the local part and the whole domain: `se***@example.com`. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 2)}***@${domain}`;
}

/**
 * Cleans an amount text field as the user types. Keeps ASCII digits and the first decimal
 * point; everything else is dropped, including full-width digits, spaces and a minus sign
 * (an entered amount is never negative). Later points are dropped, decimals beyond
 * `decimals` are dropped, and the integer part loses its leading zeros (`'05'` -> `'5'`,
 * `'00'` -> `'0'`). A trailing point (`'1.'`) stays so the user can go on typing; a point
 * without any digit becomes `''`, and `'.5'` becomes `'0.5'`. With `decimals` 0 the point
 * and everything after it are dropped.
 */
export function sanitizeAmountInput(raw: string, decimals = 2): string {
  assertDecimalPlaces(decimals);
  const kept = raw.replace(/[^0-9.]/g, '');
  const pointIndex = kept.indexOf('.');
  if (pointIndex === -1) {
    return stripLeadingZeros(kept);
  }
  const integerDigits = stripLeadingZeros(kept.slice(0, pointIndex));
  const fractionDigits = kept
    .slice(pointIndex + 1)
    .replaceAll('.', '')
    .slice(0, decimals);
  if (decimals === 0) {
    return integerDigits;
  }
  if (integerDigits === '' && fractionDigits === '') {
    return '';
  }
  return `${integerDigits || '0'}.${fractionDigits}`;
}

/** `'05'` -> `'5'`, `'000'` -> `'0'`; an empty field stays empty. */
function stripLeadingZeros(digits: string): string {
  return digits.replace(/^0+(?=\d)/, '');
}

/** Width of one code point: above code 255 (CJK, emoji) counts as 2, as the spec says. */
function characterWidth(character: string): number {
  return (character.codePointAt(0) ?? 0) > 255 ? 2 : 1;
}

/** Display width of a text; iterates by code point so an astral character counts once. */
export function textWidth(text: string): number {
  let width = 0;
  for (const character of text) {
    width += characterWidth(character);
  }
  return width;
}

export const ellipsis = '…';

/**
 * The ellipsis counts as width 1, not 2 as `textWidth` would count U+2026: it stands for
 * the cut-off text as a single mark, and the width budget is meant for the name's own
 * characters. So `textWidth(truncateText(text, n))` can be `n + 1`.
 */
const ellipsisWidth = 1;

/**
 * Returns `text` unchanged when it fits in `maxWidth`, else the longest prefix that fits
 * together with a trailing ellipsis. Cuts between code points, never inside a surrogate
 * pair. Returns `''` when not even the ellipsis fits.
 */
export function truncateText(text: string, maxWidth: number): string {
  if (textWidth(text) <= maxWidth) {
    return text;
  }
  if (maxWidth < ellipsisWidth) {
    return '';
  }
  let prefix = '';
  let prefixWidth = 0;
  for (const character of text) {
    const nextWidth = prefixWidth + characterWidth(character);
    if (nextWidth + ellipsisWidth > maxWidth) {
      break;
    }
    prefix += character;
    prefixWidth = nextWidth;
  }
  return `${prefix}${ellipsis}`;
}

// ---------------------------------------------------------------------------------------
// Money
// ---------------------------------------------------------------------------------------

/** Money inside the product: whole fen (1 yuan = 100 fen), never a float. */
export type Fen = bigint & { readonly __brand: 'Fen' };

export function fen(value: bigint): Fen {
  return value as Fen;
}

/** `amount` times a whole `factor` (a turnover multiple, a count): still fen. */
export function timesFen(amount: Fen, factor: number | bigint): Fen {
  if (typeof factor === 'number' && !Number.isSafeInteger(factor)) {
    throw new Error(`timesFen: factor ${factor} is not a whole number`);
  }
  return fen(amount * BigInt(factor));
}

export function addFen(a: Fen, b: Fen): Fen {
  return fen(a + b);
}

export function subtractFen(a: Fen, b: Fen): Fen {
  return fen(a - b);
}

/** The same amount the other way: a debit shown against a credit. */
/** The smaller of two amounts (Math.min takes no bigint). */
export function minFen(a: Fen, b: Fen): Fen {
  return a < b ? a : b;
}

/** The larger of two amounts. */
export function maxFen(a: Fen, b: Fen): Fen {
  return a > b ? a : b;
}

export function negatedFen(amount: Fen): Fen {
  return fen(-amount);
}

const fenDecimals = 2;

/** Optional sign, integer digits, at most 2 decimals; no exponent, spaces or separators. */
const yuanPattern = /^([+-]?)(\d+)(?:\.(\d{1,2}))?$/;

/** Parses a wire yuan string (`"100"`, `"100.5"`, `"-3.20"`) into fen; undefined if malformed. */
export function parseYuan(text: string): Fen | undefined {
  const match = yuanPattern.exec(text);
  if (!match) {
    return undefined;
  }
  const [, sign = '', integerDigits = '', fractionDigits = ''] = match;
  const magnitude = BigInt(integerDigits + fractionDigits.padEnd(fenDecimals, '0'));
  return fen(sign === '-' ? -magnitude : magnitude);
}

/** Wire format: exactly two decimals, no separators (`12345n` -> `"123.45"`). */
export function formatFen(amount: Fen | bigint): string {
  return formatScaled(absolute(amount), amount < 0n, fenDecimals);
}

/** UI format: thousands separated by commas, two decimals, `+` on positives when asked. */
export function formatMoneyDisplay(amount: Fen | bigint, options?: { sign?: boolean }): string {
  const magnitude = absolute(amount);
  const scale = 10n ** BigInt(fenDecimals);
  const integerPart = groupThousands((magnitude / scale).toString());
  const fractionPart = (magnitude % scale).toString().padStart(fenDecimals, '0');
  return `${signPrefix(amount, options?.sign ?? false)}${integerPart}.${fractionPart}`;
}

/** Zero carries no sign even when `sign` is asked for. */
function signPrefix(amount: bigint, isSignShown: boolean): string {
  if (amount < 0n) {
    return '-';
  }
  return isSignShown && amount > 0n ? '+' : '';
}

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+$)/g, ',');
}

function absolute(value: bigint): bigint {
  return value < 0n ? -value : value;
}

/**
 * Display format for a number or decimal string: always `decimals` decimals, cut toward
 * zero (`'1.999'` -> `'1.99'`). Invalid input shows zero.
 */
export function formatMoneyTruncate(value: number | string, decimals = 2): string {
  return formatDecimal(value, decimals, 'truncate');
}

/**
 * Display format for a number or decimal string: always `decimals` decimals, rounded half
 * away from zero (`'1.005'` -> `'1.01'`, `'-1.005'` -> `'-1.01'`). Invalid input shows zero.
 */
export function formatMoneyRound(value: number | string, decimals = 2): string {
  return formatDecimal(value, decimals, 'round');
}

type RoundingMode = 'truncate' | 'round';

interface DecimalParts {
  isNegative: boolean;
  integerDigits: string;
  fractionDigits: string;
}

/** Works on the decimal digits as text and bigint, so no float error creeps in. */
function formatDecimal(value: number | string, decimals: number, mode: RoundingMode): string {
  assertDecimalPlaces(decimals);
  const parts = decimalPartsOf(value);
  if (parts === undefined) {
    return formatScaled(0n, false, decimals);
  }
  const kept = parts.fractionDigits.slice(0, decimals).padEnd(decimals, '0');
  let magnitude = BigInt(parts.integerDigits + kept);
  const firstDroppedDigit = parts.fractionDigits[decimals];
  if (mode === 'round' && firstDroppedDigit !== undefined && firstDroppedDigit >= '5') {
    magnitude += 1n;
  }
  return formatScaled(magnitude, parts.isNegative, decimals);
}

/** Plain decimal notation (`'12'`, `'-0.5'`, `'.5'`, `'5.'`); surrounding spaces are ignored. */
const decimalPattern = /^([+-]?)(\d*)(?:\.(\d*))?$/;

function decimalPartsOf(value: number | string): DecimalParts | undefined {
  const text = typeof value === 'number' ? plainTextOfNumber(value) : value.trim();
  const match = text === undefined ? null : decimalPattern.exec(text);
  if (!match) {
    return undefined;
  }
  const [, sign = '', integerDigits = '', fractionDigits = ''] = match;
  if (integerDigits === '' && fractionDigits === '') {
    return undefined;
  }
  return { isNegative: sign === '-', integerDigits: integerDigits || '0', fractionDigits };
}

/**
 * A number's shortest round-trip text (what the user would read: `1.005`, not the binary
 * `1.00499…`), written without exponent since `String` switches to `1e+21` / `1e-7`.
 */
function plainTextOfNumber(value: number): string | undefined {
  if (!Number.isFinite(value)) {
    return undefined;
  }
  const text = String(value);
  const match = /^(-?)(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!match) {
    return text;
  }
  const [, sign = '', leadingDigit = '', restDigits = '', exponent = '0'] = match;
  const digits = leadingDigit + restDigits;
  const pointPosition = 1 + Number(exponent);
  if (pointPosition <= 0) {
    return `${sign}0.${'0'.repeat(-pointPosition)}${digits}`;
  }
  if (pointPosition >= digits.length) {
    return `${sign}${digits}${'0'.repeat(pointPosition - digits.length)}`;
  }
  return `${sign}${digits.slice(0, pointPosition)}.${digits.slice(pointPosition)}`;
}

/** Writes `magnitude / 10^decimals` with exactly `decimals` decimals; zero is never `-0`. */
function formatScaled(magnitude: bigint, isNegative: boolean, decimals: number): string {
  const digits = magnitude.toString().padStart(decimals + 1, '0');
  const integerPart = digits.slice(0, digits.length - decimals);
  const fractionPart = digits.slice(digits.length - decimals);
  const sign = isNegative && magnitude !== 0n ? '-' : '';
  return decimals === 0 ? `${sign}${integerPart}` : `${sign}${integerPart}.${fractionPart}`;
}

/** A bad decimal count is a programming error, not user input. */
function assertDecimalPlaces(decimals: number): void {
  if (!Number.isSafeInteger(decimals) || decimals < 0) {
    throw new RangeError(`decimals must be a non-negative integer, got ${decimals}`);
  }
}

// ---------------------------------------------------------------------------------------
// Identifiers
// ---------------------------------------------------------------------------------------

export const alphanumericAlphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** `crypto.getRandomValues` refuses more than 65536 bytes per call. */
const randomValuesPerCallMax = 65_536 / Uint32Array.BYTES_PER_ELEMENT;
const uint32Range = 2 ** 32;

/**
 * A cryptographically random string of `length` symbols from `alphabet` (taken by code
 * point). Values past the last whole multiple of the alphabet size are redrawn, so every
 * symbol is equally likely.
 */
export function randomString(length: number, alphabet: string = alphanumericAlphabet): string {
  if (!Number.isSafeInteger(length) || length < 0) {
    throw new RangeError(`length must be a non-negative integer, got ${length}`);
  }
  const symbols = Array.from(alphabet);
  if (symbols.length === 0) {
    throw new RangeError('alphabet must not be empty');
  }
  const acceptedLimit = Math.floor(uint32Range / symbols.length) * symbols.length;
  const picked: string[] = [];
  while (picked.length < length) {
    const batchSize = Math.min(length - picked.length, randomValuesPerCallMax);
    for (const randomValue of crypto.getRandomValues(new Uint32Array(batchSize))) {
      const symbol = randomValue < acceptedLimit ? symbols[randomValue % symbols.length] : undefined;
      if (symbol !== undefined) {
        picked.push(symbol);
      }
    }
  }
  return picked.join('');
}

/**
 * A random version-4 UUID. Built from `getRandomValues` because `crypto.randomUUID` exists
 * only in secure contexts (HTTPS or localhost).
 */
export function uuidV4(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

// ---------------------------------------------------------------------------------------
// Timing
// ---------------------------------------------------------------------------------------

export interface InFlightDeduplicator<K, T> {
  /** Starts `task` unless one with `key` is still pending, in which case its promise is returned. */
  run(key: K, task: () => Promise<T>): Promise<T>;
  isInFlight(key: K): boolean;
}

/**
 * Shares one pending promise per key, so concurrent callers asking for the same thing
 * trigger one request. Once it settles (either way) the next call starts afresh.
 */
export function dedupeInFlight<K, T>(): InFlightDeduplicator<K, T> {
  const pending = new Map<K, Promise<T>>();
  return {
    run(key, task) {
      const existing = pending.get(key);
      if (existing !== undefined) {
        return existing;
      }
      // The executor turns a synchronous throw from `task` into a rejection like any other.
      const promise = new Promise<T>((resolve) => resolve(task()));
      pending.set(key, promise);
      const forget = () => {
        if (pending.get(key) === promise) {
          pending.delete(key);
        }
      };
      // Both handlers settle this derived promise, so a rejection is only reported to callers.
      void promise.then(forget, forget);
      return promise;
    },
    isInFlight(key) {
      return pending.has(key);
    },
  };
}

export interface Debounced<Arguments extends unknown[]> {
  (...args: Arguments): void;
  cancel(): void;
}

/** Calls `fn` with the latest arguments once `waitMs` has passed without another call. */
export function debounce<Arguments extends unknown[]>(
  fn: (...args: Arguments) => void,
  waitMs: number,
): Debounced<Arguments> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cancel = () => {
    clearTimeout(timer);
    timer = undefined;
  };
  const debounced = (...args: Arguments) => {
    cancel();
    timer = setTimeout(() => {
      timer = undefined;
      fn(...args);
    }, waitMs);
  };
  return Object.assign(debounced, { cancel });
}
