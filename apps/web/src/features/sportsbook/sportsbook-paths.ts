import type { SportsbookSport } from '@site/contract';
import { sportsbookPath } from '../../lib/paths.ts';

/** TY: football and basketball under /game/sport; DJ: esports only under /game/gaming. */
export type SportsbookScope = 'TY' | 'DJ';

export const scopeSports = {
  TY: ['football', 'basketball'],
  DJ: ['esports'],
} as const satisfies Record<SportsbookScope, readonly [SportsbookSport, ...SportsbookSport[]]>;

export function sportsbookPaths(scope: SportsbookScope) {
  const board = sportsbookPath(scope);
  return {
    board,
    bets: `${board}/bets`,
    match: (matchId: string) => `${board}/match/${matchId}`,
  };
}
