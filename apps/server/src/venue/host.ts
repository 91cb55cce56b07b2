import {
  formatFen,
  type OddsFormat,
  oddsFormats,
  type SportsbookBetView,
  type SportsbookPlaceBody,
  sportsbookPlaceBodySchema,
} from '@site/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../app-error.ts';
import type { SportsbookService } from '../sportsbook/service.ts';
import type { LaunchSession, VenueEngine } from './engine.ts';
import { flavourDefaults, flavourPrefixes } from './flavours.ts';
import type { VenueService } from './service.ts';

/**
 * Our venue host: the IM, OB and FB protocols of spec sections 3 and 7, each a thin adapter in
 * front of the in-house sportsbook. It reads its flavour's request, finds the launch behind its
 * token, places the slip on the book through the launched venue's wallet (or reads the balance)
 * and answers in its flavour's shape and codes; a refusal carries the catalogue code beside the
 * flavour's own. A real provider speaks the same shapes at its own base URL.
 */

/** IM: success 100; the rest are this host's own failure codes. */
export const imCodes = { success: 100, badRequest: 400, tokenInvalid: 401, refused: 409 } as const;
/** OB: success '0000000'; 400401 for an expired request id (the client relaunches). */
export const obCodes = {
  success: '0000000',
  requestExpired: '400401',
  badRequest: '400000',
  tokenInvalid: '401000',
  refused: '409000',
} as const;
/** FB: code 0 (the client reads it as 100); 350 for an accepted bet; 14010 makes the client relaunch. */
export const fbCodes = {
  success: 0,
  betAccepted: 350,
  relaunch: 14010,
  badRequest: 400,
  refused: 409,
} as const;

const tokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/);
/** A slip as each flavour spells it; the book's own schema checks what it carries. */
const betTypeSchema = z.enum(['single', 'parlay', 'system']);

const imShared = z.object({
  Token: tokenSchema,
  MemberCode: z.string().max(32),
  LanguageCode: z.string().max(8).default(flavourDefaults.imLanguageCode),
  OddsType: z.string().max(16).default(flavourDefaults.imOddsType),
  TimeStamp: z.union([z.string().max(20), z.number()]).optional(),
  origin: z.string().max(200).optional(),
});
const imBet = imShared.extend({
  BetId: z.string().max(64),
  BetType: betTypeSchema,
  Stake: z.string().max(16),
  AcceptOdds: z.string().max(8).optional(),
  Selections: z
    .array(
      z.object({
        MatchId: z.string().max(64),
        MarketKey: z.string().max(64),
        SelectionKey: z.string().max(64),
        Odds: z.string().max(16),
      }),
    )
    .max(16),
});

/** OB and FB spell a slip alike; OB adds the launch token to the body. */
const lowerBet = z.object({
  betId: z.string().max(64),
  betType: betTypeSchema,
  stake: z.string().max(16),
  acceptOdds: z.string().max(8).optional(),
  oddsFormat: z.string().max(16).optional(),
  selections: z
    .array(
      z.object({
        matchId: z.string().max(64),
        marketKey: z.string().max(64),
        selectionKey: z.string().max(64),
        odds: z.string().max(16),
      }),
    )
    .max(16),
});
const obBet = lowerBet.extend({ token: tokenSchema });

const memberCodeOf = (session: LaunchSession) =>
  session.member_id === null ? 'guest' : `m${session.member_id}`;

const headerOf = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
};

/** What went wrong with a call, as each flavour words it; a refusal of the book keeps its catalogue code. */
type Failure = {
  kind: 'badRequest' | 'tokenInvalid' | 'requestExpired' | 'refused';
  message: string;
  errorCode?: number;
};

const failure = (kind: Failure['kind'], message: string, errorCode?: number): Failure =>
  errorCode === undefined ? { kind, message } : { kind, message, errorCode };

/** The odds format a flavour names for a single, read as the book's; Europe when it names none it knows. */
const oddsFormatOf = (named: string | undefined): OddsFormat =>
  oddsFormats.find((format) => format === named) ?? 'Europe';

/** What a placed slip answers in every flavour, beside the member's balance after it. */
const placedOf = (bet: SportsbookBetView) => ({
  betNo: bet.betId,
  status: bet.status,
  odds: bet.odds,
  stake: bet.stake,
  potentialReturn: bet.potentialReturn,
});

export function registerVenueHost(
  app: FastifyInstance,
  deps: {
    venues: VenueService;
    engine: VenueEngine;
    sportsbook: Pick<SportsbookService, 'place'>;
  },
) {
  const { venues, engine } = deps;
  /** The live launch behind a token, of a venue of this flavour that is open now. */
  const sessionFor = async (token: string, flavour: 'IM' | 'OB' | 'FB'): Promise<LaunchSession | Failure> => {
    const session = await venues.sessionOf(token);
    const venue = session && (await venues.get(session.site_id, session.venue_code));
    if (!session || !venue || venue.flavour !== flavour) {
      return failure('tokenInvalid', '令牌无效或已过期，请重新进入场馆');
    }
    if (venue.state !== 'open') {
      return failure('refused', venue.maintenanceMessage || '场馆暂停服务');
    }
    return session;
  };

  /**
   * Places a slip on the book through the launched venue; demo credits stake nothing on it. The
   * slip id is the flavour's bet id, so a replay answers the first bet.
   */
  const place = async (session: LaunchSession, slip: unknown) => {
    const parsed = sportsbookPlaceBodySchema.safeParse(slip);
    if (!parsed.success) {
      return failure('badRequest', parsed.error.issues[0]?.message ?? '参数错误');
    }
    if (session.is_demo || session.member_id === null) {
      return failure('refused', '试玩模式不能投注体育赛事，请登录后进入场馆');
    }
    try {
      const bet = await deps.sportsbook.place(
        { siteId: session.site_id, memberId: session.member_id },
        { ...parsed.data, venueCode: session.venue_code },
      );
      return { ...placedOf(bet), balance: formatFen(await engine.balance(session)) };
    } catch (error) {
      if (error instanceof AppError) {
        return failure('refused', error.message, error.code);
      }
      throw error;
    }
  };

  /** A flavour's slip in the book's words: the flavour names the odds format of a single. */
  const slipOf = (
    bet: { id: string; type: SportsbookPlaceBody['kind']; stake: string; acceptOdds: string | undefined },
    oddsFormat: string | undefined,
    legs: ReadonlyArray<{ matchId: string; marketKey: string; selectionKey: string; odds: string }>,
  ) => ({
    kind: bet.type,
    slipId: bet.id,
    stake: bet.stake,
    ...(bet.acceptOdds === undefined ? {} : { acceptOdds: bet.acceptOdds }),
    ...(bet.type === 'single' ? { oddsFormat: oddsFormatOf(oddsFormat) } : {}),
    legs,
  });

  const isFailure = (value: object): value is Failure => 'kind' in value;

  const lowerSlipOf = (bet: z.output<typeof lowerBet>) =>
    slipOf(
      { id: bet.betId, type: bet.betType, stake: bet.stake, acceptOdds: bet.acceptOdds },
      bet.oddsFormat,
      bet.selections,
    );

  // ---- IM: /api/mobile, shared params in the body, StatusCode 100 -------------------------------
  const imAnswer = (outcome: Failure | { Result: object }) =>
    isFailure(outcome)
      ? {
          StatusCode: imCodes[outcome.kind === 'requestExpired' ? 'tokenInvalid' : outcome.kind],
          StatusDesc: outcome.message,
          ...(outcome.errorCode === undefined ? {} : { ErrorCode: outcome.errorCode }),
        }
      : { StatusCode: imCodes.success, StatusDesc: '成功', ...outcome };

  const imSession = async <S extends typeof imShared>(
    body: unknown,
    schema: S,
  ): Promise<Failure | { session: LaunchSession; body: z.output<S> }> => {
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      return failure('badRequest', '参数错误');
    }
    const session = await sessionFor(parsed.data.Token, 'IM');
    if (!isFailure(session) && parsed.data.MemberCode !== memberCodeOf(session)) {
      return failure('tokenInvalid', '会员与令牌不符');
    }
    return isFailure(session) ? session : { session, body: parsed.data };
  };

  app.post(`${flavourPrefixes.IM}/GetBalance`, async (request) => {
    const found = await imSession(request.body, imShared);
    if (isFailure(found)) {
      return imAnswer(found);
    }
    const balanceFen = await engine.balance(found.session);
    return imAnswer({
      Result: { MemberCode: memberCodeOf(found.session), Balance: formatFen(balanceFen), Currency: 'CNY' },
    });
  });

  app.post(`${flavourPrefixes.IM}/PlaceBet`, async (request) => {
    const found = await imSession(request.body, imBet);
    if (isFailure(found)) {
      return imAnswer(found);
    }
    const { body } = found;
    const placed = await place(
      found.session,
      slipOf(
        { id: body.BetId, type: body.BetType, stake: body.Stake, acceptOdds: body.AcceptOdds },
        body.OddsType,
        body.Selections.map((leg) => ({
          matchId: leg.MatchId,
          marketKey: leg.MarketKey,
          selectionKey: leg.SelectionKey,
          odds: leg.Odds,
        })),
      ),
    );
    return imAnswer(
      isFailure(placed)
        ? placed
        : {
            Result: {
              BetId: body.BetId,
              WagerNo: placed.betNo,
              Status: placed.status,
              Odds: placed.odds,
              Stake: placed.stake,
              PotentialReturn: placed.potentialReturn,
              Balance: placed.balance,
            },
          },
    );
  });

  // ---- OB: /yewu, request id header, code '0000000' -------------------------------------------
  const obAnswer = (outcome: Failure | { data: object }) =>
    isFailure(outcome)
      ? {
          code: obCodes[outcome.kind],
          msg: outcome.message,
          ...(outcome.errorCode === undefined ? {} : { errorCode: outcome.errorCode }),
          data: null,
        }
      : { code: obCodes.success, msg: '成功', ...outcome };

  /** An OB call carries its launch's request id: an unknown or expired one answers 400401. */
  const obSession = async (token: unknown, requestId: string | undefined) => {
    const parsedToken = tokenSchema.safeParse(token);
    if (!parsedToken.success) {
      return failure('badRequest', '参数错误');
    }
    const session = await sessionFor(parsedToken.data, 'OB');
    if (isFailure(session)) {
      return session;
    }
    return requestId !== undefined && venues.isRequestLive(session, requestId)
      ? session
      : failure('requestExpired', '请求已过期（expired）');
  };

  app.get<{ Params: { token: string }; Querystring: { merchantCode?: string } }>(
    `${flavourPrefixes.OB}/api/session/:token`,
    async (request) => {
      const session = await obSession(request.params.token, headerOf(request, 'requestid'));
      if (isFailure(session)) {
        return obAnswer(session);
      }
      if (
        request.query.merchantCode !== String(session.site_id) ||
        headerOf(request, 'client-type') !== 'h5'
      ) {
        return obAnswer(failure('badRequest', '商户号或客户端类型不符'));
      }
      return obAnswer({ data: { token: request.params.token, userId: memberCodeOf(session) } });
    },
  );

  app.get<{ Querystring: { token?: string } }>('/yewu12/api/user/getUserInfo', async (request) => {
    const parsed = tokenSchema.safeParse(request.query.token);
    const session = parsed.success ? await sessionFor(parsed.data, 'OB') : failure('badRequest', '参数错误');
    if (isFailure(session)) {
      return obAnswer(session);
    }
    const balanceFen = await engine.balance(session);
    return obAnswer({
      data: { userId: memberCodeOf(session), balance: formatFen(balanceFen), currency: 'CNY' },
    });
  });

  app.post(`${flavourPrefixes.OB}/api/bet/place`, async (request) => {
    const parsed = obBet.safeParse(request.body);
    if (!parsed.success) {
      return obAnswer(failure('badRequest', '参数错误'));
    }
    const session = await obSession(parsed.data.token, headerOf(request, 'requestid'));
    if (isFailure(session)) {
      return obAnswer(session);
    }
    const placed = await place(session, lowerSlipOf(parsed.data));
    return obAnswer(isFailure(placed) ? placed : { data: { betId: parsed.data.betId, ...placed } });
  });

  // ---- FB: /v1, Authorization header, code 0 (read as 100), 14010 to relaunch ------------------
  const fbAnswer = (outcome: Failure | { code: number; data: object }) =>
    isFailure(outcome)
      ? {
          code:
            outcome.kind === 'tokenInvalid' || outcome.kind === 'requestExpired'
              ? fbCodes.relaunch
              : fbCodes[outcome.kind],
          msg: outcome.message,
          ...(outcome.errorCode === undefined ? {} : { errorCode: outcome.errorCode }),
          data: null,
        }
      : { msg: '成功', ...outcome };

  const fbSession = async (request: FastifyRequest) => {
    const parsed = tokenSchema.safeParse(headerOf(request, 'authorization'));
    return parsed.success
      ? sessionFor(parsed.data, 'FB')
      : failure('tokenInvalid', '令牌无效或已过期，请重新进入场馆');
  };

  app.post(`${flavourPrefixes.FB}/user/balance`, async (request) => {
    const session = await fbSession(request);
    if (isFailure(session)) {
      return fbAnswer(session);
    }
    const balanceFen = await engine.balance(session);
    return fbAnswer({
      code: fbCodes.success,
      data: { userId: memberCodeOf(session), balance: formatFen(balanceFen) },
    });
  });

  app.post(`${flavourPrefixes.FB}/bet/place`, async (request) => {
    const session = await fbSession(request);
    if (isFailure(session)) {
      return fbAnswer(session);
    }
    const parsed = lowerBet.safeParse(request.body);
    if (!parsed.success) {
      return fbAnswer(failure('badRequest', '参数错误'));
    }
    const placed = await place(session, lowerSlipOf(parsed.data));
    return fbAnswer(
      isFailure(placed)
        ? placed
        : { code: fbCodes.betAccepted, data: { betId: parsed.data.betId, ...placed } },
    );
  });
}
