import { type LotteryGameKind, lotteryGames } from '@site/contract';

/** One column set of the 走势图: a position of the draw, or a figure read from all of it. */
export interface TrendSeries {
  label: string;
  values: number[];
  of: (numbers: readonly number[]) => number | undefined;
}

const positionLabels: Record<LotteryGameKind, readonly string[]> = {
  ssc: ['万位', '千位', '百位', '十位', '个位'],
  pk10: ['冠军', '亚军', '第三名', '第四名', '第五名', '第六名', '第七名', '第八名', '第九名', '第十名'],
  k3: ['第一骰', '第二骰', '第三骰'],
  syxw: ['第一位', '第二位', '第三位', '第四位', '第五位'],
  markSix: ['正码一', '正码二', '正码三', '正码四', '正码五', '正码六', '特码'],
  pc28: ['第一区', '第二区', '第三区'],
};

const range = (min: number, max: number) => Array.from({ length: max - min + 1 }, (_, index) => min + index);
const sumOf = (numbers: readonly number[]) => numbers.reduce((total, value) => total + value, 0);

/** The 走势图's series of a game type: each position, and the sum where the game plays it (快3, PC28). */
export function trendSeriesOf(kind: LotteryGameKind, sumLabel: string): TrendSeries[] {
  const { min, max, count } = lotteryGames[kind].draw;
  const positions = positionLabels[kind].map((label, position) => ({
    label,
    values: range(min, max),
    of: (numbers: readonly number[]) => numbers[position],
  }));
  const sums =
    kind === 'k3' || kind === 'pc28'
      ? [{ label: sumLabel, values: range(min * count, max * count), of: sumOf }]
      : [];
  return [...positions, ...sums];
}
