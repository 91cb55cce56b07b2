import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  type AdminVenue,
  type AdminVenueLaunchSortKey,
  type adminVenueUpdateBodySchema,
  ErrorCode,
  errorMessages,
  fen,
  formatFen,
  type GameCategory,
  type PlatformCount,
  platformCountKeys,
  type SortRequest,
  type VenueLaunchResult,
  type VenueView,
  type venueDemoLaunchBodySchema,
  type venueLaunchBodySchema,
} from '@site/contract';
import type { z } from 'zod';
import { AppError, validationError } from '../app-error.ts';
import type { AuditActor, AuditLog } from '../audit/service.ts';
import type { CashierService } from '../cashier/service.ts';
import type { Db } from '../db/database.ts';
import type { PageRequest } from '../db/paging.ts';
import { type MemberService, memberIdsOf } from '../member/service.ts';
import type { Clock } from '../stores/clock.ts';
import type { LaunchSession } from './engine.ts';
import { launchAnswer } from './flavours.ts';
import type { Venue, VenueRegistry } from './registry.ts';
import * as store from './store.ts';

/** How long a launch token stays good; seamless credits and rollbacks are accepted after it. */
export const launchTokenTtlMs = 2 * 3_600_000;
/** How long an OB request id stays good: past it the OB calls and the count service answer 400401. */
export const obRequestTtlMs = 10 * 60_000;
/** Demo credits each demo launch starts with: ¥2,000.00, held outside the ledger. */
export const demoCreditsFen = fen(200_000n);

/** Who launches, as the request names them. */
export interface LaunchCaller {
  siteId: number;
  ip: string;
  /** The client type header (web, h5 …). */
  clientType: string;
  origin: string;
}

export interface MemberCaller extends LaunchCaller {
  memberId: bigint;
}

type LaunchBody = z.output<typeof venueLaunchBodySchema>;
type DemoLaunchBody = z.output<typeof venueDemoLaunchBodySchema>;

export type VenueService = ReturnType<typeof createVenueService>;

const tokenHashOf = (token: string) => createHash('sha256').update(token).digest('hex');
const memberCodeOf = (memberId: bigint | null) => (memberId === null ? 'guest' : `m${memberId}`);

export function presentVenue(venue: Venue): VenueView {
  return {
    code: venue.code,
    name: venue.name,
    category: venue.category,
    walletMode: venue.walletMode,
    flavour: venue.flavour,
    state: venue.state,
    maintenanceMessage: venue.maintenanceMessage,
    maintenanceUntil: venue.maintenanceUntil?.toISOString() ?? null,
    sort: venue.sort,
    logo: venue.logo,
    demoAllowed: venue.demoAllowed,
  };
}

function presentAdminVenue(venue: Venue): AdminVenue {
  return {
    ...presentVenue(venue),
    storedState: venue.storedState,
    apiBaseUrl: venue.apiBaseUrl,
    updatedAt: venue.updatedAt.toISOString(),
  };
}

/** Live (open now) and total (listed) venues of one category. */
function countsOf(venues: ReadonlyArray<Venue>, category: GameCategory) {
  const listed = venues.filter((venue) => venue.category === category && venue.state !== 'off');
  return { live: listed.filter((venue) => venue.state === 'open').length, total: listed.length };
}

/** Why a venue cannot be played now, as the catalogue code the launch answers; undefined when it can. */
function refusalOf(venue: Venue): AppError | undefined {
  switch (venue.state) {
    case 'open':
      return undefined;
    case 'maintenance': {
      const message = venue.maintenanceMessage || errorMessages[ErrorCode.venueMaintenance];
      return new AppError(ErrorCode.venueMaintenance, message, {
        venueCode: venue.code,
        message,
        endTime: venue.maintenanceUntil?.toISOString() ?? null,
      });
    }
    case 'off':
      return new AppError(ErrorCode.venueClosed, errorMessages[ErrorCode.venueClosed], {
        venueCode: venue.code,
      });
    case 'upcoming':
      return new AppError(ErrorCode.venueUpcoming, errorMessages[ErrorCode.venueUpcoming], {
        venueCode: venue.code,
      });
    default:
      throw new Error(`venue: unknown state ${String(venue.state satisfies never)}`);
  }
}

/**
 * The venue platform: the per-category lists, launches (with the transfer wallet's money moves
 * and the flavour's answer), demo play, the platform count service, and the console's side.
 */
export function createVenueService(deps: {
  db: Db;
  clock: Clock;
  registry: VenueRegistry;
  cashier: Pick<CashierService, 'sweepIntoVenue' | 'recallVenue' | 'isAutoTransfer'>;
  audit: Pick<AuditLog, 'record'>;
  /** Staff search by username, and show the usernames of what they find. */
  members: Pick<MemberService, 'memberIdFilter' | 'summariesOf'>;
}) {
  const { registry } = deps;
  const now = () => new Date(deps.clock.now());

  /** The venue `code` names, or a refusal naming `field`, the request's field that carried the code. */
  const venueNamed = async (siteId: number, code: string, field = 'enName'): Promise<Venue> => {
    const venue = await registry.get(siteId, code);
    if (!venue) {
      throw validationError(field, '场馆不存在');
    }
    return venue;
  };

  /** A venue members may play now, or the refusal its state answers (maintenance, off, 即将开放). */
  const playableVenue = async (siteId: number, code: string, field?: string): Promise<Venue> => {
    const venue = await venueNamed(siteId, code, field);
    const refusal = refusalOf(venue);
    if (refusal) {
      throw refusal;
    }
    return venue;
  };

  /** Records a launch in the log, refused or not (on `db`: the caller's transaction if it has one); answers its id. */
  const logLaunch = (
    caller: LaunchCaller,
    entry: {
      venueCode: string;
      memberId: bigint | null;
      isDemo: boolean;
      device: string;
      params: object;
      issued?: { tokenHash: string; requestId: string | undefined } | undefined;
      refusal?: AppError | undefined;
      movedFen?: bigint | undefined;
    },
    db: Db = deps.db,
  ) => {
    const at = now();
    return store.insertLaunch(db, {
      site_id: caller.siteId,
      venue_code: entry.venueCode,
      member_id: entry.memberId,
      is_demo: entry.isDemo,
      token_hash: entry.issued?.tokenHash ?? null,
      request_id: entry.issued?.requestId ?? null,
      expires_at: entry.issued ? new Date(at.getTime() + launchTokenTtlMs) : null,
      request_expires_at: entry.issued?.requestId ? new Date(at.getTime() + obRequestTtlMs) : null,
      ip: caller.ip,
      device: entry.device,
      result: entry.refusal ? 'refused' : 'ok',
      code: entry.refusal?.code ?? ErrorCode.success,
      message: entry.refusal?.message ?? errorMessages[ErrorCode.success],
      moved_fen: fen(entry.movedFen ?? 0n),
      params: JSON.stringify(entry.params),
      created_at: at,
    });
  };

  /** Runs a launch; a refusal is logged before it answers. */
  const launching = async <T>(
    caller: LaunchCaller,
    entry: { venueCode: string; memberId: bigint | null; isDemo: boolean; device: string; params: object },
    launch: () => Promise<T>,
  ): Promise<T> => {
    try {
      return await launch();
    } catch (error) {
      if (error instanceof AppError) {
        await logLaunch(caller, { ...entry, refusal: error });
      }
      throw error;
    }
  };

  /** A launch token (only its hash is kept) and, for the OB flavour, a request id. */
  const issue = (venue: Venue) => {
    const token = randomBytes(32).toString('base64url');
    return {
      token,
      tokenHash: tokenHashOf(token),
      requestId: venue.flavour === 'OB' ? randomBytes(16).toString('hex') : undefined,
    };
  };

  const answer = (
    venue: Venue,
    caller: LaunchCaller,
    issued: { token: string; requestId: string | undefined },
    body: { https: boolean; gameCode: string; activity?: string; temporaryParam?: string },
    memberId: bigint | null,
  ): VenueLaunchResult =>
    launchAnswer({
      flavour: venue.flavour,
      venueCode: venue.code,
      category: venue.category,
      apiBaseUrl: venue.apiBaseUrl,
      https: body.https,
      token: issued.token,
      requestId: issued.requestId,
      memberCode: memberCodeOf(memberId),
      origin: caller.origin,
      gameCode: body.gameCode,
      activity: body.activity ?? '',
      temporaryParam: body.temporaryParam ?? '',
      nowMs: deps.clock.now(),
    });

  const deviceOf = (caller: LaunchCaller, isApp: boolean) => (isApp ? 'app' : caller.clientType);

  /** Whether `requestId` is the launch's OB request id and has not expired. */
  const isRequestLive = (launch: LaunchSession, requestId: string) =>
    launch.request_id === requestId &&
    launch.request_expires_at !== null &&
    launch.request_expires_at.getTime() > deps.clock.now();

  return {
    registry,
    /** The site's venue of this code (any state), or undefined: the seamless wallet checks callers here. */
    get: registry.get,

    playable: playableVenue,

    async list(siteId: number, category: GameCategory) {
      const venues = await registry.list(siteId);
      return {
        category,
        counts: countsOf(venues, category),
        list: venues
          .filter((venue) => venue.category === category && venue.state !== 'off')
          .map(presentVenue),
      };
    },

    async launch(caller: MemberCaller, body: LaunchBody): Promise<VenueLaunchResult> {
      const entry = {
        venueCode: body.enName,
        memberId: caller.memberId,
        isDemo: false,
        device: deviceOf(caller, body.isApp),
        params: body,
      };
      return launching(caller, entry, async () => {
        if (body.siteId !== undefined && body.siteId !== caller.siteId) {
          throw validationError('siteId', '与当前站点不符');
        }
        const venue = await playableVenue(caller.siteId, body.enName);
        const member = { memberId: caller.memberId, siteId: caller.siteId };
        const sendsMoney =
          venue.walletMode === 'transfer' &&
          !body.isPreload &&
          (body.appSendMoney ?? (await deps.cashier.isAutoTransfer(caller.memberId)));
        const movedFen = sendsMoney
          ? await deps.cashier.sweepIntoVenue(
              member,
              { venueCode: venue.code, name: venue.name },
              randomUUID(),
            )
          : 0n;
        const issued = issue(venue);
        await logLaunch(caller, {
          ...entry,
          issued,
          movedFen,
        });
        return answer(venue, caller, issued, body, caller.memberId);
      });
    },

    /** Leaving a transfer venue: its whole balance back to main, once per transferId. */
    async leave(caller: MemberCaller, body: { enName: string; transferId: string }) {
      const venue = await venueNamed(caller.siteId, body.enName);
      if (venue.walletMode !== 'transfer') {
        throw validationError('enName', '该场馆不使用转账钱包');
      }
      return deps.cashier.recallVenue(
        { memberId: caller.memberId, siteId: caller.siteId },
        { venueCode: venue.code, name: venue.name },
        body.transferId,
      );
    },

    demoList: async (siteId: number) =>
      (await registry.list(siteId))
        .filter((venue) => venue.demoAllowed && venue.state !== 'off')
        .map(presentVenue),

    /** A demo launch: a token bound to demo credits of its own, which no ledger account ever holds. */
    async demoLaunch(caller: LaunchCaller, body: DemoLaunchBody): Promise<VenueLaunchResult> {
      const entry = {
        venueCode: body.enName,
        memberId: null,
        isDemo: true,
        device: deviceOf(caller, body.isApp),
        params: body,
      };
      return launching(caller, entry, async () => {
        const venue = await playableVenue(caller.siteId, body.enName);
        if (!venue.demoAllowed) {
          throw new AppError(ErrorCode.venueDemoClosed, errorMessages[ErrorCode.venueDemoClosed], {
            venueCode: venue.code,
          });
        }
        const issued = issue(venue);
        await deps.db.transaction().execute(async (tx) => {
          const id = await logLaunch(caller, { ...entry, issued }, tx);
          await store.insertDemoWallet(tx, id, demoCreditsFen);
        });
        return answer(venue, caller, issued, body, null);
      });
    },

    /**
     * The platform count service: a live OB request id of the member's is its credential; an
     * expired or unknown one answers 400401 with no data, so the client relaunches and retries.
     */
    async platformCount(caller: MemberCaller, requestId: string): Promise<PlatformCount> {
      const launch = await store.findLaunchByRequestId(deps.db, requestId);
      const isLive =
        launch !== undefined &&
        launch.member_id === caller.memberId &&
        launch.site_id === caller.siteId &&
        isRequestLive(launch, requestId);
      if (!isLive) {
        throw new AppError(
          ErrorCode.obRequestExpired,
          `${errorMessages[ErrorCode.obRequestExpired]}（expired）`,
        );
      }
      const venues = await registry.list(caller.siteId);
      return Object.fromEntries(
        platformCountKeys.map((key) => [key, countsOf(venues, key)]),
      ) as PlatformCount;
    },

    isRequestLive,

    /** The live launch behind a token, for the venue host: undefined for an unknown or expired one. */
    async sessionOf(token: string): Promise<LaunchSession | undefined> {
      const launch = await store.findLaunchByToken(deps.db, tokenHashOf(token));
      if (!launch || launch.expires_at === null || launch.expires_at.getTime() <= deps.clock.now()) {
        return undefined;
      }
      return launch;
    },

    adminList: async (siteId: number) => (await registry.list(siteId)).map(presentAdminVenue),

    async adminUpdate(
      actor: AuditActor & { siteId: number },
      body: z.output<typeof adminVenueUpdateBodySchema>,
    ): Promise<AdminVenue> {
      const before = await registry.get(actor.siteId, body.code);
      if (!before) {
        throw validationError('code', '场馆不存在');
      }
      const isMaintenance = body.state === 'maintenance';
      if (
        isMaintenance &&
        (body.maintenanceUntil === null || Date.parse(body.maintenanceUntil) <= deps.clock.now())
      ) {
        throw validationError('maintenanceUntil', '维护结束时间须晚于当前时间');
      }
      const change: store.VenueChange = {
        name: body.name,
        logo: body.logo,
        state: body.state,
        maintenance_message: isMaintenance ? body.maintenanceMessage : '',
        maintenance_until:
          isMaintenance && body.maintenanceUntil !== null ? new Date(body.maintenanceUntil) : null,
        sort_order: body.sort,
        demo_allowed: body.demoAllowed,
        updated_at: now(),
      };
      await deps.db.transaction().execute(async (tx) => {
        await store.updateVenue(tx, actor.siteId, body.code, change);
        await deps.audit.record(
          actor,
          {
            siteId: actor.siteId,
            action: 'venue.update',
            target: body.code,
            before: presentAdminVenue(before),
            after: { ...body, maintenanceMessage: change.maintenance_message },
          },
          tx,
        );
      });
      await registry.changed(actor.siteId);
      const after = await registry.get(actor.siteId, body.code);
      if (!after) {
        throw new Error(`venue: ${body.code} vanished while it was updated`);
      }
      return presentAdminVenue(after);
    },

    async launches(
      siteId: number,
      query: PageRequest &
        SortRequest<AdminVenueLaunchSortKey> &
        Omit<store.LaunchFilter, 'siteId' | 'memberId'> & { username?: string | undefined },
    ) {
      const page = { pageNum: query.pageNum, pageSize: query.pageSize };
      const memberId = await deps.members.memberIdFilter(siteId, query.username);
      const { list, total } =
        memberId === null
          ? { list: [], total: 0 }
          : await store.searchLaunches(
              deps.db,
              { siteId, venueCode: query.venueCode, memberId, result: query.result, isDemo: query.isDemo },
              page,
              { sortBy: query.sortBy, sortOrder: query.sortOrder },
            );
      const members = await deps.members.summariesOf(siteId, memberIdsOf(list));
      return {
        list: list.map((row) => ({
          id: Number(row.id),
          createdAt: row.created_at.toISOString(),
          venueCode: row.venue_code,
          username: row.member_id === null ? null : (members.get(row.member_id)?.username ?? null),
          isDemo: row.is_demo,
          ip: row.ip,
          device: row.device,
          result: row.result,
          code: row.code,
          message: row.message,
          movedAmount: formatFen(fen(BigInt(row.moved_fen))),
        })),
        total,
        ...page,
      };
    },
  };
}
