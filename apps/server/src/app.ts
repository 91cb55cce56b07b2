import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic, { type FastifyStaticOptions } from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { basePathOf, type StationAd, siteIdDefault } from '@site/contract';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { DestinationStream } from 'pino';
import { registerBetRoutes } from './bets/routes.ts';
import { registerJsonCacheRoutes } from './cache/routes.ts';
import { registerCashierRoutes } from './cashier/routes.ts';
import {
  registerSandboxGateway,
  withholdSandboxRoutes,
  withoutSandboxPaths,
} from './cashier/sandbox-gateway.ts';
import { registerChatRoutes } from './chat/routes.ts';
import { buildOpenApiDocument } from './docs/openapi.ts';
import {
  answerClientError,
  invalidJsonCode,
  nulInJsonCode,
  registerErrorHandling,
  sendNotFound,
} from './http/errors.ts';
import { createRequestGuard } from './http/guard.ts';
import { createHomePageRenderer, type HomePage, preferredEncoding } from './http/home-page.ts';
import { OneLinePerRequest } from './http/request-log.ts';
import { createRouteRegistrar } from './http/route.ts';
import { allowInlineStyles, registerSecurityHeaders } from './http/security-headers.ts';
import { registerIdentityRoutes } from './identity/routes.ts';
import { registerLotteryRoutes } from './lottery/routes.ts';
import { registerMemberRoutes } from './member/routes.ts';
import { registerOperatorRoutes } from './operator/routes.ts';
import { registerReportRoutes } from './report/routes.ts';
import { registerSeamlessRoutes } from './seamless/routes.ts';
import { accessResolversOf, type Services } from './services.ts';
import { registerSessionRoutes } from './session/routes.ts';
import { registerSiteAdminRoutes } from './site/admin-routes.ts';
import { registerSiteRoutes } from './site/routes.ts';
import { registerSportsbookRoutes } from './sportsbook/routes.ts';
import type { Clock } from './stores/clock.ts';
import type { Stores } from './stores/stores.ts';
import { registerVenueHost } from './venue/host.ts';
import { registerVenueLobby } from './venue/lobby.ts';
import { registerVenueRoutes } from './venue/routes.ts';

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
  /** Built operator console to serve under /admin/; absent in API-only tests. */
  adminDistDir?: string;
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
  registerOperatorRoutes(route, deps.services.operators, deps.services.memberView);
  registerSiteAdminRoutes(route, deps.services.sites);
  registerCashierRoutes(route, deps.services.cashier);
  registerIdentityRoutes(route, deps.services.identity);
  registerReportRoutes(route, deps.services.reports);
  registerVenueRoutes(route, deps.services.venues);
  registerBetRoutes(route, deps.services.bets);
  registerSeamlessRoutes(route, deps.services.seamless);
  registerLotteryRoutes(route, deps.services.lottery);
  registerSportsbookRoutes(route, deps.services.sportsbook);
  registerChatRoutes(route, deps.services.chat);
  await deps.services.gateway.register(app);
  registrar.assertEveryRouteRegistered();
  registerSandboxGateway(app, deps.services.cashier);
  registerVenueHost(app, {
    venues: deps.services.venues,
    engine: deps.services.venueEngine,
    sportsbook: deps.services.sportsbook,
  });
  registerVenueLobby(app, {
    venues: deps.services.venues,
    engine: deps.services.venueEngine,
    cashier: deps.services.cashier,
  });
  app.get('/healthz', async () => ({ status: 'ok' }));

  const apiDocument = buildOpenApiDocument();
  await app.register(fastifySwagger, {
    mode: 'static',
    specification: { document: deps.isSandboxMode ? apiDocument : withoutSandboxPaths(apiDocument) },
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/docs', transformStaticCSP: allowInlineStyles });
  await app.register(fastifyStatic, { root: mediaDir, prefix: '/media/', decorateReply: false });
  // The site the web app names in its calls, so the page's banners are those its API would answer.
  await registerWebApp(app, deps.webDistDir, deps.adminDistDir, () =>
    deps.services.sites.stationAds(siteIdDefault),
  );
  return app;
}

const nulCharacterFound = new Error('U+0000 in a JSON body');

function refuseNulCharacters(key: string, value: unknown): unknown {
  if (key.includes('\0') || (typeof value === 'string' && value.includes('\0'))) {
    throw nulCharacterFound;
  }
  return value;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The JSON body as sent ('' without one): venues sign these bytes. */
    rawBody: string;
  }
}

/**
 * A POST without a body is a payload of its defaults (preInfo's platformType), not a parse error.
 * The text is kept as `rawBody` for the routes whose callers sign it.
 */
function acceptEmptyJsonBodies(app: FastifyInstance) {
  app.decorateRequest('rawBody', '');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    request.rawBody = text;
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

/** How both apps' built files are served: routed at start, precompressed, hashed assets cached for good. */
function staticOptions(root: string, prefix: string, decorateReply: boolean): FastifyStaticOptions {
  return {
    root,
    prefix,
    decorateReply,
    // Files are routed at start: `npm start` rebuilds the web apps before the server starts.
    wildcard: false,
    index: false,
    // The build writes x.br and x.gz beside each text file worth it (scripts/vite-precompress.ts):
    // one is sent when the client accepts it, with content-encoding and vary: accept-encoding.
    preCompressed: true,
    // Those copies stand in for their original; nobody asks for them by name.
    globIgnore: ['**/*.br', '**/*.gz'],
    setHeaders: (reply, filePath) => {
      const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('cache-control', isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  };
}

const consolePrefix = '/admin/';

/**
 * A `Link` preload of the home page's first banner, its largest paint: the browser fetches it with
 * the page's headers, before the HTML that names it. Only a plain URL becomes a header.
 */
function bannerPreload(imageUrl: string | undefined): string | undefined {
  return imageUrl && /^(\/(?!\/)|https:\/\/)[\x21-\x7e]*$/.test(imageUrl) && !/[<>,;]/.test(imageUrl)
    ? `<${imageUrl}>; rel=preload; as=image; fetchpriority=high`
    : undefined;
}

/**
 * The home page with the site's banners in it (http/home-page.ts), compressed as the client
 * accepts. Without banners to hand (the site unknown, the database down) it is the plain
 * index.html: the app then asks for them itself.
 */
async function sendHomePage(
  request: FastifyRequest,
  reply: FastifyReply,
  homeBanners: () => Promise<StationAd[]>,
  renderHomePage: (ads: readonly StationAd[]) => HomePage,
) {
  let ads: StationAd[];
  try {
    ads = await homeBanners();
  } catch (error) {
    request.log.warn({ err: error }, 'home page served without its banners');
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  }
  const page = renderHomePage(ads);
  const preload = bannerPreload(ads[0]?.imageUrl);
  if (preload) {
    reply.header('link', preload);
  }
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  if (encoding) {
    reply.header('content-encoding', encoding);
  }
  return reply
    .header('cache-control', 'no-cache')
    .header('vary', 'accept-encoding')
    .type('text/html; charset=utf-8')
    .send(encoding ? page[encoding] : page.html);
}

/**
 * The member SPA owns every path outside the API and /admin/; the operator console owns /admin/
 * outside /admin/api. Known files are served; any other GET that wants HTML gets the app's
 * index.html so client routing can show the page (or its 404 page); the home page gets it with
 * its banners.
 */
async function registerWebApp(
  app: FastifyInstance,
  webDistDir: string | undefined,
  adminDistDir: string | undefined,
  homeBanners: () => Promise<StationAd[]>,
) {
  const hasWebApp = webDistDir !== undefined && existsSync(path.join(webDistDir, 'index.html'));
  const hasConsole = adminDistDir !== undefined && existsSync(path.join(adminDistDir, 'index.html'));
  if (hasWebApp) {
    await app.register(fastifyStatic, staticOptions(webDistDir, '/', true));
  }
  // Files are read at start, like the static routes: `npm start` rebuilds the web app first.
  const renderHomePage = hasWebApp
    ? createHomePageRenderer(readFileSync(path.join(webDistDir, 'index.html'), 'utf8'))
    : undefined;
  if (hasConsole) {
    // One registration decorates the reply; the other names its root when it sends a file.
    await app.register(fastifyStatic, staticOptions(adminDistDir, consolePrefix, !hasWebApp));
  }
  app.setNotFoundHandler(async (request, reply) => {
    // A missing hashed asset is a 404, not the page: a stale index.html must not load HTML as script.
    // HEAD too: link checkers and uptime monitors ask for a page's headers only.
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !basePathOf(request.url) &&
      !request.url.startsWith('/docs') &&
      !request.url.startsWith('/assets/');
    const pathname = request.url.split('?', 1)[0] ?? '';
    const isConsolePath = pathname === '/admin' || pathname.startsWith(consolePrefix);
    if (isConsolePath) {
      if (hasConsole && wantsPage && !request.url.startsWith(`${consolePrefix}assets/`)) {
        return reply.header('cache-control', 'no-cache').sendFile('index.html', adminDistDir);
      }
      return sendNotFound(request, reply);
    }
    if (renderHomePage && wantsPage && pathname === '/') {
      return sendHomePage(request, reply, homeBanners, renderHomePage);
    }
    if (hasWebApp && wantsPage) {
      // Through the static plugin, so the page is sent precompressed like any other file.
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return sendNotFound(request, reply);
  });
}
