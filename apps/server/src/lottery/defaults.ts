import { type Fen, fen, type LotteryGameKind } from '@site/contract';

/**
 * The games every site's hall starts with (GAMES.md section 3): the in-house fast variants that
 * run all day and a 六合彩 drawn once a day at 21:30 Beijing time. Staff change them per site.
 */
export interface DefaultLotteryGame {
  code: string;
  kind: LotteryGameKind;
  name: string;
  intervalSeconds: number;
  firstDrawSeconds: number;
  closingSeconds: number;
}

/** 奖金组 1800: 90 % of the fair payout (GAMES.md 3). */
export const defaultHouseEdgeBps = 1_000;
/** 20,000 元 per ticket. */
export const defaultTicketStakeMaxFen: Fen = fen(2_000_000n);

const fast = (
  code: string,
  kind: LotteryGameKind,
  name: string,
  intervalSeconds: number,
  closingSeconds: number,
) => ({
  code,
  kind,
  name,
  intervalSeconds,
  firstDrawSeconds: intervalSeconds,
  closingSeconds,
});

export const defaultLotteryGames: readonly DefaultLotteryGame[] = [
  fast('SSC1', 'ssc', '分分彩', 60, 5),
  fast('SSC3', 'ssc', '三分彩', 180, 10),
  fast('SSC5', 'ssc', '五分彩', 300, 10),
  fast('PK10', 'pk10', '极速赛车', 75, 5),
  fast('K3', 'k3', '极速快3', 60, 5),
  fast('SYXW', 'syxw', '极速11选5', 60, 5),
  fast('PC28', 'pc28', '极速28', 60, 5),
  fast('MARKSIX5', 'markSix', '极速六合彩', 300, 10),
  {
    code: 'MARKSIX',
    kind: 'markSix',
    name: '六合彩',
    intervalSeconds: 86_400,
    firstDrawSeconds: 77_400,
    closingSeconds: 300,
  },
];
