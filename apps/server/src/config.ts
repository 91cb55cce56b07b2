import path from 'node:path';
import { siteIdDefault } from '@site/contract';
import { z } from 'zod';

const configSchema = z
  .object({
    /** `production` turns the sandbox off by default and makes its secret mandatory. */
    NODE_ENV: z.string().optional(),
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
    /** How long a stop (SIGTERM, SIGINT) may take before the process exits regardless. */
    SHUTDOWN_DEADLINE_MS: z.coerce.number().int().positive().default(10_000),
    /**
     * Serves the play-money sandbox: the payment gateway's pay pages, callback and channels, and
     * the operator's SMS / e-mail outbox. On by default for the embedded demo, off in production.
     */
    SANDBOX_MODE: z.stringbool().optional(),
    /**
     * HMAC key of the sandbox gateway's callbacks. Outside production a random key per start
     * serves, as the gateway runs inside the node that verifies it.
     */
    SANDBOX_GATEWAY_SECRET: z.string().min(16).optional(),
  })
  .superRefine((env, ctx) => {
    const isProduction = env.NODE_ENV === 'production';
    if (isProduction && (env.SANDBOX_MODE ?? false) && env.SANDBOX_GATEWAY_SECRET === undefined) {
      // Nodes behind one load balancer must share the key, and a guessable one would let anyone mark deposits paid.
      ctx.addIssue({
        code: 'custom',
        path: ['SANDBOX_GATEWAY_SECRET'],
        message: 'required with NODE_ENV=production and SANDBOX_MODE on',
      });
    }
  });

type ParsedEnv = z.infer<typeof configSchema>;

export type Config = Omit<ParsedEnv, 'SANDBOX_MODE'> & {
  isSandboxMode: boolean;
  webDistDir: string;
  dataDir: string;
};

/** Reads the environment once; a bad value stops the start with a message naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration: ${problems.join('; ')}`);
  }
  const root = path.resolve(import.meta.dirname, '../../..');
  const { SANDBOX_MODE, ...values } = parsed.data;
  return {
    ...values,
    isSandboxMode: SANDBOX_MODE ?? values.NODE_ENV !== 'production',
    dataDir: path.resolve(parsed.data.DATA_DIR),
    webDistDir: path.resolve(parsed.data.WEB_DIST_DIR ?? path.join(root, 'apps/web/dist')),
  };
}
