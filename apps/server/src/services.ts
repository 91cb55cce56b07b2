import { FeedMsgId, lotteryDrawTopic, siteIdDefault } from '@site/contract';
import { type AuditLog, createAuditLog } from './audit/service.ts';
import { type BetService, createBetService } from './bets/service.ts';
import { type CashierService, createCashierService } from './cashier/service.ts';
import { type ChatService, createChatService, roomTopicPrefix, type SharedBetOf } from './chat/service.ts';
import { registerChatSocket } from './chat/socket.ts';
import type { AccessResolvers } from './http/access.ts';
import { createIdentityService, type IdentityService } from './identity/service.ts';
import { createLedgerService, type LedgerService } from './ledger/service.ts';
import { createLotteryService, type LotteryService } from './lottery/service.ts';
import { createPasswordHasher, type PasswordHasher } from './member/passwords.ts';
import { createMemberService, type MemberService } from './member/service.ts';
import { createTotpCheck } from './member/totp.ts';
import { createMemberView, type MemberView } from './operator/member-view.ts';
import { createOperatorService, type OperatorService } from './operator/service.ts';
import { createOutboxService, type OutboxService } from './outbox/service.ts';
import { createReportService, type ReportService } from './report/service.ts';
import { createSeamlessWallet, type SeamlessWallet } from './seamless/service.ts';
import { createCaptchaService, type RemoteCaptchaConfig } from './session/captcha.ts';
import { isSessionEndedBy } from './session/ended-events.ts';
import { createSessionService, type SessionService } from './session/service.ts';
import { createLoginThrottle, twoFactorThrottleRules } from './session/throttle.ts';
import { createSiteService, type SiteService } from './site/service.ts';
import { socketEventsPort } from './sportsbook/push.ts';
import { createSportsbookService, type SportsbookService } from './sportsbook/service.ts';
import type { Clock } from './stores/clock.ts';
import type { Stores } from './stores/stores.ts';
import { createGateway, type Gateway } from './stream/gateway.ts';
import { createVenueEngine, type VenueEngine } from './venue/engine.ts';
import { createVenueRegistry } from './venue/registry.ts';
import { createVenueService, type VenueService } from './venue/service.ts';

/** The domain services of one node; routes and jobs call these, never a store. */
export interface Services {
  sites: SiteService;
  ledger: LedgerService;
  members: MemberService;
  sessions: SessionService;
  outbox: OutboxService;
  operators: OperatorService;
  memberView: MemberView;
  cashier: CashierService;
  identity: IdentityService;
  reports: ReportService;
  venues: VenueService;
  /** The balance a launch plays with on our own venue host (real or demo). */
  venueEngine: VenueEngine;
  bets: BetService;
  seamless: SeamlessWallet;
  /** The lottery hall: games, the draw cycle, tickets and settlement through the seamless wallet. */
  lottery: LotteryService;
  /** The in-house sportsbook: the simulated feed, slips and settlement through the seamless wallet. */
  sportsbook: SportsbookService;
  /** The live socket gateway of this node; the chat is one domain on it. */
  gateway: Gateway;
  chat: ChatService;
  close(): Promise<void>;
}

interface ServiceOptions {
  /** The site of a socket that names none. */
  defaultSiteId?: number;
  isTestMode?: boolean;
  isSandboxMode?: boolean;
  sandboxGatewaySecret?: string;
  remoteCaptcha?: RemoteCaptchaConfig | undefined;
}

export async function createServices(
  stores: Stores,
  clock: Clock,
  options: ServiceOptions = {},
): Promise<Services> {
  const audit = createAuditLog({ db: stores.db, clock });
  const sites = await createSiteService({ db: stores.db, pubsub: stores.pubsub, clock, audit });
  // One hasher, so members and operators share one cap on concurrent argon2id work.
  const hasher = createPasswordHasher();
  const ledger = createLedgerService({ db: stores.db, clock });
  const venueRegistry = await createVenueRegistry({ db: stores.db, pubsub: stores.pubsub, clock });
  const accounts = await createAccountServices(stores, clock, { sites, hasher, audit, options });
  const identity = createIdentityService({
    db: stores.db,
    clock,
    isSandboxMode: options.isSandboxMode ?? false,
    audit,
    members: accounts.members,
  });
  const cashier = createCashierService({
    db: stores.db,
    clock,
    ledger,
    hasher,
    verifySecondFactor: accounts.members.verifySecondFactor,
    memberSiteIdOf: accounts.members.memberSiteIdOf,
    memberIdOf: async (siteId, username) => (await accounts.members.findByUsername(siteId, username))?.id,
    verifiedRealNameOf: identity.verifiedRealNameOf,
    gatewaySecret: options.sandboxGatewaySecret,
    isSandboxMode: options.isSandboxMode ?? false,
    audit,
    transferVenuesOf: venueRegistry.transferVenues,
  });
  const venues = createVenueService({
    db: stores.db,
    clock,
    registry: venueRegistry,
    cashier,
    audit,
    members: accounts.members,
  });
  const bets = createBetService({
    db: stores.db,
    clock,
    audit,
    venueNameOf: async (siteId, code) => (await venues.get(siteId, code))?.name,
    members: accounts.members,
  });
  const seamless = createSeamlessWallet({
    db: stores.db,
    clock,
    ledger,
    bets,
    venueOf: (siteId, code) => venues.get(siteId, code),
    members: accounts.members,
    sessionOf: (token) => venues.sessionOf(token),
  });
  const venueEngine = createVenueEngine({ db: stores.db, seamless });
  const reports = createReportService({
    clock,
    members: accounts.members,
    cashier,
    sessions: accounts.sessions,
    ledger,
    pendingIdentities: async (siteId) =>
      (await identity.review.list(siteId, { status: 'pending', pageNum: 1, pageSize: 1 })).total,
  });
  const { gateway, chat } = await createLiveServices(
    stores,
    clock,
    { ledger, audit, ...accounts, sharedBetOf: bets.shared },
    options,
  );
  const lottery = createLotteryService({
    db: stores.db,
    clock,
    seamless,
    audit,
    members: accounts.members,
    events: {
      publish: (siteId, gameCode, event) =>
        gateway.publishToSite(siteId, lotteryDrawTopic(gameCode), FeedMsgId.lotteryDraw, {
          topic: lotteryDrawTopic(gameCode),
          data: event,
        }),
    },
  });
  const sportsbook = createSportsbookService({
    db: stores.db,
    clock,
    seamless,
    bets,
    events: socketEventsPort(gateway),
    results: { ledger, audit },
    venues,
  });
  return {
    sites,
    ledger,
    gateway,
    chat,
    ...accounts,
    identity,
    cashier,
    reports,
    venues,
    venueEngine,
    bets,
    seamless,
    lottery,
    sportsbook,
    memberView: createMemberView({
      db: stores.db,
      clock,
      members: accounts.members,
      sessions: accounts.sessions,
      identity,
      cashier,
      audit,
    }),
    async close() {
      await gateway.close();
      await sites.close();
      await accounts.sessions.close();
      await venueRegistry.close();
    },
  };
}

/** The socket gateway and the chat on it; VIP levels wait for the VIP domain (every member is VIP 0). */
async function createLiveServices(
  stores: Stores,
  clock: Clock,
  shared: {
    ledger: LedgerService;
    audit: AuditLog;
    members: MemberService;
    sessions: SessionService;
    sharedBetOf: SharedBetOf;
  },
  options: ServiceOptions,
) {
  const gateway = await createGateway({
    pubsub: stores.pubsub,
    clock,
    defaultSiteId: options.defaultSiteId ?? siteIdDefault,
    sessions: {
      authenticateSocket: shared.sessions.authenticateSocket,
      onSessionEnded: shared.sessions.onSessionEnded,
      isSessionEndedBy,
    },
    assertAccessAllowed: shared.sessions.assertAccessAllowed,
    sharedCountPrefixes: [roomTopicPrefix],
  });
  const chat = createChatService({
    db: stores.db,
    clock,
    security: stores.security,
    ledger: shared.ledger,
    audit: shared.audit,
    publisher: gateway,
    members: shared.members,
    vipLevelOf: async () => 0,
    sharedBetOf: shared.sharedBetOf,
  });
  registerChatSocket(gateway, chat);
  return { gateway, chat };
}

/**
 * Members, their sessions, the outbox and operators. Members and sessions call each other
 * (registration signs in; a password change or a block ends sessions; a login reads the
 * account), so each gets the other's service through the functions wired here.
 */
async function createAccountServices(
  stores: Stores,
  clock: Clock,
  shared: { sites: SiteService; hasher: PasswordHasher; audit: AuditLog; options: ServiceOptions },
) {
  const base = {
    db: stores.db,
    security: stores.security,
    clock,
    sites: shared.sites,
    hasher: shared.hasher,
  };
  const captcha = createCaptchaService({
    security: stores.security,
    isTestMode: shared.options.isTestMode ?? false,
    remote: shared.options.remoteCaptcha,
  });
  // Password failures count in one throttle wherever a member's password is checked.
  const passwordThrottle = createLoginThrottle(stores.security, clock, 'member-login');
  const outbox = createOutboxService({ db: stores.db, clock, sites: shared.sites });
  const members: MemberService = createMemberService({
    ...base,
    captcha,
    passwordThrottle,
    checkTotp: createTotpCheck({
      security: stores.security,
      clock,
      throttle: createLoginThrottle(stores.security, clock, 'member-two-factor', twoFactorThrottleRules),
      keyPrefix: 'totp',
    }),
    outbox,
    sessions: {
      start: (caller, member, isRemembered) => sessions.start(caller, member, isRemembered),
      endAll: (tx, memberId, reason, keptSessionId) => sessions.endAll(tx, memberId, reason, keptSessionId),
    },
  });
  const sessions = await createSessionService({
    ...base,
    pubsub: stores.pubsub,
    captcha,
    passwordThrottle,
    members,
    outbox,
  });
  const operators = createOperatorService({
    ...base,
    risk: { members, sessions, outbox },
    audit: shared.audit,
  });
  return { members, sessions, outbox, operators };
}

/** How routes establish their callers (the `access` each route declares), from the services that own them. */
export function accessResolversOf(services: Services): AccessResolvers {
  return {
    member: (request) => services.sessions.authenticateMember(request),
    operator: (request, permission) => services.operators.authenticate(request, permission),
    gateway: async (request) => services.cashier.authenticateSandboxGateway(request.body),
    venue: (request) => services.seamless.authenticate(request),
  };
}
