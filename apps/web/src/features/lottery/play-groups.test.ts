import { type LotteryGameKind, type LotteryPlayId, lotteryPlays } from '@site/contract';
import { describe, expect, it } from 'vitest';
import { playGroups } from './play-groups.ts';

describe('playGroups', () => {
  it('offers every play of each game type exactly once, and only that type’s plays', () => {
    for (const [kind, groups] of Object.entries(playGroups) as [LotteryGameKind, typeof playGroups.ssc][]) {
      const grouped = groups.flatMap((group) => group.playIds);
      const ofKind = (Object.keys(lotteryPlays) as LotteryPlayId[]).filter(
        (playId) => lotteryPlays[playId].game === kind,
      );
      expect([...grouped].sort(), kind).toEqual([...ofKind].sort());
      expect(
        groups.every((group) => group.playIds.length > 0),
        kind,
      ).toBe(true);
    }
  });
});
