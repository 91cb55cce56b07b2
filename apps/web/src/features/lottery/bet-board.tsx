import { type BoardRow, type LotteryGameKind, type LotterySelection, markSixColourOf } from '@site/contract';
import type { CSSProperties } from 'react';
import { displayYuan } from '../../lib/money.tsx';
import { isNumberRow, quickPicks, quickPickValues, toggledSelection, withRow } from './board.ts';
import { markSixColourClass } from './draw-numbers.tsx';
import { lotteryText } from './lottery-text.ts';

/**
 * Options per line on a phone, each at least 44 px wide: 0-9 as two lines of five, options that
 * show a prize under their label five to a line, longer rows (01-11, 01-49) six.
 */
function phoneColumnsOf(row: BoardRow, prizes: Readonly<Record<string, string>> | undefined): number {
  const count = row.options.length;
  const isPriced = row.options.some((option) => prizes?.[option.label] !== undefined);
  if (count <= 4) {
    return count;
  }
  return count <= 10 || isPriced ? 5 : 6;
}

/**
 * A play's number board: per row its label, the quick picks of a number row (全 大 小 单 双 清)
 * and the options as toggles; an option that is its own prize level shows that prize.
 */
export function BetBoard(props: {
  kind: LotteryGameKind;
  rows: readonly BoardRow[];
  selection: LotterySelection;
  prizes: Readonly<Record<string, string>> | undefined;
  onChange: (selection: number[][]) => void;
}) {
  const { rows, selection } = props;
  return (
    <div className="bet-board">
      {rows.map((row, rowIndex) => {
        // 六合彩 numbers wear their 波色, as on the draw.
        const isWaveRow = props.kind === 'markSix' && isNumberRow(row);
        return (
          <fieldset key={row.label} className="bet-row">
            <legend className="bet-row__label">{row.label}</legend>
            <div
              className="bet-row__options"
              style={{ '--bet-columns': phoneColumnsOf(row, props.prizes) } as CSSProperties}
            >
              {row.options.map((option) => {
                const isPicked = (selection[rowIndex] ?? []).includes(option.value);
                const prize = props.prizes?.[option.label];
                const tone = isWaveRow
                  ? ` bet-option--${markSixColourClass[markSixColourOf(option.value)]}`
                  : '';
                return (
                  <button
                    key={option.value}
                    type="button"
                    className={`bet-option${tone}${isPicked ? ' is-picked' : ''}${prize ? ' bet-option--priced' : ''}`}
                    aria-pressed={isPicked}
                    aria-label={`${row.label} ${option.label}`}
                    onClick={() => props.onChange(toggledSelection(rows, selection, rowIndex, option.value))}
                  >
                    <span className="bet-option__label">{option.label}</span>
                    {prize ? <span className="bet-option__prize">{displayYuan(prize)}</span> : null}
                  </button>
                );
              })}
            </div>
            {isNumberRow(row) ? (
              <div className="bet-row__quick">
                {quickPicks.map((pick) => (
                  <button
                    key={pick}
                    type="button"
                    className="bet-quick"
                    aria-label={lotteryText.quickPickLabel(row.label, lotteryText.quickPicks[pick])}
                    onClick={() => props.onChange(withRow(selection, rowIndex, quickPickValues(row, pick)))}
                  >
                    {lotteryText.quickPicks[pick]}
                  </button>
                ))}
              </div>
            ) : null}
          </fieldset>
        );
      })}
    </div>
  );
}
