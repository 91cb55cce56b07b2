import type { ParlayCaps } from '@site/contract';
import type { AuditLog } from '../audit/service.ts';
import type { BetService } from '../bets/service.ts';
import type { Db } from '../db/database.ts';
import type { LedgerService } from '../ledger/service.ts';
import type { Clock } from '../stores/clock.ts';
import { createSportsbookAdmin } from './admin.ts';
import { createResettlement } from './resettle.ts';
import type { BetSettlement } from './results-store.ts';
import type { BetRow } from './store.ts';

/** What result corrections need beyond the sportsbook's own tables. */
export interface SportsbookResultsDeps {
  ledger: Pick<LedgerService, 'atomically'>;
  audit: AuditLog;
}

/** Result corrections with their resettlement, and the console's desk over them (issue 13). */
export function createSportsbookResults(
  deps: SportsbookResultsDeps & {
    db: Db;
    clock: Clock;
    parlayCaps: ParlayCaps;
    /** The wallet's bet id of a bet (`SB42`): resettlement transfers are named by it. */
    walletBetIdOf: (betRowId: bigint) => string;
    /** Settles a bet's record (投注记录) again in its resettlement's transaction. */
    resettleRecord: BetService['resettle'];
    onResettled?: (bet: BetRow, settlement: BetSettlement) => void;
  },
) {
  const resettlement = createResettlement(deps);
  return {
    resettlement,
    admin: createSportsbookAdmin({
      db: deps.db,
      clock: deps.clock,
      audit: deps.audit,
      resettlement,
      walletBetIdOf: deps.walletBetIdOf,
    }),
  };
}
