import { type Fen, formatFen, parseYuan } from '@site/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { EngineRefusal, type LaunchSession, type VenueEngine } from './engine.ts';
import { flavourDefaults, flavourPrefixes } from './flavours.ts';
import type { VenueService } from './service.ts';

/**
 * Our venue host: the IM, OB and FB protocols of spec sections 3 and 7, each a thin adapter that
 * reads its flavour's request, finds the launch behind its token, asks the engine and answers in
 * its flavour's shape and codes. A real provider speaks the same shapes at its own base URL.
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

const roundIdSchema = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/);
/** Bet ids leave room for the wallet transaction ids made of them (`settle-…`, at most 64). */
const betIdSchema = z.string().regex(/^[A-Za-z0-9_-]{8,48}$/);
const gameCodeSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,32}$/)
  .optional();
const tokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/);
const stakeSchema = z
  .string()
  .regex(/^\d{1,10}(\.\d{1,2})?$/)
  .transform((text, context): Fen => {
    const amountFen = parseYuan(text);
    if (amountFen === undefined || amountFen <= 0n) {
      context.addIssue({ code: 'custom', message: 'stake must be positive' });
      return z.NEVER;
    }
    return amountFen;
  });

const imShared = z.object({
  Token: tokenSchema,
  MemberCode: z.string().max(32),
  LanguageCode: z.string().max(8).default(flavourDefaults.imLanguageCode),
  OddsType: z.string().max(16).default(flavourDefaults.imOddsType),
  TimeStamp: z.union([z.string().max(20), z.number()]).optional(),
  origin: z.string().max(200).optional(),
});
const imBet = imShared.extend({
  RoundId: roundIdSchema,
  BetId: betIdSchema,
  GameCode: gameCodeSchema,
  Stake: stakeSchema,
});

const obBet = z.object({
  token: tokenSchema,
  roundId: roundIdSchema,
  betId: betIdSchema,
  gameCode: gameCodeSchema,
  stake: stakeSchema,
});
const fbBet = z.object({
  roundId: roundIdSchema,
  betId: betIdSchema,
  gameCode: gameCodeSchema,
  stake: stakeSchema,
});

const memberCodeOf = (session: LaunchSession) =>
  session.member_id === null ? 'guest' : `m${session.member_id}`;

const headerOf = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
};

/** What went wrong with a call, as each flavour words it. */
type Failure = { kind: 'badRequest' | 'tokenInvalid' | 'requestExpired' | 'refused'; message: string };

const failure = (kind: Failure['kind'], message: string): Failure => ({ kind, message });

export function registerVenueHost(app: FastifyInstance, venues: VenueService, engine: VenueEngine) {
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

  /** A stake on a round; without a game code it is on the venue's own book (its code). */
  const place = async (
    session: LaunchSession,
    bet: { roundId: string; betId: string; gameCode: string | undefined; stakeFen: Fen },
  ) => {
    try {
      const gameCode = bet.gameCode ?? session.venue_code.toLowerCase();
      return { balanceFen: await engine.placeBet(session, { ...bet, gameCode }) };
    } catch (error) {
      if (error instanceof EngineRefusal) {
        return failure('refused', error.message);
      }
      throw error;
    }
  };

  const isFailure = (value: object): value is Failure => 'kind' in value;

  // ---- IM: /api/mobile, shared params in the body, StatusCode 100 -------------------------------
  const imAnswer = (outcome: Failure | { Result: object }) =>
    isFailure(outcome)
      ? {
          StatusCode: imCodes[outcome.kind === 'requestExpired' ? 'tokenInvalid' : outcome.kind],
          StatusDesc: outcome.message,
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
    const placed = await place(found.session, {
      roundId: body.RoundId,
      betId: body.BetId,
      gameCode: body.GameCode,
      stakeFen: body.Stake,
    });
    return imAnswer(
      isFailure(placed) ? placed : { Result: { BetId: body.BetId, Balance: formatFen(placed.balanceFen) } },
    );
  });

  // ---- OB: /yewu, request id header, code '0000000' -------------------------------------------
  const obAnswer = (outcome: Failure | { data: object }) =>
    isFailure(outcome)
      ? { code: obCodes[outcome.kind], msg: outcome.message, data: null }
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
    const placed = await place(session, {
      roundId: parsed.data.roundId,
      betId: parsed.data.betId,
      gameCode: parsed.data.gameCode,
      stakeFen: parsed.data.stake,
    });
    return obAnswer(
      isFailure(placed)
        ? placed
        : { data: { betId: parsed.data.betId, balance: formatFen(placed.balanceFen) } },
    );
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
    const parsed = fbBet.safeParse(request.body);
    if (!parsed.success) {
      return fbAnswer(failure('badRequest', '参数错误'));
    }
    const placed = await place(session, {
      roundId: parsed.data.roundId,
      betId: parsed.data.betId,
      gameCode: parsed.data.gameCode,
      stakeFen: parsed.data.stake,
    });
    return fbAnswer(
      isFailure(placed)
        ? placed
        : {
            code: fbCodes.betAccepted,
            data: { betId: parsed.data.betId, balance: formatFen(placed.balanceFen) },
          },
    );
  });
}
