import {
  type AdminLotteryGame,
  type LotteryDrawStatus,
  type LotteryGameKind,
  type LotteryTicketStatus,
  lotteryGames,
  lotteryUnits,
} from '@site/contract';

/** Labels and small formats the lottery pages share, as ProTable value enums. */

export const drawStatusEnum = {
  open: { text: '销售中', status: 'Processing' },
  closing: { text: '已封盘', status: 'Warning' },
  drawn: { text: '已开奖', status: 'Success' },
  settled: { text: '已派奖', status: 'Success' },
  cancelled: { text: '已撤单', status: 'Error' },
} satisfies Record<LotteryDrawStatus, { text: string; status: string }>;

export const ticketStatusEnum = {
  placing: { text: '下注中', status: 'Processing' },
  open: { text: '待开奖', status: 'Processing' },
  won: { text: '已中奖', status: 'Success' },
  lost: { text: '未中奖', status: 'Default' },
  void: { text: '已退款', status: 'Warning' },
} satisfies Record<LotteryTicketStatus, { text: string; status: string }>;

export const unitEnum = Object.fromEntries(
  Object.entries(lotteryUnits).map(([unit, text]) => [unit, { text }]),
) as Record<keyof typeof lotteryUnits, { text: string }>;

export function kindName(kind: LotteryGameKind): string {
  return lotteryGames[kind].name;
}

/** Basis points of the fair payout as the percentage staff read: 1000 → 10.00%. */
export function bpsText(bps: number): string {
  return `${(bps / 100).toFixed(2)}%`;
}

/** Seconds after Beijing midnight as a clock time: 77400 → 21:30:00, the next midnight 24:00:00. */
export function clockText(secondsOfDay: number): string {
  const seconds = Math.min(Math.max(secondsOfDay, 0), 86_400);
  const parts = [Math.floor(seconds / 3600), Math.floor((seconds % 3600) / 60), seconds % 60];
  return parts.map((part) => String(part).padStart(2, '0')).join(':');
}

/** 60 → 60秒, 300 → 5分钟, 86400 → 1天: how a draw interval reads. */
export function intervalText(seconds: number): string {
  if (seconds % 86_400 === 0) {
    return `${seconds / 86_400}天`;
  }
  if (seconds % 3_600 === 0) {
    return `${seconds / 3_600}小时`;
  }
  return seconds % 60 === 0 && seconds >= 120 ? `${seconds / 60}分钟` : `${seconds}秒`;
}

/** A game's cycle: how often it draws and how long before each draw betting closes. */
export function scheduleText(game: Pick<AdminLotteryGame, 'intervalSeconds' | 'closingSeconds'>): string {
  const every = game.intervalSeconds === 86_400 ? '每天' : `每${intervalText(game.intervalSeconds)}`;
  return `${every}一期，开奖前 ${game.closingSeconds} 秒封盘`;
}

/** A game's daily window: the first draw, the last one and how many issues a day holds. */
export function dailyWindowText(
  game: Pick<AdminLotteryGame, 'firstDrawSeconds' | 'intervalSeconds' | 'issuesPerDay'>,
): string {
  if (game.issuesPerDay === 1) {
    return `每日 ${clockText(game.firstDrawSeconds)} 开奖 1 期`;
  }
  const last = game.firstDrawSeconds + (game.issuesPerDay - 1) * game.intervalSeconds;
  return `${clockText(game.firstDrawSeconds)} 至 ${clockText(last)}，每日 ${game.issuesPerDay} 期`;
}

/** The drawn numbers as staff copy them: two digits where a game's numbers reach 10. */
export function numbersText(numbers: ReadonlyArray<number> | null, kind?: LotteryGameKind): string {
  if (!numbers) {
    return '';
  }
  const isPadded = kind !== undefined && lotteryGames[kind].draw.max >= 10;
  return numbers.map((number) => (isPadded ? String(number).padStart(2, '0') : String(number))).join(',');
}

/** Options of a game select, by code with the name beside it. */
export function gameOptions(games: ReadonlyArray<AdminLotteryGame>) {
  return games.map((game) => ({ value: game.code, label: `${game.name}（${game.code}）` }));
}

export function gameEnum(games: ReadonlyArray<AdminLotteryGame>) {
  return Object.fromEntries(games.map((game) => [game.code, { text: game.name }]));
}
