/**
 * The leagues and teams of the built-in simulated feed. Every club is made up and every league
 * is named 虚拟 (virtual): a simulated match must never pass for a real one, so no real club,
 * player or competition appears. A real feed behind the same interface brings real fixtures.
 */

export type Sport = 'football' | 'basketball' | 'esports';

/** The esports titles of the DJ category (GAMES.md section 6). */
export type EsportsTitle = 'lol' | 'dota2' | 'cs2' | 'hok';

export interface League {
  readonly code: string;
  readonly name: string;
  readonly sport: Sport;
  readonly title?: EsportsTitle;
  readonly teams: readonly string[];
}

const footballLeagues: readonly League[] = [
  {
    code: 'vfl-premier',
    name: '虚拟足球超级联赛',
    sport: 'football',
    teams: [
      '江城雄狮',
      '海港飞鹰',
      '北岸联',
      '东港竞技',
      '蓝湾流浪者',
      '红山矿工',
      '西岭猎手',
      '金沙城',
      '青石桥',
      '白鹭洲',
    ],
  },
  {
    code: 'vfl-champions',
    name: '虚拟足球冠军杯',
    sport: 'football',
    teams: [
      '星河皇家',
      '铁堡',
      '南风竞技',
      '雪原之狼',
      '赤焰',
      '翡翠湾',
      '长河体育',
      '黑松林',
      '云顶',
      '银月城',
    ],
  },
  {
    code: 'vfl-league-one',
    name: '虚拟足球甲级联赛',
    sport: 'football',
    teams: ['松江', '古港联', '临川', '望海', '石门', '橙园', '北境', '沙洲', '枫林', '霞浦'],
  },
];

const basketballLeagues: readonly League[] = [
  {
    code: 'vbl-pro',
    name: '虚拟篮球职业联赛',
    sport: 'basketball',
    teams: ['雷霆鲨鱼', '沙漠之鹰', '钢铁巨人', '烈焰凤凰', '冰川猛犸', '风暴骑士', '天空之翼', '丛林猎豹'],
  },
];

const esportsLeagues: readonly League[] = [
  {
    code: 'ves-lol',
    name: '虚拟电竞 英雄联盟邀请赛',
    sport: 'esports',
    title: 'lol',
    teams: ['苍穹电竞', '零度战队', '星火', '夜莺', '赤狐', '极光', '黑曜石', '深蓝'],
  },
  {
    code: 'ves-dota2',
    name: '虚拟电竞 DOTA2 联赛',
    sport: 'esports',
    title: 'dota2',
    teams: ['远古之影', '霜语', '战鼓', '秘境', '流星', '破晓', '幽灵', '铁卫'],
  },
  {
    code: 'ves-cs2',
    name: '虚拟电竞 CS2 大师赛',
    sport: 'esports',
    title: 'cs2',
    teams: ['狙击手', '猎鹰', '磐石', '闪电', '暗夜', '烽火', '钢锋', '白狼'],
  },
  {
    code: 'ves-hok',
    name: '虚拟电竞 王者荣耀联赛',
    sport: 'esports',
    title: 'hok',
    teams: ['长安', '洛水', '天策', '昆仑', '蜀山', '青龙', '朱雀', '玄武'],
  },
];

export const leagues: readonly League[] = [...footballLeagues, ...basketballLeagues, ...esportsLeagues];
