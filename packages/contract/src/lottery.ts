import { z } from 'zod';
import { type Fen, fen } from './format.ts';

/**
 * The lottery hall's games and plays (GAMES.md section 3) as both sides need them: the web
 * draws the number board and shows the stake before sending, the server checks the same
 * selection and recomputes the same note count. Winning rules and prizes live on the server.
 */

// ---------------------------------------------------------------------------------------
// Games and their draws
// ---------------------------------------------------------------------------------------

/** What one draw produces: `count` numbers from `min`…`max`, with or without repeats. */
export interface DrawShape {
  count: number;
  min: number;
  max: number;
  /** True: independent numbers (digits, dice). False: drawn without replacement, in draw order. */
  isRepeatAllowed: boolean;
}

export const lotteryGames = {
  ssc: { name: '时时彩', draw: { count: 5, min: 0, max: 9, isRepeatAllowed: true } },
  pk10: { name: '北京赛车', draw: { count: 10, min: 1, max: 10, isRepeatAllowed: false } },
  k3: { name: '快3', draw: { count: 3, min: 1, max: 6, isRepeatAllowed: true } },
  syxw: { name: '11选5', draw: { count: 5, min: 1, max: 11, isRepeatAllowed: false } },
  markSix: { name: '六合彩', draw: { count: 7, min: 1, max: 49, isRepeatAllowed: false } },
  pc28: { name: 'PC28', draw: { count: 3, min: 0, max: 9, isRepeatAllowed: true } },
} as const satisfies Record<string, { name: string; draw: DrawShape }>;

export type LotteryGameKind = keyof typeof lotteryGames;

// ---------------------------------------------------------------------------------------
// Bet units and stake
// ---------------------------------------------------------------------------------------

/** One 注 (note) costs 2 元; the 元/角/分 modes scale stake and prize by 1, 0.1 and 0.01. */
export const lotteryUnits = { yuan: '元', jiao: '角', fen: '分' } as const;
export type LotteryUnit = keyof typeof lotteryUnits;
export const lotteryUnitKeys = Object.keys(lotteryUnits) as LotteryUnit[];

const notePriceFen = { yuan: fen(200n), jiao: fen(20n), fen: fen(2n) } as const satisfies Record<
  LotteryUnit,
  Fen
>;

/** The price of one note in a unit mode: 2.00, 0.20 or 0.02 yuan. */
export function lotteryNotePriceFen(unit: LotteryUnit): Fen {
  return notePriceFen[unit];
}

/** 倍数: a whole multiplier from 1 to 9999. */
export const lotteryMultiplierMax = 9999;

/** Stake of a ticket: notes × note price of the unit × multiplier. */
export function lotteryStakeFen(notes: number, unit: LotteryUnit, multiplier: number): Fen {
  return fen(BigInt(notes) * notePriceFen[unit] * BigInt(multiplier));
}

// ---------------------------------------------------------------------------------------
// Number boards
// ---------------------------------------------------------------------------------------

export interface BoardOption {
  /** What a selection sends. */
  value: number;
  label: string;
}

export interface BoardRow {
  label: string;
  options: readonly BoardOption[];
  /** The smallest number the game calls 大, where its rule says; else 大 is the upper half of the options. */
  bigFrom?: number;
}

/** PK10 冠亚和: 12–19 is 大, 3–11 小 (11 too, with nothing refunded). */
export const pk10TopTwoSumBigFrom = 12;

function numberOptions(min: number, max: number, width = 1): BoardOption[] {
  return Array.from({ length: max - min + 1 }, (_, index) => ({
    value: min + index,
    label: String(min + index).padStart(width, '0'),
  }));
}

function namedOptions(labels: readonly string[]): BoardOption[] {
  return labels.map((label, value) => ({ value, label }));
}

/** 大 小 单 双 as option values: the same four on every game that offers them. */
export const BigSmallOddEven = { big: 0, small: 1, odd: 2, even: 3 } as const;
const bigSmallOddEven = namedOptions(['大', '小', '单', '双']);

export const DragonTiger = { dragon: 0, tiger: 1, tie: 2 } as const;

/** 豹子 / 顺子 / 对子 of three digits. */
export const DigitShape = { triple: 0, straight: 1, pair: 2 } as const;

/** 特码两面 of 六合彩. */
export const MarkSixSide = {
  big: 0,
  small: 1,
  odd: 2,
  even: 3,
  digitSumOdd: 4,
  digitSumEven: 5,
  tailBig: 6,
  tailSmall: 7,
} as const;

export const MarkSixColour = { red: 0, blue: 1, green: 2 } as const;

/** PC28 大单 大双 小单 小双. */
export const Pc28Combination = { bigOdd: 0, bigEven: 1, smallOdd: 2, smallEven: 3 } as const;
export const Pc28Extreme = { high: 0, low: 1 } as const;
export const Pc28Shape = { triple: 0, pair: 1 } as const;

/** 鼠牛虎兔龙蛇马羊猴鸡狗猪 in cycle order; option values are these indexes. */
export const zodiacAnimals = [
  '鼠',
  '牛',
  '虎',
  '兔',
  '龙',
  '蛇',
  '马',
  '羊',
  '猴',
  '鸡',
  '狗',
  '猪',
] as const;

const digitRow = (label: string): BoardRow => ({ label, options: numberOptions(0, 9) });
const sscPositionLabels = ['万位', '千位', '百位', '十位', '个位'] as const;
const sscRows = (from: number, to: number) => sscPositionLabels.slice(from, to).map(digitRow);
const pk10PlaceLabels = [
  '冠军',
  '亚军',
  '第三名',
  '第四名',
  '第五名',
  '第六名',
  '第七名',
  '第八名',
  '第九名',
  '第十名',
];
const carRow = (label: string): BoardRow => ({ label, options: numberOptions(1, 10, 2) });
const syxwRow = (label: string): BoardRow => ({ label, options: numberOptions(1, 11, 2) });
const markSixRow = (label: string): BoardRow => ({ label, options: numberOptions(1, 49, 2) });
const dieRow = (label: string): BoardRow => ({ label, options: numberOptions(1, 6) });
const namedRow = (label: string, labels: readonly string[]): BoardRow => ({
  label,
  options: namedOptions(labels),
});

// ---------------------------------------------------------------------------------------
// Plays
// ---------------------------------------------------------------------------------------

/**
 * How picks on the board become notes:
 * - each: every pick is one note (定位胆, 和值, 大小单双 …);
 * - product: one pick from every row, repeats across rows allowed (直选 复式);
 * - distinct: row r gives `picks[r]` values, all values of a note different (组选, 任选,
 *   冠亚直选 …); a value picked on two rows counts on one of them per note;
 * - orderedPair: two different values of the one row, which one is doubled matters (组三).
 */
export type NoteRule =
  | { kind: 'each' }
  | { kind: 'product' }
  | { kind: 'distinct'; picks: readonly number[] }
  | { kind: 'orderedPair' };

export interface LotteryPlay {
  game: LotteryGameKind;
  name: string;
  rows: readonly BoardRow[];
  notes: NoteRule;
}

const each = { kind: 'each' } as const;
const product = { kind: 'product' } as const;
const distinct = (...picks: number[]): NoteRule => ({ kind: 'distinct', picks });

const sscGroupPlays = {
  ssc_5_group120: { name: '五星组选120', rows: [digitRow('组选120')], notes: distinct(5) },
  ssc_5_group60: { name: '五星组选60', rows: [digitRow('二重号'), digitRow('单号')], notes: distinct(1, 3) },
  ssc_5_group30: { name: '五星组选30', rows: [digitRow('二重号'), digitRow('单号')], notes: distinct(2, 1) },
  ssc_5_group20: { name: '五星组选20', rows: [digitRow('三重号'), digitRow('单号')], notes: distinct(1, 2) },
  ssc_5_group10: {
    name: '五星组选10',
    rows: [digitRow('三重号'), digitRow('二重号')],
    notes: distinct(1, 1),
  },
  ssc_5_group5: { name: '五星组选5', rows: [digitRow('四重号'), digitRow('单号')], notes: distinct(1, 1) },
} as const;

const sscPlays = {
  ssc_5_direct: { name: '五星直选', rows: sscRows(0, 5), notes: product },
  ...sscGroupPlays,
  ssc_4_direct: { name: '后四直选', rows: sscRows(1, 5), notes: product },
  ssc_3_direct_front: { name: '前三直选', rows: sscRows(0, 3), notes: product },
  ssc_3_direct_middle: { name: '中三直选', rows: sscRows(1, 4), notes: product },
  ssc_3_direct_back: { name: '后三直选', rows: sscRows(2, 5), notes: product },
  ssc_3_group3_front: { name: '前三组三', rows: [digitRow('组三')], notes: { kind: 'orderedPair' } },
  ssc_3_group3_back: { name: '后三组三', rows: [digitRow('组三')], notes: { kind: 'orderedPair' } },
  ssc_3_group6_front: { name: '前三组六', rows: [digitRow('组六')], notes: distinct(3) },
  ssc_3_group6_back: { name: '后三组六', rows: [digitRow('组六')], notes: distinct(3) },
  ssc_2_direct_front: { name: '前二直选', rows: sscRows(0, 2), notes: product },
  ssc_2_direct_back: { name: '后二直选', rows: sscRows(3, 5), notes: product },
  ssc_2_group_front: { name: '前二组选', rows: [digitRow('组选')], notes: distinct(2) },
  ssc_2_group_back: { name: '后二组选', rows: [digitRow('组选')], notes: distinct(2) },
  ssc_position: { name: '定位胆', rows: sscRows(0, 5), notes: each },
  ssc_3_any_one_back: { name: '后三一码不定位', rows: [digitRow('不定位')], notes: each },
  ssc_position_sides: {
    name: '大小单双',
    rows: sscPositionLabels.map((label) => namedRow(label, ['大', '小', '单', '双'])),
    notes: each,
  },
  ssc_sum_sides: { name: '总和大小单双', rows: [{ label: '总和', options: bigSmallOddEven }], notes: each },
  ssc_dragon_tiger: { name: '龙虎和', rows: [namedRow('万位对个位', ['龙', '虎', '和'])], notes: each },
  ssc_3_shape_back: { name: '后三形态', rows: [namedRow('后三', ['豹子', '顺子', '对子'])], notes: each },
} as const;

const pk10Plays = {
  pk10_position: { name: '定位胆', rows: pk10PlaceLabels.map(carRow), notes: each },
  pk10_place_sides: {
    name: '两面',
    rows: pk10PlaceLabels.map((label) => ({ label, options: bigSmallOddEven })),
    notes: each,
  },
  pk10_dragon_tiger: {
    name: '龙虎',
    rows: pk10PlaceLabels.slice(0, 5).map((label) => namedRow(label, ['龙', '虎'])),
    notes: each,
  },
  pk10_top2_sum: {
    name: '冠亚和值',
    rows: [{ label: '冠亚和', options: numberOptions(3, 19), bigFrom: pk10TopTwoSumBigFrom }],
    notes: each,
  },
  pk10_top2_sum_sides: {
    name: '冠亚和大小单双',
    rows: [{ label: '冠亚和', options: bigSmallOddEven }],
    notes: each,
  },
  pk10_top2_direct: {
    name: '冠亚直选',
    rows: pk10PlaceLabels.slice(0, 2).map(carRow),
    notes: distinct(1, 1),
  },
  pk10_top2_group: { name: '冠亚组选', rows: [carRow('冠亚')], notes: distinct(2) },
  pk10_top3_direct: {
    name: '前三直选',
    rows: pk10PlaceLabels.slice(0, 3).map(carRow),
    notes: distinct(1, 1, 1),
  },
} as const;

const k3Plays = {
  k3_sum: { name: '和值', rows: [{ label: '和值', options: numberOptions(3, 18) }], notes: each },
  k3_sides: { name: '大小单双', rows: [{ label: '和值', options: bigSmallOddEven }], notes: each },
  k3_triple_single: {
    name: '三同号单选',
    rows: [
      { label: '三同号', options: [1, 2, 3, 4, 5, 6].map((d) => ({ value: d, label: `${d}${d}${d}` })) },
    ],
    notes: each,
  },
  k3_triple_any: { name: '三同号通选', rows: [namedRow('通选', ['三同号通选'])], notes: each },
  k3_double_single: { name: '二同号单选', rows: [dieRow('同号'), dieRow('不同号')], notes: distinct(1, 1) },
  k3_double_any: {
    name: '二同号复选',
    rows: [{ label: '二同号', options: [1, 2, 3, 4, 5, 6].map((d) => ({ value: d, label: `${d}${d}*` })) }],
    notes: each,
  },
  k3_three_distinct: { name: '三不同号', rows: [dieRow('三不同号')], notes: distinct(3) },
  k3_two_distinct: { name: '二不同号', rows: [dieRow('二不同号')], notes: distinct(2) },
  k3_straight_any: { name: '三连号通选', rows: [namedRow('通选', ['三连号通选'])], notes: each },
} as const;

const syxwPlays = {
  syxw_any1: { name: '任选一中一', rows: [syxwRow('选号')], notes: distinct(1) },
  syxw_any2: { name: '任选二中二', rows: [syxwRow('选号')], notes: distinct(2) },
  syxw_any3: { name: '任选三中三', rows: [syxwRow('选号')], notes: distinct(3) },
  syxw_any4: { name: '任选四中四', rows: [syxwRow('选号')], notes: distinct(4) },
  syxw_any5: { name: '任选五中五', rows: [syxwRow('选号')], notes: distinct(5) },
  syxw_any6: { name: '任选六中五', rows: [syxwRow('选号')], notes: distinct(6) },
  syxw_any7: { name: '任选七中五', rows: [syxwRow('选号')], notes: distinct(7) },
  syxw_any8: { name: '任选八中五', rows: [syxwRow('选号')], notes: distinct(8) },
  syxw_front1: { name: '前一直选', rows: [syxwRow('第一位')], notes: each },
  syxw_front2_direct: {
    name: '前二直选',
    rows: [syxwRow('第一位'), syxwRow('第二位')],
    notes: distinct(1, 1),
  },
  syxw_front2_group: { name: '前二组选', rows: [syxwRow('组选')], notes: distinct(2) },
  syxw_front3_direct: {
    name: '前三直选',
    rows: [syxwRow('第一位'), syxwRow('第二位'), syxwRow('第三位')],
    notes: distinct(1, 1, 1),
  },
  syxw_front3_group: { name: '前三组选', rows: [syxwRow('组选')], notes: distinct(3) },
} as const;

const markSixPlays = {
  mark_six_special: { name: '特码', rows: [markSixRow('特码')], notes: each },
  mark_six_special_sides: {
    name: '特码两面',
    rows: [namedRow('特码', ['大', '小', '单', '双', '合单', '合双', '尾大', '尾小'])],
    notes: each,
  },
  mark_six_colour: { name: '波色', rows: [namedRow('特码', ['红波', '蓝波', '绿波'])], notes: each },
  mark_six_special_zodiac: { name: '特码生肖', rows: [namedRow('特码', zodiacAnimals)], notes: each },
  mark_six_regular: { name: '正码', rows: [markSixRow('正码')], notes: each },
  mark_six_regular_special: {
    name: '正码特',
    rows: ['正一特', '正二特', '正三特', '正四特', '正五特', '正六特'].map(markSixRow),
    notes: each,
  },
  mark_six_two_all: { name: '二全中', rows: [markSixRow('连码')], notes: distinct(2) },
  mark_six_three_all: { name: '三全中', rows: [markSixRow('连码')], notes: distinct(3) },
  mark_six_one_zodiac: { name: '一肖', rows: [namedRow('一肖', zodiacAnimals)], notes: each },
} as const;

const pc28Plays = {
  pc28_sum: { name: '特码', rows: [{ label: '和值', options: numberOptions(0, 27) }], notes: each },
  pc28_sides: { name: '大小单双', rows: [{ label: '和值', options: bigSmallOddEven }], notes: each },
  pc28_combination: { name: '组合', rows: [namedRow('组合', ['大单', '大双', '小单', '小双'])], notes: each },
  pc28_extreme: { name: '极值', rows: [namedRow('极值', ['极大', '极小'])], notes: each },
  pc28_shape: { name: '形态', rows: [namedRow('形态', ['豹子', '对子'])], notes: each },
} as const;

function ofGame<Plays extends Record<string, Omit<LotteryPlay, 'game'>>>(
  game: LotteryGameKind,
  plays: Plays,
) {
  return Object.fromEntries(Object.entries(plays).map(([id, play]) => [id, { ...play, game }])) as {
    [Id in keyof Plays]: Plays[Id] & { game: LotteryGameKind };
  };
}

/** Every play, keyed by its id; the id is what a ticket names. */
export const lotteryPlays = {
  ...ofGame('ssc', sscPlays),
  ...ofGame('pk10', pk10Plays),
  ...ofGame('k3', k3Plays),
  ...ofGame('syxw', syxwPlays),
  ...ofGame('markSix', markSixPlays),
  ...ofGame('pc28', pc28Plays),
} satisfies Record<string, LotteryPlay>;

export type LotteryPlayId = keyof typeof lotteryPlays;
export const lotteryPlayIds = Object.keys(lotteryPlays) as [LotteryPlayId, ...LotteryPlayId[]];

// ---------------------------------------------------------------------------------------
// Selections and tickets
// ---------------------------------------------------------------------------------------

/** A ticket's picks: one list of option values per board row, in row order. */
export type LotterySelection = readonly (readonly number[])[];

/** Wide enough for every board (10 rows, 49 options); each play narrows it in `checkSelection`. */
export const lotterySelectionSchema = z
  .array(z.array(z.int().min(0).max(99)).max(49))
  .min(1)
  .max(10)
  .describe('picks per board row, in row order');

export const lotteryTicketSchema = z.object({
  playId: z.enum(lotteryPlayIds),
  selection: lotterySelectionSchema,
  unit: z.enum(lotteryUnitKeys as [LotteryUnit, ...LotteryUnit[]]),
  multiplier: z.int().min(1).max(lotteryMultiplierMax),
});
export type LotteryTicket = z.infer<typeof lotteryTicketSchema>;

/** Why a selection is refused; the text is shown to the player. */
export const lotterySelectionProblems = {
  rowCount: '选号行数与玩法不符',
  unknownOption: '所选号码不在该玩法的号码范围内',
  repeatedOption: '同一行内号码重复',
  noNote: '所选号码不足一注',
} as const;
export type LotterySelectionProblem = keyof typeof lotterySelectionProblems;

export type SelectionCheck =
  | { isValid: true; notes: number }
  | { isValid: false; problem: LotterySelectionProblem };

/** Checks a selection against its play's board and counts its notes (注数). */
export function checkSelection(playId: LotteryPlayId, selection: LotterySelection): SelectionCheck {
  const play = lotteryPlays[playId];
  if (selection.length !== play.rows.length) {
    return { isValid: false, problem: 'rowCount' };
  }
  for (const [index, row] of play.rows.entries()) {
    const picks = selection[index] ?? [];
    if (new Set(picks).size !== picks.length) {
      return { isValid: false, problem: 'repeatedOption' };
    }
    if (!picks.every((value) => row.options.some((option) => option.value === value))) {
      return { isValid: false, problem: 'unknownOption' };
    }
  }
  const notes = countNotes(play.notes, selection);
  return notes > 0 ? { isValid: true, notes } : { isValid: false, problem: 'noNote' };
}

/** Notes of a selection already checked against its board (distinct, known options). */
function countNotes(rule: NoteRule, selection: LotterySelection): number {
  switch (rule.kind) {
    case 'each':
      return selection.reduce((total, picks) => total + picks.length, 0);
    case 'product':
      return selection.reduce((total, picks) => total * picks.length, 1);
    case 'distinct':
      return countDisjointChoices(selection, rule.picks, 0, new Set());
    case 'orderedPair': {
      const count = selection[0]?.length ?? 0;
      return count * (count - 1);
    }
    default:
      return assertNeverRule(rule);
  }
}

/** Ways to take `picks[r]` values from each row r so that no value is taken twice. */
function countDisjointChoices(
  selection: LotterySelection,
  picks: readonly number[],
  row: number,
  taken: ReadonlySet<number>,
): number {
  const wanted = picks[row];
  if (wanted === undefined) {
    return 1;
  }
  const free = (selection[row] ?? []).filter((value) => !taken.has(value));
  if (row === picks.length - 1) {
    return binomial(free.length, wanted);
  }
  let total = 0;
  for (const subset of subsetsOf(free, wanted)) {
    total += countDisjointChoices(selection, picks, row + 1, new Set([...taken, ...subset]));
  }
  return total;
}

function* subsetsOf(values: readonly number[], size: number, from = 0): Generator<number[]> {
  if (size === 0) {
    yield [];
    return;
  }
  for (let index = from; index <= values.length - size; index += 1) {
    for (const rest of subsetsOf(values, size - 1, index + 1)) {
      yield [values[index] as number, ...rest];
    }
  }
}

/** C(n, k) for the small n of a board; 0 when k > n. */
export function binomial(n: number, k: number): number {
  if (k < 0 || k > n) {
    return 0;
  }
  let result = 1;
  for (let index = 1; index <= k; index += 1) {
    result = (result * (n - k + index)) / index;
  }
  return result;
}

function assertNeverRule(rule: never): never {
  throw new Error(`unknown note rule ${JSON.stringify(rule)}`);
}

// ---------------------------------------------------------------------------------------
// 六合彩 zodiac year
// ---------------------------------------------------------------------------------------

/** 春节 (lunar new year's day, Asia/Shanghai) of 2020…2040; 2020 is a year of the rat (鼠). */
const lunarNewYears = [
  '2020-01-25',
  '2021-02-12',
  '2022-02-01',
  '2023-01-22',
  '2024-02-10',
  '2025-01-29',
  '2026-02-17',
  '2027-02-06',
  '2028-01-26',
  '2029-02-13',
  '2030-02-03',
  '2031-01-23',
  '2032-02-11',
  '2033-01-31',
  '2034-02-19',
  '2035-02-08',
  '2036-01-28',
  '2037-02-15',
  '2038-02-04',
  '2039-01-24',
  '2040-02-12',
] as const;

/**
 * The animal (index into `zodiacAnimals`) of the lunar year at `instant`, which 六合彩's number
 * 1 carries. Asserts the instant is within the table (2020-01-25 to 2041-02-01).
 */
export function zodiacYearAnimal(instant: Date): number {
  const shanghaiDay = new Date(instant.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
  const yearIndex = lunarNewYears.findLastIndex((day) => day <= shanghaiDay);
  if (yearIndex < 0 || (yearIndex === lunarNewYears.length - 1 && shanghaiDay >= '2041-02-01')) {
    throw new Error(`zodiacYearAnimal: ${instant.toISOString()} is outside the lunar calendar table`);
  }
  return yearIndex % zodiacAnimals.length;
}

/** The animal of a 六合彩 number: 1 carries the year's animal, each next one the animal before. */
export function markSixZodiacOf(number: number, yearAnimal: number): number {
  const count = zodiacAnimals.length;
  return (((yearAnimal - (number - 1)) % count) + count) % count;
}

const markSixRedNumbers = [1, 2, 7, 8, 12, 13, 18, 19, 23, 24, 29, 30, 34, 35, 40, 45, 46];
const markSixBlueNumbers = [3, 4, 9, 10, 14, 15, 20, 25, 26, 31, 36, 37, 41, 42, 47, 48];

/** 波色 of a 六合彩 number (a `MarkSixColour` value): 17 red, 16 blue, 16 green. */
export function markSixColourOf(number: number): number {
  if (markSixRedNumbers.includes(number)) {
    return MarkSixColour.red;
  }
  return markSixBlueNumbers.includes(number) ? MarkSixColour.blue : MarkSixColour.green;
}
