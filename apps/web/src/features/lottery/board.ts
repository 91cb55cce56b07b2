import type { BoardRow, LotterySelection } from '@site/contract';

/** The quick picks over a number row: 全 大 小 单 双 清. */
export const quickPicks = ['all', 'big', 'small', 'odd', 'even', 'clear'] as const;
export type QuickPick = (typeof quickPicks)[number];

/** A row of plain numbers (not 大/小/龙/虎 words): the rows quick picks apply to. */
export function isNumberRow(row: BoardRow): boolean {
  return row.options.every((option) => /^\d+$/.test(option.label));
}

/**
 * The values a quick pick selects on a number row: 大 from the row's `bigFrom` where the game's
 * rule names one (PK10 冠亚和 12–19), else the upper half of its options (5-9 of 0-9, 06-11 of
 * 01-11, 25-49 of 01-49); 小 the rest; 单 and 双 by the number's parity.
 */
export function quickPickValues(row: BoardRow, pick: QuickPick): number[] {
  const values = row.options.map((option) => option.value);
  const bigFrom = row.bigFrom ?? values[Math.floor(values.length / 2)] ?? 0;
  switch (pick) {
    case 'all':
      return values;
    case 'big':
      return values.filter((value) => value >= bigFrom);
    case 'small':
      return values.filter((value) => value < bigFrom);
    case 'odd':
      return values.filter((value) => value % 2 === 1);
    case 'even':
      return values.filter((value) => value % 2 === 0);
    case 'clear':
      return [];
    default:
      return pick satisfies never;
  }
}

/** The selection with one value of one row toggled, each row kept in board order. */
export function toggledSelection(
  rows: readonly BoardRow[],
  selection: LotterySelection,
  rowIndex: number,
  value: number,
): number[][] {
  return rows.map((row, index) => {
    const picks = selection[index] ?? [];
    if (index !== rowIndex) {
      return [...picks];
    }
    const next = picks.includes(value) ? picks.filter((each) => each !== value) : [...picks, value];
    return row.options.map((option) => option.value).filter((each) => next.includes(each));
  });
}

/** The selection with one row replaced. */
export function withRow(
  selection: LotterySelection,
  rowIndex: number,
  values: readonly number[],
): number[][] {
  return selection.map((picks, index) => (index === rowIndex ? [...values] : [...picks]));
}

export function emptySelection(rows: readonly BoardRow[]): number[][] {
  return rows.map(() => []);
}

/** A selection as players read it: each row's labels, rows apart by ｜ (1,3｜5｜…). */
export function selectionText(rows: readonly BoardRow[], selection: LotterySelection): string {
  return rows
    .map((row, index) =>
      (selection[index] ?? [])
        .map((value) => row.options.find((option) => option.value === value)?.label ?? String(value))
        .join(','),
    )
    .map((text) => text || '-')
    .join(' | ');
}
