import type { RemoteCaptchaConfig } from './auth/captcha.ts';
import { createPasswordHasher } from './auth/passwords.ts';
import { type AuthService, createAuthService } from './auth/service.ts';
import { type CashierService, createCashierService } from './cashier/service.ts';
import type { AccessResolvers } from './http/access.ts';
import { createIdentityService, type IdentityService } from './identity/service.ts';
import { createLedgerService, type LedgerService } from './ledger/service.ts';
import { createOperatorService, type OperatorService } from './operator/service.ts';
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
  options: {
    isTestMode?: boolean;
    isSandboxMode?: boolean;
    sandboxGatewaySecret?: string;
    remoteCaptcha?: RemoteCaptchaConfig | undefined;
  } = {},
): Promise<Services> {
  const sites = await createSiteService({ db: stores.db, pubsub: stores.pubsub, clock });
  // One hasher, so members and operators share one cap on concurrent argon2id work.
  const hasher = createPasswordHasher();
  const authDeps = { db: stores.db, security: stores.security, clock, sites, hasher };
  const ledger = createLedgerService({ db: stores.db, clock });
  const auth = await createAuthService({
    ...authDeps,
    pubsub: stores.pubsub,
    isTestMode: options.isTestMode ?? false,
    remoteCaptcha: options.remoteCaptcha,
  });
  const operators = createOperatorService(authDeps);
  const identity = createIdentityService({ db: stores.db, clock });
  return {
    sites,
    auth,
    operators,
    ledger,
    identity,
    cashier: createCashierService({
      db: stores.db,
      clock,
      ledger,
      hasher,
      verifySecondFactor: auth.verifySecondFactor,
      memberSiteIdOf: auth.memberSiteIdOf,
      verifiedRealNameOf: identity.verifiedRealNameOf,
      gatewaySecret: options.sandboxGatewaySecret,
      isSandboxMode: options.isSandboxMode ?? false,
    }),
    async close() {
      await sites.close();
      await auth.close();
    },
  };
}

/** How routes establish their callers (the `access` each route declares), from the services that own them. */
export function accessResolversOf(services: Services): AccessResolvers {
  return {
    member: (request) => services.auth.authenticateMember(request),
    operator: (request, permission) => services.operators.authenticate(request, permission),
    gateway: async (request) => services.cashier.authenticateSandboxGateway(request.body),
  };
}
