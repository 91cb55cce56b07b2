/**
 * 走势图 maths over a game's recent draws, one position at a time: for every draw, each value's
 * 遗漏 (draws since it last came out at that position), and per value how often it came, its
 * current and longest 遗漏, and whether it runs hot or cold.
 */

export interface TrendCell {
  value: number;
  isHit: boolean;
  /** Draws since the value last came out here, this one included; 0 on a hit. */
  missing: number;
}

export interface TrendRow {
  issueNo: string;
  drawn: number;
  cells: TrendCell[];
}

export interface TrendValueStats {
  value: number;
  count: number;
  currentMissing: number;
  maxMissing: number;
  temperature: 'hot' | 'cold' | 'normal';
}

export interface PositionTrend {
  rows: TrendRow[];
  stats: TrendValueStats[];
}

export interface TrendDraw {
  issueNo: string;
  numbers: readonly number[];
}

/** How many values count as hot, and as cold, on a board of `valueCount` values. */
export function temperatureBandOf(valueCount: number): number {
  return Math.max(1, Math.floor(valueCount / 5));
}

/**
 * The trend of `position` over `draws` (oldest first), for the board's `values`, with the values
 * drawn most often marked hot and those drawn least cold.
 */
export function positionTrend(
  draws: readonly TrendDraw[],
  position: number,
  values: readonly number[],
): PositionTrend {
  const missing = new Map(values.map((value) => [value, 0]));
  const stats = new Map(
    values.map((value) => [value, { value, count: 0, currentMissing: 0, maxMissing: 0 }]),
  );
  const rows: TrendRow[] = [];
  for (const draw of draws) {
    const drawn = draw.numbers[position];
    if (drawn === undefined) {
      continue;
    }
    const cells = values.map((value) => {
      const isHit = value === drawn;
      const since = isHit ? 0 : (missing.get(value) ?? 0) + 1;
      missing.set(value, since);
      const stat = stats.get(value);
      if (stat) {
        stat.count += isHit ? 1 : 0;
        stat.currentMissing = since;
        stat.maxMissing = Math.max(stat.maxMissing, since);
      }
      return { value, isHit, missing: since };
    });
    rows.push({ issueNo: draw.issueNo, drawn, cells });
  }
  const plain = [...stats.values()];
  return {
    rows,
    stats:
      rows.length === 0 ? plain.map((stat) => ({ ...stat, temperature: 'normal' })) : withTemperatures(plain),
  };
}

/**
 * Hot: drawn at least as often as the `band`-th most drawn value; cold: at most as often as the
 * `band`-th least drawn. Ties share the mark, so equal values are never told apart at random; a
 * value drawn as often as the most (or least) drawn one is not cold (or hot).
 */
function withTemperatures(stats: Omit<TrendValueStats, 'temperature'>[]): TrendValueStats[] {
  const band = temperatureBandOf(stats.length);
  const counts = stats.map((stat) => stat.count).sort((a, b) => b - a);
  const most = counts[0] ?? 0;
  const least = counts.at(-1) ?? 0;
  const hotFrom = Math.max(1, counts[band - 1] ?? 1);
  const coldUpTo = counts[counts.length - band] ?? 0;
  return stats.map((stat) => ({
    ...stat,
    temperature:
      stat.count >= hotFrom && stat.count > least
        ? 'hot'
        : stat.count <= coldUpTo && stat.count < most
          ? 'cold'
          : 'normal',
  }));
}
