import path from 'node:path';
import { siteIdDefault } from '@site/contract';
import { z } from 'zod';
import type { RemoteCaptchaConfig } from './session/captcha.ts';

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
    /** Built operator console to serve under /admin/; the default is the workspace's Vite output. */
    ADMIN_DIST_DIR: z.string().min(1).optional(),
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
    /**
     * `geetest` (极验) or `cloud` (云验证) replaces our image captcha with that service's widget,
     * verified against CAPTCHA_VERIFY_URL with CAPTCHA_APP_ID and CAPTCHA_SECRET_KEY.
     */
    CAPTCHA_PROVIDER: z.enum(['image', 'geetest', 'cloud']).default('image'),
    CAPTCHA_APP_ID: z.string().min(1).optional(),
    CAPTCHA_SECRET_KEY: z.string().min(16).optional(),
    CAPTCHA_VERIFY_URL: z.url().optional(),
    /** How long to wait for the captcha service before answering its code (6022 / 6023). */
    CAPTCHA_TIMEOUT_MS: z.coerce.number().int().positive().max(30_000).default(3_000),
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
    if (env.CAPTCHA_PROVIDER !== 'image') {
      for (const name of ['CAPTCHA_APP_ID', 'CAPTCHA_SECRET_KEY', 'CAPTCHA_VERIFY_URL'] as const) {
        if (env[name] === undefined) {
          ctx.addIssue({
            code: 'custom',
            path: [name],
            message: `required with CAPTCHA_PROVIDER=${env.CAPTCHA_PROVIDER}`,
          });
        }
      }
    }
  });

type ParsedEnv = z.infer<typeof configSchema>;

export type Config = Omit<ParsedEnv, 'SANDBOX_MODE'> & {
  isSandboxMode: boolean;
  /** The third-party captcha to use instead of our image captcha, when one is configured. */
  remoteCaptcha: RemoteCaptchaConfig | undefined;
  webDistDir: string;
  adminDistDir: string;
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
    remoteCaptcha: remoteCaptchaOf(values),
    dataDir: path.resolve(parsed.data.DATA_DIR),
    webDistDir: path.resolve(parsed.data.WEB_DIST_DIR ?? path.join(root, 'apps/web/dist')),
    adminDistDir: path.resolve(parsed.data.ADMIN_DIST_DIR ?? path.join(root, 'apps/admin/dist')),
  };
}

function remoteCaptchaOf(env: Omit<ParsedEnv, 'SANDBOX_MODE'>): RemoteCaptchaConfig | undefined {
  const { CAPTCHA_PROVIDER: kind, CAPTCHA_APP_ID: appId, CAPTCHA_SECRET_KEY: secretKey } = env;
  const verifyUrl = env.CAPTCHA_VERIFY_URL;
  if (kind === 'image' || !appId || !secretKey || !verifyUrl) {
    return undefined;
  }
  return { kind, appId, secretKey, verifyUrl, timeoutMs: env.CAPTCHA_TIMEOUT_MS };
}
