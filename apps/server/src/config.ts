import path from 'node:path';
import { siteIdDefault } from '@site/contract';
import { z } from 'zod';

const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.url().optional(),
  REDIS_URL: z.url().optional(),
  SITE_ID: z.coerce.number().int().positive().default(siteIdDefault),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Requests per minute one IP may make to the API before it answers 6501. */
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(1_200),
  /** Built web app to serve; the default is the workspace's Vite output. */
  WEB_DIST_DIR: z.string().min(1).optional(),
  /** Number of reverse proxies in front of the node, so `ip` is the player's address. */
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).default(0),
  /** HMAC key of the sandbox payment gateway's callbacks; the default only suits play money. */
  SANDBOX_GATEWAY_SECRET: z.string().min(16).default('sandbox-gateway-dev-secret-change-me'),
});

export type Config = z.infer<typeof configSchema> & { webDistDir: string; dataDir: string };

/** Reads the environment once; a bad value stops the start with a message naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration: ${problems.join('; ')}`);
  }
  const root = path.resolve(import.meta.dirname, '../../..');
  return {
    ...parsed.data,
    dataDir: path.resolve(parsed.data.DATA_DIR),
    webDistDir: path.resolve(parsed.data.WEB_DIST_DIR ?? path.join(root, 'apps/web/dist')),
  };
}
