import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { type AppDeps, buildApp } from './app.ts';
import type { Config } from './config.ts';
import type { DatabaseTarget } from './db/database.ts';
import { createServices, type Services } from './services.ts';
import type { RemoteCaptchaConfig } from './session/captcha.ts';
import { secondDemoSiteIdOf, seedDemoData } from './site/seed.ts';
import type { Clock } from './stores/clock.ts';
import type { Stores } from './stores/stores.ts';

/** The database a node, or a command beside it, opens: DATABASE_URL, else PGlite under DATA_DIR. */
export function databaseTargetOf(config: Config): DatabaseTarget {
  return config.DATABASE_URL
    ? { kind: 'postgres', url: config.DATABASE_URL }
    : { kind: 'pglite', dataDir: path.join(config.dataDir, 'pglite') };
}

export interface Node {
  app: FastifyInstance;
  services: Services;
  stores: Stores;
  close(): Promise<void>;
}

export type NodeOptions = Omit<AppDeps, 'services' | 'isSandboxMode'> & {
  isTestMode?: boolean;
  /** Serves the play-money gateway and the outbox; off unless asked, as a production node must be. */
  isSandboxMode?: boolean;
  sandboxGatewaySecret?: string;
  /** A third-party captcha (极验 / 云验证) instead of our image captcha. */
  remoteCaptcha?: RemoteCaptchaConfig | undefined;
  /**
   * Runs the scheduled work (the lottery's draw cycle) every so many milliseconds; off unless
   * asked, so tests drive it on their own clock.
   */
  scheduleIntervalMs?: number;
  /**
   * Runs the sportsbook's feed pass every so many milliseconds; off unless asked. Apart from the
   * draw cycle: a fresh database's first passes price two days of fixtures, which a browser test
   * of another venue need not wait for.
   */
  feedIntervalMs?: number;
};

/**
 * One node as `npm start`, the tests and the benchmarks run it: services over the given stores,
 * demo data seeded on first start, and the HTTP app (not yet listening).
 */
export async function createNode(options: NodeOptions): Promise<Node> {
  const {
    isTestMode = false,
    isSandboxMode = false,
    sandboxGatewaySecret,
    remoteCaptcha,
    scheduleIntervalMs,
    feedIntervalMs,
    ...appDeps
  } = options;
  const { stores, clock } = options;
  const services = await createServices(stores, clock, {
    defaultSiteId: options.defaultSiteId,
    isTestMode,
    isSandboxMode,
    remoteCaptcha,
    ...(sandboxGatewaySecret ? { sandboxGatewaySecret } : {}),
  });
  await seedDemo(stores, services, clock, options.defaultSiteId);
  const app = await buildApp({ ...appDeps, services, isSandboxMode });
  // Every node runs the cycle; the one holding its advisory lock does the work.
  const drawCycle =
    scheduleIntervalMs === undefined
      ? undefined
      : services.lottery.startDrawCycle({
          intervalMs: scheduleIntervalMs,
          onError: (error) => app.log.error({ err: error }, 'lottery draw cycle failed'),
        });
  const feedCycle =
    feedIntervalMs === undefined
      ? undefined
      : services.sportsbook.startFeedCycle({
          intervalMs: feedIntervalMs,
          onError: (error) => app.log.error({ err: error }, 'sportsbook feed pass failed'),
          onPushError: (error) => app.log.warn({ err: error }, 'sportsbook live event not published'),
        });
  return {
    app,
    services,
    stores,
    async close() {
      await drawCycle?.stop();
      await feedCycle?.stop();
      await app.close();
      await services.close();
      await stores.close();
    },
  };
}

/**
 * Demo data on a fresh install (nothing on a database that has a site): the sites and their
 * channels; and, on every start, the default venues either demo site lacks.
 */
export async function seedDemo(stores: Stores, services: Services, clock: Clock, siteId: number) {
  const deps = {
    db: stores.db,
    sites: services.sites,
    clock,
    copyDepositChannels: services.cashier.copyChannels,
  };
  await seedDemoData(deps, siteId);
  // Every start: a demo site made before the venue registry existed gets its venues too.
  for (const demoSiteId of [siteId, secondDemoSiteIdOf(siteId)]) {
    if (await services.sites.exists(demoSiteId)) {
      await services.venues.registry.seedDefaults(demoSiteId);
      await services.lottery.seedDefaults(demoSiteId);
      await services.chat.admin.seedRooms(demoSiteId);
    }
  }
}
