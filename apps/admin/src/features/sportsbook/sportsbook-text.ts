import type {
  AdminSportsbookMatch,
  SportsbookBetKind,
  SportsbookBetStatus,
  SportsbookLegResult,
  SportsbookMarketStatus,
  SportsbookMatchStatus,
  SportsbookReceivableState,
  SportsbookSport,
  SportsbookSuspendReason,
} from '@site/contract';

/** Labels the sportsbook pages share, as ProTable value enums; the words match the member site's. */

export const sportEnum = {
  football: { text: '足球' },
  basketball: { text: '篮球' },
  esports: { text: '电竞' },
} satisfies Record<SportsbookSport, { text: string }>;

export const matchStatusEnum = {
  scheduled: { text: '未开赛', status: 'Default' },
  live: { text: '进行中', status: 'Processing' },
  finished: { text: '已完场', status: 'Success' },
  cancelled: { text: '已取消', status: 'Error' },
} satisfies Record<SportsbookMatchStatus, { text: string; status: string }>;

export const betStatusEnum = {
  placing: { text: '提交中', status: 'Processing' },
  pending: { text: '确认中', status: 'Processing' },
  open: { text: '未结算', status: 'Processing' },
  settled: { text: '已结算', status: 'Success' },
  void: { text: '已取消', status: 'Warning' },
  rejected: { text: '已拒绝', status: 'Error' },
  cashed_out: { text: '已提前结算', status: 'Success' },
} satisfies Record<SportsbookBetStatus, { text: string; status: string }>;

export const receivableStateEnum = {
  open: { text: '未追回', status: 'Error' },
  partial: { text: '部分追回', status: 'Warning' },
  recovered: { text: '已追回', status: 'Success' },
} satisfies Record<SportsbookReceivableState, { text: string; status: string }>;

export const betKindNames = {
  single: '单注',
  parlay: '串关',
  system: '复式串关',
} satisfies Record<SportsbookBetKind, string>;

export const legResultNames = {
  win: '赢',
  half_win: '赢半',
  push: '走盘',
  half_loss: '输半',
  loss: '输',
  void: '取消',
} satisfies Record<SportsbookLegResult, string>;

export const marketStatusNames = {
  open: '开盘',
  suspended: '封盘',
  closed: '已关闭',
} satisfies Record<SportsbookMarketStatus, string>;

/** Why a market is suspended, as the liability route says. */
export const suspendReasonNames = {
  exposure_cap: '风险封盘',
  held: '人工封盘',
  feed: '数据源封盘',
} satisfies Record<SportsbookSuspendReason, string>;

export function scoreText(score: { home: number; away: number } | null | undefined): string {
  return score ? `${score.home}-${score.away}` : '-';
}

/** 主队 vs 客队, as the match reads in a row. */
export function teamsText(match: Pick<AdminSportsbookMatch, 'home' | 'away'>): string {
  return `${match.home} vs ${match.away}`;
}

/** Staff may 封盘 / 开盘 only a match not over yet (the server refuses the rest). */
export function isHoldable(match: Pick<AdminSportsbookMatch, 'status'>): boolean {
  return match.status === 'scheduled' || match.status === 'live';
}

/** Only a finished match with a result has one to correct. */
export function isCorrectable(match: Pick<AdminSportsbookMatch, 'status' | 'result'>): boolean {
  return match.status === 'finished' && match.result !== null;
}

/** Why a match takes no bets now, in the words staff read in the list; empty when it does. */
export function suspensionText(
  match: Pick<AdminSportsbookMatch, 'status' | 'isHeld' | 'isSuspended' | 'heldMarketKeys'>,
): string {
  if (!isHoldable(match)) {
    return '';
  }
  const parts = [
    ...(match.isHeld ? ['人工封盘'] : []),
    ...(match.isSuspended && !match.isHeld ? ['数据源封盘'] : []),
    ...(match.heldMarketKeys.length > 0 ? [`${match.heldMarketKeys.length} 个盘口人工封盘`] : []),
  ];
  return parts.join('，');
}

const phaseNames: Record<string, string> = {
  not_started: '未开赛',
  first_half: '上半场',
  half_time: '中场休息',
  second_half: '下半场',
  live: '进行中',
  finished: '已完场',
};

/** The feed's phase of a match in play; an unknown one as the feed names it. */
export function phaseText(phase: string): string {
  return phaseNames[phase] ?? phase;
}
