import { AppError } from '../app-error.ts';
import type { ExpiringEntry } from '../stores/cache.ts';
import type { Clock } from '../stores/clock.ts';
import type { SecurityStateStore } from '../stores/security-state.ts';

/**
 * Failed-attempt bookkeeping, counted per account, per (account, IP) pair and per IP within a
 * window. Failures on an account first make the next attempts ask for a captcha; past the delay
 * thresholds every attempt is refused (6501) until a delay that doubles with each further
 * failure has run out. The captcha is never the only brake: a caller who solves every captcha
 * still meets the account, pair and IP delays.
 */
export interface ThrottleRules {
  windowMs: number;
  captchaAfterAccountFailures: number;
  captchaAfterIpFailures: number;
  /** Across all IPs, so many addresses cannot share out the guesses on one account. */
  delayAfterAccountFailures: number;
  delayAfterPairFailures: number;
  delayAfterIpFailures: number;
  delayFirstMs: number;
  delayMaxMs: number;
}

/**
 * Passwords. The account-wide delay spares a device the account has signed in from before
 * (`isTrustedDevice`), so an attacker elsewhere cannot keep the owner out; the pair and IP
 * delays only slow the failing caller.
 */
export const loginThrottleRules = {
  windowMs: 15 * 60_000,
  captchaAfterAccountFailures: 3,
  captchaAfterIpFailures: 10,
  delayAfterAccountFailures: 10,
  delayAfterPairFailures: 5,
  delayAfterIpFailures: 20,
  delayFirstMs: 1_000,
  delayMaxMs: 5 * 60_000,
} as const satisfies ThrottleRules;

/**
 * Two-factor codes, wherever one is checked (login, switching two-factor off, withdrawals). A
 * six-digit code has a million values and whoever gets here already holds the password, so the
 * step locks after five wrong codes on the account, for a minute at first, growing to 15.
 */
export const twoFactorThrottleRules = {
  windowMs: 60 * 60_000,
  captchaAfterAccountFailures: Number.POSITIVE_INFINITY,
  captchaAfterIpFailures: Number.POSITIVE_INFINITY,
  delayAfterAccountFailures: 5,
  delayAfterPairFailures: 5,
  delayAfterIpFailures: 20,
  delayFirstMs: 60_000,
  delayMaxMs: 15 * 60_000,
} as const satisfies ThrottleRules;

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;

export interface ThrottleOptions {
  /**
   * Whether the caller's device has signed in to this account before: the account-wide delay
   * spares it. Asked only while that delay runs, so the usual attempt costs no extra query.
   */
  isTrustedDevice?: () => Promise<boolean>;
}

/** An attempt `begin` let through, already counted as a failure until it succeeds. */
export interface ThrottledAttempt {
  /** Clears the account's and this pair's failures and takes this attempt off the IP's count. */
  succeeded(): Promise<void>;
}

/** `ip` is undefined where a check has no request behind it; then only the account counts. */
export function createLoginThrottle(
  security: SecurityStateStore,
  clock: Clock,
  scope: string,
  rules: ThrottleRules = loginThrottleRules,
) {
  const keys = (siteId: number, account: string, ip: string | undefined) => ({
    account: `${scope}:fail:account:${siteId}:${account}`,
    accountDelay: `${scope}:delay:account:${siteId}:${account}`,
    pair: ip === undefined ? undefined : `${scope}:fail:pair:${siteId}:${account}:${ip}`,
    pairDelay: ip === undefined ? undefined : `${scope}:delay:pair:${siteId}:${account}:${ip}`,
    ip: ip === undefined ? undefined : `${scope}:fail:ip:${siteId}:${ip}`,
    ipDelay: ip === undefined ? undefined : `${scope}:delay:ip:${siteId}:${ip}`,
  });
  type Keys = ReturnType<typeof keys>;
  /** One round trip for every key an attempt looks at. */
  const readAll = async (key: Keys) =>
    security.getMany(Object.values(key).filter((entry) => entry !== undefined));
  const increment = async (key: string | undefined) =>
    key === undefined ? 0 : security.increment(key, rules.windowMs);
  const isCaptchaRequired = (accountFailures: number, ipFailures: number) =>
    accountFailures >= rules.captchaAfterAccountFailures || ipFailures >= rules.captchaAfterIpFailures;
  const refuse = (expiresAtMs: number) => {
    const seconds = Math.max(1, Math.ceil((expiresAtMs - clock.now()) / 1000));
    return new AppError(6501, `尝试次数过多，请${seconds}秒后再试`, { isCaptchaRequired: true });
  };
  const assertNoDelay = async (
    key: Keys,
    entries: Map<string, ExpiringEntry>,
    options: ThrottleOptions,
  ): Promise<void> => {
    const [pairDelay, ipDelay, accountDelay] = [key.pairDelay, key.ipDelay, key.accountDelay].map((entry) =>
      entry === undefined ? undefined : entries.get(entry),
    );
    const isAccountDelayed = accountDelay !== undefined && !(await options.isTrustedDevice?.());
    const delay = pairDelay ?? ipDelay ?? (isAccountDelayed ? accountDelay : undefined);
    if (delay) {
      throw refuse(delay.expiresAtMs);
    }
  };
  const delayOf = (attempts: number, threshold: number) =>
    Math.min(rules.delayFirstMs * 2 ** (attempts - threshold), rules.delayMaxMs);
  const countAttempt = (key: Keys) =>
    Promise.all([increment(key.account), increment(key.pair), increment(key.ip)]);
  const startDelays = async (
    key: Keys,
    counts: number[],
    start: (key: string, delayMs: number) => Promise<boolean>,
  ) => {
    const [accountCount = 0, pairCount = 0, ipCount = 0] = counts;
    const delays = [
      [key.pairDelay, pairCount, rules.delayAfterPairFailures],
      [key.ipDelay, ipCount, rules.delayAfterIpFailures],
      [key.accountDelay, accountCount, rules.delayAfterAccountFailures],
    ] as const;
    return Promise.all(
      delays.map(([delayKey, count, threshold]) =>
        delayKey === undefined || count < threshold ? true : start(delayKey, delayOf(count, threshold)),
      ),
    );
  };
  const clearOnSuccess = (key: Keys) =>
    security.deleteMany([key.account, key.pair, key.pairDelay].filter((entry) => entry !== undefined));

  return {
    /** Refuses with 6501 while a delay runs; says whether this attempt needs a captcha. */
    async check(
      siteId: number,
      account: string,
      ip: string | undefined,
      options: ThrottleOptions = {},
    ): Promise<{ isCaptchaRequired: boolean }> {
      const key = keys(siteId, account, ip);
      const entries = await readAll(key);
      await assertNoDelay(key, entries, options);
      const countOf = (entry: string | undefined) =>
        Number((entry === undefined ? undefined : entries.get(entry))?.value ?? 0);
      return { isCaptchaRequired: isCaptchaRequired(countOf(key.account), countOf(key.ip)) };
    },

    /** After a wrong password: counts it and starts whichever delays it reached. */
    async recordFailure(
      siteId: number,
      account: string,
      ip: string | undefined,
    ): Promise<{ isCaptchaRequired: boolean }> {
      const key = keys(siteId, account, ip);
      const counts = await countAttempt(key);
      await startDelays(key, counts, async (delayKey, delayMs) => {
        await security.set(delayKey, '1', delayMs);
        return true;
      });
      return { isCaptchaRequired: isCaptchaRequired(counts[0], counts[2]) };
    },

    /** A success clears the account's and this pair's failures, not the IP's. */
    recordSuccess: (siteId: number, account: string, ip: string | undefined) =>
      clearOnSuccess(keys(siteId, account, ip)),

    /**
     * For secrets without a captcha in front (two-factor codes): counts the attempt as a failure
     * before the secret is checked, so a burst of concurrent guesses cannot all pass a check
     * none of them has failed yet. Past a threshold an attempt runs only if it starts the next
     * delay itself, and that claim is atomic: of many concurrent attempts one goes ahead.
     */
    async begin(siteId: number, account: string, ip: string | undefined): Promise<ThrottledAttempt> {
      const key = keys(siteId, account, ip);
      await assertNoDelay(key, await readAll(key), {});
      const counts = await countAttempt(key);
      const claims = await startDelays(key, counts, (delayKey, delayMs) =>
        security.claim(delayKey, '1', delayMs),
      );
      if (claims.includes(false)) {
        // Another attempt holds the delay now; refuse with its remaining time.
        await assertNoDelay(key, await readAll(key), {});
        throw refuse(clock.now() + rules.delayFirstMs);
      }
      return {
        async succeeded() {
          await Promise.all([
            clearOnSuccess(key),
            key.ip === undefined ? undefined : security.decrement(key.ip),
          ]);
        },
      };
    },
  };
}
