import { type LotteryGameKind, type LotteryPlayId, lotteryPlays } from '@site/contract';

export interface PlayGroup {
  name: string;
  playIds: readonly LotteryPlayId[];
}

/** Plays of a game whose id starts with one of `prefixes`, in the contract's order. */
const playsStarting = (...prefixes: string[]): LotteryPlayId[] =>
  (Object.keys(lotteryPlays) as LotteryPlayId[]).filter((playId) =>
    prefixes.some((prefix) => playId.startsWith(prefix)),
  );

/** The 玩法 groups of each game type, as the play picker's first row shows them. */
export const playGroups: Record<LotteryGameKind, readonly PlayGroup[]> = {
  ssc: [
    { name: '五星', playIds: playsStarting('ssc_5_') },
    { name: '四星', playIds: playsStarting('ssc_4_') },
    { name: '三星', playIds: playsStarting('ssc_3_direct', 'ssc_3_group', 'ssc_3_shape') },
    { name: '二星', playIds: playsStarting('ssc_2_') },
    { name: '定位胆', playIds: ['ssc_position'] },
    { name: '不定位', playIds: ['ssc_3_any_one_back'] },
    { name: '大小单双', playIds: ['ssc_position_sides', 'ssc_sum_sides'] },
    { name: '龙虎', playIds: ['ssc_dragon_tiger'] },
  ],
  pk10: [
    { name: '定位胆', playIds: ['pk10_position'] },
    { name: '两面', playIds: ['pk10_place_sides', 'pk10_dragon_tiger'] },
    { name: '冠亚和', playIds: ['pk10_top2_sum', 'pk10_top2_sum_sides'] },
    { name: '直选组选', playIds: ['pk10_top2_direct', 'pk10_top2_group', 'pk10_top3_direct'] },
  ],
  k3: [
    { name: '和值', playIds: ['k3_sum', 'k3_sides'] },
    { name: '同号', playIds: playsStarting('k3_triple', 'k3_double') },
    { name: '不同号', playIds: ['k3_three_distinct', 'k3_two_distinct', 'k3_straight_any'] },
  ],
  syxw: [
    { name: '任选', playIds: playsStarting('syxw_any') },
    { name: '直选组选', playIds: playsStarting('syxw_front') },
  ],
  markSix: [
    { name: '特码', playIds: playsStarting('mark_six_special', 'mark_six_colour') },
    { name: '正码', playIds: playsStarting('mark_six_regular') },
    { name: '连码', playIds: ['mark_six_two_all', 'mark_six_three_all'] },
    { name: '生肖', playIds: ['mark_six_one_zodiac'] },
  ],
  pc28: [{ name: '全部玩法', playIds: playsStarting('pc28_') }],
};
