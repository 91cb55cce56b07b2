import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  alphanumericAlphabet,
  debounce,
  dedupeInFlight,
  ellipsis,
  type Fen,
  fen,
  formatFen,
  formatMoneyDisplay,
  formatMoneyRound,
  formatMoneyTruncate,
  groupCardNumber,
  maskEmail,
  maskPhone,
  parseYuan,
  randomString,
  sanitizeAmountInput,
  textWidth,
  truncateText,
  uuidV4,
} from './format.ts';

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('groupCardNumber', () => {
  it('groups a card number in fours, ignoring spaces typed in', () => {
    expect(groupCardNumber('6222020200112345679')).toBe('6222 0202 0011 2345 679');
    expect(groupCardNumber('6222 0202 00112345')).toBe('6222 0202 0011 2345');
    expect(groupCardNumber('622')).toBe('622');
    expect(groupCardNumber('')).toBe('');
  });

  it('shows a masked number as hidden groups and its last four', () => {
    expect(groupCardNumber('****1234')).toBe('**** **** **** 1234');
  });
});

describe('maskEmail', () => {
  it('keeps two characters of the local part and the domain', () => {
    expect(maskEmail('sess@example.com')).toBe('se***@example.com');
  });

  it('keeps a one-character local part as it is', () => {
    expect(maskEmail('a@example.com')).toBe('a***@example.com');
  });
});

describe('maskPhone', () => {
  it('hides the first 4 digits of a 7-digit number', () => {
    expect(maskPhone('1234567')).toBe('****567');
  });

  it('hides the first 7 digits of an 8-digit number', () => {
    expect(maskPhone('12345678')).toBe('*******8');
  });

  it('hides the first 7 digits of an 11-digit mainland number', () => {
    expect(maskPhone('13812345678')).toBe('*******5678');
  });

  it('hides the first 4 digits of shorter numbers', () => {
    expect(maskPhone('12345')).toBe('****5');
  });

  it('hides every digit of a number shorter than the hidden count', () => {
    expect(maskPhone('123')).toBe('***');
  });

  it('returns an empty string unchanged', () => {
    expect(maskPhone('')).toBe('');
  });

  it('counts only digits and keeps separators in place', () => {
    expect(maskPhone('138-1234-5678')).toBe('***-****-5678');
    expect(maskPhone('+86 138')).toBe('+** **8');
  });
});

describe('sanitizeAmountInput', () => {
  it.each([
    ['', ''],
    ['123', '123'],
    ['12.34', '12.34'],
    ['05', '5'],
    ['0.5', '0.5'],
    ['00', '0'],
    ['000', '0'],
    ['0', '0'],
    ['007', '7'],
    ['00.5', '0.5'],
    ['.', ''],
    ['..', ''],
    ['.5', '0.5'],
    ['1.', '1.'],
    ['0.', '0.'],
    ['1..2', '1.2'],
    ['1.2.3', '1.23'],
    ['12.345', '12.34'],
    ['12.3456', '12.34'],
    ['1a2b', '12'],
    ['abc', ''],
    ['１２３', ''],
    ['1２3', '13'],
    [' 1 000 ', '1000'],
    ['-3', '3'],
    ['1,000.5', '1000.5'],
  ])('turns %j into %j', (raw, expected) => {
    expect(sanitizeAmountInput(raw)).toBe(expected);
  });

  it('keeps as many decimals as asked', () => {
    expect(sanitizeAmountInput('1.23456', 4)).toBe('1.2345');
    expect(sanitizeAmountInput('1.23456', 1)).toBe('1.2');
  });

  it('drops the point and decimals when no decimals are allowed', () => {
    expect(sanitizeAmountInput('12.5', 0)).toBe('12');
    expect(sanitizeAmountInput('12.', 0)).toBe('12');
    expect(sanitizeAmountInput('.', 0)).toBe('');
    expect(sanitizeAmountInput('05', 0)).toBe('5');
  });

  it('refuses a negative or fractional decimal count', () => {
    expect(() => sanitizeAmountInput('1', -1)).toThrow(RangeError);
    expect(() => sanitizeAmountInput('1', 1.5)).toThrow(RangeError);
  });
});

describe('textWidth', () => {
  it('counts characters up to code 255 as 1', () => {
    expect(textWidth('abc')).toBe(3);
    expect(textWidth('ÿé')).toBe(2);
  });

  it('counts characters above code 255 as 2', () => {
    expect(textWidth('中文')).toBe(4);
    expect(textWidth('Ā')).toBe(2);
    expect(textWidth('a中b')).toBe(4);
  });

  it('counts an astral character once, as 2', () => {
    expect(textWidth('😀')).toBe(2);
    expect(textWidth('a😀')).toBe(3);
  });

  it('is 0 for an empty text', () => {
    expect(textWidth('')).toBe(0);
  });
});

describe('truncateText', () => {
  it('returns a text that fits unchanged', () => {
    expect(truncateText('abc', 3)).toBe('abc');
    expect(truncateText('中文', 4)).toBe('中文');
    expect(truncateText('', 0)).toBe('');
  });

  it('cuts a text that does not fit and ends it with the ellipsis of width 1', () => {
    expect(truncateText('abcdef', 4)).toBe(`abc${ellipsis}`);
    expect(truncateText('abcdef', 5)).toBe('abcd…');
  });

  it('never splits a wide character to fill the width', () => {
    // 中 (2) + 文 (2) + … (1) = 5 fits; adding 字 would make 7.
    expect(truncateText('中文字符', 5)).toBe('中文…');
    // Only 中 (2) + … (1) = 3 fits in 4, since 文 would make 5.
    expect(truncateText('中文字符', 4)).toBe('中…');
  });

  it('never splits a surrogate pair', () => {
    const cut = truncateText('😀😀😀', 4);
    expect(cut).toBe('😀…');
    expect(truncateText('😀😀', 2)).toBe('…');
  });

  it('returns only the ellipsis when nothing else fits, and nothing when not even it fits', () => {
    expect(truncateText('abc', 1)).toBe('…');
    expect(truncateText('abc', 0)).toBe('');
  });
});

describe('fen', () => {
  it('brands a bigint without changing its value', () => {
    const amount: Fen = fen(123n);
    expect(amount).toBe(123n);
  });
});

describe('parseYuan', () => {
  it.each([
    ['100', 10_000n],
    ['100.5', 10_050n],
    ['100.50', 10_050n],
    ['100.05', 10_005n],
    ['0', 0n],
    ['0.01', 1n],
    ['-3.20', -320n],
    ['+3.2', 320n],
    ['-0', 0n],
    ['007', 700n],
    ['92233720368547758.07', 9_223_372_036_854_775_807n],
  ])('parses %j into %s fen', (text, expected) => {
    expect(parseYuan(text)).toBe(expected);
  });

  it.each([
    '',
    '-',
    '.',
    '.5',
    '1.',
    '1.234',
    '1e2',
    '1E2',
    ' 1',
    '1 ',
    '1,000',
    '1_000',
    '0x10',
    'abc',
    '--1',
    '１',
    'Infinity',
    'NaN',
  ])('refuses %j', (text) => {
    expect(parseYuan(text)).toBeUndefined();
  });
});

describe('formatFen', () => {
  it.each([
    [12_345n, '123.45'],
    [-5n, '-0.05'],
    [0n, '0.00'],
    [1n, '0.01'],
    [100n, '1.00'],
    [-100n, '-1.00'],
    [123_456_789n, '1234567.89'],
  ])('formats %s fen as %j', (amount, expected) => {
    expect(formatFen(amount)).toBe(expected);
  });

  it('round-trips with parseYuan', () => {
    for (const text of ['0.00', '-0.05', '123.45', '-1234567.89', '99999999999999999999.99']) {
      const amount = parseYuan(text);
      expect(amount).toBeDefined();
      expect(formatFen(amount ?? fen(0n))).toBe(text);
    }
  });
});

describe('formatMoneyDisplay', () => {
  it.each([
    [123_456_789n, '1,234,567.89'],
    [0n, '0.00'],
    [5n, '0.05'],
    [99_999n, '999.99'],
    [100_000n, '1,000.00'],
    [-123_456_789n, '-1,234,567.89'],
    [-100_000n, '-1,000.00'],
  ])('formats %s fen as %j', (amount, expected) => {
    expect(formatMoneyDisplay(amount)).toBe(expected);
  });

  it('prefixes + to a positive amount when the sign is asked for', () => {
    expect(formatMoneyDisplay(fen(150_000n), { sign: true })).toBe('+1,500.00');
  });

  it('keeps - on a negative amount whatever the sign option', () => {
    expect(formatMoneyDisplay(-150n, { sign: true })).toBe('-1.50');
    expect(formatMoneyDisplay(-150n, { sign: false })).toBe('-1.50');
  });

  it('shows no sign on zero', () => {
    expect(formatMoneyDisplay(0n, { sign: true })).toBe('0.00');
  });

  it('shows no + without the sign option', () => {
    expect(formatMoneyDisplay(150n, { sign: false })).toBe('1.50');
  });
});

describe('formatMoneyTruncate', () => {
  it.each<[number | string, string]>([
    ['1.999', '1.99'],
    ['1.005', '1.00'],
    ['1', '1.00'],
    ['1.5', '1.50'],
    ['-1.999', '-1.99'],
    ['-0.001', '0.00'],
    ['0', '0.00'],
    ['.5', '0.50'],
    ['5.', '5.00'],
    ['+2.345', '2.34'],
    [' 2.345 ', '2.34'],
    ['123456789012345678901234.567', '123456789012345678901234.56'],
    [1.999, '1.99'],
    [-1.999, '-1.99'],
    [0.1 + 0.2, '0.30'],
    [100, '100.00'],
    [1e21, '1000000000000000000000.00'],
    [1.5e-7, '0.00'],
  ])('formats %j as %j', (value, expected) => {
    expect(formatMoneyTruncate(value)).toBe(expected);
  });

  it('keeps as many decimals as asked', () => {
    expect(formatMoneyTruncate('1.23456', 4)).toBe('1.2345');
    expect(formatMoneyTruncate('1.9', 0)).toBe('1');
    expect(formatMoneyTruncate(1.5e-7, 7)).toBe('0.0000001');
  });

  it.each<[number | string]>([
    [''],
    ['.'],
    ['-'],
    ['abc'],
    ['1,000.00'],
    ['1e3'],
    ['1.2.3'],
    ['--1'],
    [Number.NaN],
    [Number.POSITIVE_INFINITY],
  ])('shows zero for invalid %j', (value) => {
    expect(formatMoneyTruncate(value)).toBe('0.00');
  });

  it('shows zero with the asked decimals for invalid input', () => {
    expect(formatMoneyTruncate('abc', 3)).toBe('0.000');
    expect(formatMoneyTruncate('abc', 0)).toBe('0');
  });

  it('refuses a negative decimal count', () => {
    expect(() => formatMoneyTruncate('1', -1)).toThrow(RangeError);
  });
});

describe('formatMoneyRound', () => {
  it.each<[number | string, string]>([
    ['1.005', '1.01'],
    ['1.004', '1.00'],
    ['1.0049999', '1.00'],
    ['1.995', '2.00'],
    ['9.999', '10.00'],
    ['-1.005', '-1.01'],
    ['-1.004', '-1.00'],
    ['-0.004', '0.00'],
    ['-0.005', '-0.01'],
    ['2.5', '2.50'],
    ['0', '0.00'],
    ['123456789012345678901234.565', '123456789012345678901234.57'],
    [1.005, '1.01'],
    [-2.675, '-2.68'],
    [0.1 + 0.2, '0.30'],
    [5e-7, '0.00'],
  ])('formats %j as %j', (value, expected) => {
    expect(formatMoneyRound(value)).toBe(expected);
  });

  it('rounds half away from zero at any decimal count', () => {
    expect(formatMoneyRound('2.5', 0)).toBe('3');
    expect(formatMoneyRound('-2.5', 0)).toBe('-3');
    expect(formatMoneyRound('2.4', 0)).toBe('2');
    expect(formatMoneyRound(5e-7, 6)).toBe('0.000001');
    expect(formatMoneyRound('1.23456', 4)).toBe('1.2346');
  });

  it('shows zero with the asked decimals for invalid input', () => {
    expect(formatMoneyRound('x', 2)).toBe('0.00');
    expect(formatMoneyRound(Number.NaN, 1)).toBe('0.0');
    expect(formatMoneyRound('1e3')).toBe('0.00');
  });

  it('refuses a fractional decimal count', () => {
    expect(() => formatMoneyRound('1', 2.5)).toThrow(RangeError);
  });
});

describe('randomString', () => {
  it('has the asked length and only alphabet symbols', () => {
    const value = randomString(64);
    expect(value).toHaveLength(64);
    expect([...value].every((symbol) => alphanumericAlphabet.includes(symbol))).toBe(true);
  });

  it('uses the given alphabet, taken by code point', () => {
    expect(randomString(5, 'x')).toBe('xxxxx');
    const value = randomString(20, '😀中');
    expect([...value]).toHaveLength(20);
    expect([...value].every((symbol) => symbol === '😀' || symbol === '中')).toBe(true);
  });

  it('is empty for length 0', () => {
    expect(randomString(0)).toBe('');
  });

  it('differs between calls', () => {
    expect(randomString(32)).not.toBe(randomString(32));
  });

  it('draws in batches the platform accepts for long strings', () => {
    expect(randomString(20_000)).toHaveLength(20_000);
  });

  it('redraws values that would favour the first symbols', () => {
    const draws = [[2 ** 32 - 1, 4], [5]];
    vi.spyOn(crypto, 'getRandomValues').mockImplementation(
      <T extends ArrayBufferView | null>(array: T): T => {
        if (array instanceof Uint32Array) {
          array.set(draws.shift() ?? []);
        }
        return array;
      },
    );
    // 'abc': 2^32 - 1 is past the last multiple of 3 and is dropped; 4 -> 'b', 5 -> 'c'.
    expect(randomString(2, 'abc')).toBe('bc');
  });

  it('refuses a bad length or an empty alphabet', () => {
    expect(() => randomString(-1)).toThrow(RangeError);
    expect(() => randomString(1.5)).toThrow(RangeError);
    expect(() => randomString(4, '')).toThrow(RangeError);
  });
});

describe('uuidV4', () => {
  it('is a version-4, RFC 4122 variant identifier', () => {
    expect(uuidV4()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('differs between calls', () => {
    const identifiers = new Set(Array.from({ length: 100 }, () => uuidV4()));
    expect(identifiers.size).toBe(100);
  });
});

/** A promise whose settling the test controls. */
function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  let reject: (reason: unknown) => void = () => {};
  const promise = new Promise<T>((onResolve, onReject) => {
    resolve = onResolve;
    reject = onReject;
  });
  return { promise, resolve, reject };
}

describe('dedupeInFlight', () => {
  it('returns the same promise to concurrent calls with the same key and runs the task once', async () => {
    const deduplicator = dedupeInFlight<string, number>();
    const pending = deferred<number>();
    const task = vi.fn(() => pending.promise);

    const first = deduplicator.run('balance', task);
    const second = deduplicator.run('balance', task);

    expect(second).toBe(first);
    expect(task).toHaveBeenCalledTimes(1);
    pending.resolve(42);
    await expect(first).resolves.toBe(42);
  });

  it('runs tasks with different keys independently', async () => {
    const deduplicator = dedupeInFlight<string, string>();
    const first = deduplicator.run('a', async () => 'a');
    const second = deduplicator.run('b', async () => 'b');

    expect(second).not.toBe(first);
    await expect(Promise.all([first, second])).resolves.toEqual(['a', 'b']);
  });

  it('starts afresh once the task has resolved', async () => {
    const deduplicator = dedupeInFlight<string, number>();
    const task = vi.fn(async () => 1);

    await deduplicator.run('key', task);
    expect(deduplicator.isInFlight('key')).toBe(false);
    await deduplicator.run('key', task);

    expect(task).toHaveBeenCalledTimes(2);
  });

  it('shares a rejection and starts afresh after it', async () => {
    const deduplicator = dedupeInFlight<string, number>();
    const pending = deferred<number>();
    const first = deduplicator.run('key', () => pending.promise);
    const second = deduplicator.run('key', async () => 2);

    pending.reject(new Error('venue down'));

    await expect(first).rejects.toThrow('venue down');
    await expect(second).rejects.toThrow('venue down');
    expect(deduplicator.isInFlight('key')).toBe(false);
    await expect(deduplicator.run('key', async () => 3)).resolves.toBe(3);
  });

  it('turns a synchronous throw into a rejection that does not stick', async () => {
    const deduplicator = dedupeInFlight<string, number>();
    const failing = deduplicator.run('key', () => {
      throw new Error('bad request');
    });

    await expect(failing).rejects.toThrow('bad request');
    await expect(deduplicator.run('key', async () => 5)).resolves.toBe(5);
  });

  it('reports a key as in flight only while its task is pending', async () => {
    const deduplicator = dedupeInFlight<number, void>();
    const pending = deferred<void>();
    const running = deduplicator.run(1, () => pending.promise);

    expect(deduplicator.isInFlight(1)).toBe(true);
    expect(deduplicator.isInFlight(2)).toBe(false);
    pending.resolve();
    await running;
    expect(deduplicator.isInFlight(1)).toBe(false);
  });
});

describe('debounce', () => {
  it('calls once with the latest arguments after the wait', () => {
    vi.useFakeTimers();
    const handler = vi.fn((_first: string, _second: number) => {});
    const debounced = debounce(handler, 350);

    debounced('a', 1);
    debounced('b', 2);
    vi.advanceTimersByTime(349);
    expect(handler).not.toHaveBeenCalled();

    vi.advanceTimersByTime(1);
    expect(handler).toHaveBeenCalledTimes(1);
    expect(handler).toHaveBeenCalledWith('b', 2);
  });

  it('restarts the wait on every call', () => {
    vi.useFakeTimers();
    const handler = vi.fn();
    const debounced = debounce(handler, 100);

    debounced();
    vi.advanceTimersByTime(80);
    debounced();
    vi.advanceTimersByTime(80);
    expect(handler).not.toHaveBeenCalled();

    vi.advanceTimersByTime(20);
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('calls again for calls after a completed wait', () => {
    vi.useFakeTimers();
    const handler = vi.fn();
    const debounced = debounce(handler, 100);

    debounced();
    vi.advanceTimersByTime(100);
    debounced();
    vi.advanceTimersByTime(100);

    expect(handler).toHaveBeenCalledTimes(2);
  });

  it('drops the pending call on cancel and works again afterwards', () => {
    vi.useFakeTimers();
    const handler = vi.fn();
    const debounced = debounce(handler, 100);

    debounced();
    debounced.cancel();
    vi.advanceTimersByTime(1_000);
    expect(handler).not.toHaveBeenCalled();

    debounced();
    vi.advanceTimersByTime(100);
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('tolerates cancel with nothing pending', () => {
    vi.useFakeTimers();
    const handler = vi.fn();
    const debounced = debounce(handler, 100);

    debounced.cancel();
    debounced();
    vi.advanceTimersByTime(100);
    expect(handler).toHaveBeenCalledTimes(1);
  });
});
