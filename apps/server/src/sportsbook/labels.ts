/**
 * Chinese names of markets and picks as the sportsbook pages show them (GAMES.md 2.1 and 6):
 * 让球 主 -0.75, 大小 大 2.5, 波胆 2-1. Lines are in quarter goals (points, maps).
 */
import { type SportsbookSport, sportsbookMarketKindNames } from '@site/contract';
import type { Market, Selection, ThreeWay } from './markets.ts';

const threeWayNames: Record<ThreeWay, string> = { home: '主胜', draw: '和局', away: '客胜' };
const shortThreeWay: Record<ThreeWay, string> = { home: '主', draw: '和', away: '客' };

/** A line in quarters as text: −3 is "-0.75", 10 is "2.5". */
export function lineText(quarters: number, isSigned: boolean): string {
  const value = quarters / 4;
  const text = Number.isInteger(value) ? value.toFixed(1) : String(value);
  return isSigned && value > 0 ? `+${text}` : text;
}

const kindNames: Record<SportsbookSport, Record<Market['kind'], string>> = {
  football: sportsbookMarketKindNames,
  basketball: {
    match_result: '独赢',
    asian_handicap: '让分',
    over_under: '总分',
    odd_even: '单双',
    correct_score: '比分',
    total_goals: '总分区间',
    both_teams_to_score: '双方得分',
    double_chance: '双重机会',
    half_time_full_time: '半全场',
  },
  esports: {
    match_result: '独赢',
    asian_handicap: '地图让分',
    over_under: '总地图数',
    odd_even: '单双',
    correct_score: '正确比分',
    total_goals: '总地图区间',
    both_teams_to_score: '双方胜图',
    double_chance: '双重机会',
    half_time_full_time: '半全场',
  },
};

export function marketName(sport: SportsbookSport, market: Market): string {
  const name = kindNames[sport][market.kind];
  return market.kind !== 'half_time_full_time' && market.period === 'half_time' ? `半场${name}` : name;
}

export function marketLine(market: Market): string | null {
  switch (market.kind) {
    case 'asian_handicap':
      return lineText(market.homeLineQuarters, true);
    case 'over_under':
      return lineText(market.lineQuarters, false);
    default:
      return null;
  }
}

const doubleChanceNames = {
  home_or_draw: '主胜或和局',
  home_or_away: '主胜或客胜',
  draw_or_away: '和局或客胜',
};

export function selectionName(selection: Selection): string {
  switch (selection.kind) {
    case 'match_result':
      return threeWayNames[selection.pick];
    case 'asian_handicap':
      return selection.pick === 'home'
        ? `主 ${lineText(selection.homeLineQuarters, true)}`
        : `客 ${lineText(-selection.homeLineQuarters, true)}`;
    case 'over_under':
      return `${selection.pick === 'over' ? '大' : '小'} ${lineText(selection.lineQuarters, false)}`;
    case 'odd_even':
      return selection.pick === 'odd' ? '单' : '双';
    case 'correct_score':
      return selection.pick === 'other' ? '其他' : `${selection.pick.home}-${selection.pick.away}`;
    case 'total_goals':
      return selection.pick;
    case 'both_teams_to_score':
      return selection.pick === 'yes' ? '是' : '否';
    case 'double_chance':
      return doubleChanceNames[selection.pick];
    case 'half_time_full_time':
      return `${shortThreeWay[selection.pick.halfTime]}/${shortThreeWay[selection.pick.fullTime]}`;
  }
}

/** 单注, N串1, and the M串N of a system. */
export function slipName(
  kind: 'single' | 'parlay' | 'system',
  legCount: number,
  ticketCount: number,
): string {
  return kind === 'single' ? '单注' : `${legCount}串${kind === 'parlay' ? 1 : ticketCount}`;
}
