import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { basePathOf } from '@site/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { registerJsonCacheRoutes } from './cache/routes.ts';
import { registerCashierRoutes } from './cashier/routes.ts';
import {
  registerSandboxGateway,
  withholdSandboxRoutes,
  withoutSandboxPaths,
} from './cashier/sandbox-gateway.ts';
import { buildOpenApiDocument } from './docs/openapi.ts';
import {
  answerClientError,
  invalidJsonCode,
  nulInJsonCode,
  registerErrorHandling,
  sendNotFound,
} from './http/errors.ts';
import { createRequestGuard } from './http/guard.ts';
import { OneLinePerRequest } from './http/request-log.ts';
import { createRouteRegistrar } from './http/route.ts';
import { allowInlineStyles, registerSecurityHeaders } from './http/security-headers.ts';
import { registerIdentityRoutes } from './identity/routes.ts';
import { registerMemberRoutes } from './member/routes.ts';
import { registerOperatorRoutes } from './operator/routes.ts';
import { accessResolversOf, type Services } from './services.ts';
import { registerSessionRoutes } from './session/routes.ts';
import { registerSiteRoutes } from './site/routes.ts';
import type { Clock } from './stores/clock.ts';
import type { Stores } from './stores/stores.ts';

export interface AppDeps {
  stores: Stores;
  services: Services;
  clock: Clock;
  defaultSiteId: number;
  rateLimitPerMinute: number;
  logLevel: string;
  trustProxyHops: number;
  /** Where log lines go (stdout when absent); tests capture them to prove no secret is logged. */
  logStream?: DestinationStream;
  /** Built web app to serve; absent in API-only tests. */
  webDistDir?: string;
  /** Serves the play-money sandbox (gateway pages and callback, outbox); a production node has it off. */
  isSandboxMode: boolean;
}

const mediaDir = path.resolve(import.meta.dirname, '../media');

/** Builds the whole HTTP app without listening, so tests drive it with `app.inject()`. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: deps.logLevel,
      ...(deps.logStream ? { stream: deps.logStream } : {}),
    },
    logController: new OneLinePerRequest(),
    genReqId: () => crypto.randomUUID(),
    trustProxy:
      deps.trustProxyHops > 0 ? (_address: string, hop: number) => hop < deps.trustProxyHops : false,
    bodyLimit: 256 * 1024,
    frameworkErrors: answerClientError,
  });
  acceptEmptyJsonBodies(app);
  registerErrorHandling(app);
  registerSecurityHeaders(app);
  if (!deps.isSandboxMode) {
    withholdSandboxRoutes(app);
  }
  await app.register(fastifyRateLimit, {
    max: deps.rateLimitPerMinute,
    timeWindow: 60_000,
    keyGenerator: (request) => request.ip ?? 'unknown',
    // Limit headers only once a caller is refused: three headers on every answer cost throughput.
    addHeadersOnExceeding: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
    },
    ...(deps.stores.redis
      ? { redis: deps.stores.redis, nameSpace: `${deps.stores.keyPrefix}rate-limit:` }
      : {}),
  });
  const guard = createRequestGuard(app, {
    clock: deps.clock,
    defaultSiteId: deps.defaultSiteId,
    isKnownSite: deps.services.sites.exists,
    assertAccessAllowed: deps.services.sessions.assertAccessAllowed,
  });
  const registrar = createRouteRegistrar(app, { guard, resolvers: accessResolversOf(deps.services) });
  const route = registrar.register;
  registerSiteRoutes(route, deps.services.sites, deps.clock);
  registerJsonCacheRoutes(route, deps.stores);
  registerSessionRoutes(route, deps.services.sessions);
  registerMemberRoutes(route, deps.services.members, deps.services.cashier);
  registerOperatorRoutes(route, deps.services.operators);
  registerCashierRoutes(route, deps.services.cashier);
  registerIdentityRoutes(route, deps.services.identity);
  registrar.assertEveryRouteRegistered();
  registerSandboxGateway(app, deps.services.cashier);
  app.get('/healthz', async () => ({ status: 'ok' }));

  const apiDocument = buildOpenApiDocument();
  await app.register(fastifySwagger, {
    mode: 'static',
    specification: { document: deps.isSandboxMode ? apiDocument : withoutSandboxPaths(apiDocument) },
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/docs', transformStaticCSP: allowInlineStyles });
  await app.register(fastifyStatic, { root: mediaDir, prefix: '/media/', decorateReply: false });
  await registerWebApp(app, deps.webDistDir);
  return app;
}

const nulCharacterFound = new Error('U+0000 in a JSON body');

function refuseNulCharacters(key: string, value: unknown): unknown {
  if (key.includes('\0') || (typeof value === 'string' && value.includes('\0'))) {
    throw nulCharacterFound;
  }
  return value;
}

/** A POST without a body is a payload of its defaults (preInfo's platformType), not a parse error. */
function acceptEmptyJsonBodies(app: FastifyInstance) {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    try {
      // PostgreSQL text cannot hold U+0000, and JSON carries it only escaped: only such a body is walked.
      done(null, text.includes('\\u0000') ? JSON.parse(text, refuseNulCharacters) : JSON.parse(text));
    } catch (error) {
      const code = error === nulCharacterFound ? nulInJsonCode : invalidJsonCode;
      done(Object.assign(new Error('invalid JSON body'), { statusCode: 400, code }), undefined);
    }
  });
}

/**
 * The SPA owns every path outside the API: known files are served, any other GET that wants
 * HTML gets index.html so client routing can show the page (or its 404 page).
 */
async function registerWebApp(app: FastifyInstance, webDistDir: string | undefined) {
  const hasWebApp = webDistDir !== undefined && existsSync(path.join(webDistDir, 'index.html'));
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      // Files are routed at start: `npm start` rebuilds the web app before the server starts.
      wildcard: false,
      index: false,
      setHeaders: (reply, filePath) => {
        const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    // A missing hashed asset is a 404, not the page: a stale index.html must not load HTML as script.
    // HEAD too: link checkers and uptime monitors ask for a page's headers only.
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !basePathOf(request.url) &&
      !request.url.startsWith('/docs') &&
      !request.url.startsWith('/assets/');
    if (hasWebApp && wantsPage) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return sendNotFound(request, reply);
  });
}
