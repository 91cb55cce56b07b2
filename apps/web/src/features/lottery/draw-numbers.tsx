import { type LotteryGameKind, MarkSixColour, markSixColourOf } from '@site/contract';

/** The class of each 六合彩 波色, shared by the draw balls and the number board. */
export const markSixColourClass = {
  [MarkSixColour.red]: 'red',
  [MarkSixColour.blue]: 'blue',
  [MarkSixColour.green]: 'green',
} as Record<number, string>;

const labelOf = (kind: LotteryGameKind, value: number) =>
  kind === 'syxw' || kind === 'markSix' || kind === 'pk10' ? String(value).padStart(2, '0') : String(value);

function ballClass(kind: LotteryGameKind, value: number, index: number): string {
  if (kind === 'markSix') {
    return `draw-ball draw-ball--${markSixColourClass[markSixColourOf(value)]}${index === 6 ? ' draw-ball--special' : ''}`;
  }
  if (kind === 'pk10') {
    return `draw-ball draw-ball--car draw-ball--car${value}`;
  }
  return 'draw-ball';
}

/**
 * A draw's numbers as balls: 六合彩 in its wave colours with the 特码 set apart, 赛车 in car
 * colours, PC28 with its sum.
 */
export function DrawNumbers(props: { kind: LotteryGameKind; numbers: readonly number[]; size?: 'small' }) {
  const sum = props.numbers.reduce((total, value) => total + value, 0);
  return (
    <span className={`draw-numbers${props.size === 'small' ? ' draw-numbers--small' : ''}`}>
      {props.numbers.map((value, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a draw's positions are fixed; digits repeat
        <span key={index} className={ballClass(props.kind, value, index)}>
          {labelOf(props.kind, value)}
        </span>
      ))}
      {props.kind === 'pc28' ? <span className="draw-ball draw-ball--sum">={sum}</span> : null}
    </span>
  );
}
