import { defineConfig } from 'vitest/config';

/**
 * One Vitest run covers every package. The server's API tests run once on PGlite and the
 * in-process stores, and once more on PostgreSQL and Redis when DATABASE_URL / REDIS_URL
 * are set. Browser tests (`e2e`) run separately, after the web app is built.
 */
const hasExternalStores = Boolean(process.env.DATABASE_URL || process.env.REDIS_URL);

const serverProject = (name: string, stores: 'embedded' | 'external') => ({
  test: {
    name,
    root: 'apps/server',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    env: { TEST_STORES: stores },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'contract',
          root: 'packages/contract',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      serverProject('server', 'embedded'),
      ...(hasExternalStores ? [serverProject('server-external', 'external')] : []),
      'apps/web/vitest.config.ts',
      'apps/admin/vitest.config.ts',
      'apps/web/vitest.e2e.config.ts',
    ],
  },
});
