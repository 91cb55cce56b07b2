import { createOperatorService, type OperatorService } from './auth/operators.ts';
import { createPasswordHasher } from './auth/passwords.ts';
import { type AuthService, createAuthService } from './auth/service.ts';
import { type CashierService, createCashierService } from './cashier/service.ts';
import { createIdentityService, type IdentityService } from './identity/service.ts';
import { createLedgerService, type LedgerService } from './ledger/service.ts';
import { createSiteService, type SiteService } from './site/service.ts';
import type { Clock } from './stores/clock.ts';
import type { Stores } from './stores/stores.ts';

/** The domain services of one node; routes and jobs call these, never a store. */
export interface Services {
  sites: SiteService;
  ledger: LedgerService;
  auth: AuthService;
  operators: OperatorService;
  cashier: CashierService;
  identity: IdentityService;
  close(): Promise<void>;
}

export async function createServices(
  stores: Stores,
  clock: Clock,
  options: { isTestMode?: boolean; sandboxGatewaySecret?: string } = {},
): Promise<Services> {
  const sites = await createSiteService({ db: stores.db, pubsub: stores.pubsub, clock });
  // One hasher, so members and operators share one cap on concurrent argon2id work.
  const hasher = createPasswordHasher();
  const authDeps = { db: stores.db, cache: stores.cache, clock, sites, hasher };
  const auth = await createAuthService({ ...authDeps, isTestMode: options.isTestMode ?? false });
  const operators = createOperatorService(authDeps);
  const ledger = createLedgerService({ db: stores.db, clock });
  return {
    sites,
    auth,
    operators,
    ledger,
    identity: createIdentityService({ db: stores.db, clock }),
    cashier: createCashierService({
      db: stores.db,
      clock,
      ledger,
      hasher,
      verifySecondFactor: auth.verifySecondFactor,
      memberSiteIdOf: auth.memberSiteIdOf,
      gatewaySecret: options.sandboxGatewaySecret,
    }),
    async close() {
      await sites.close();
    },
  };
}
