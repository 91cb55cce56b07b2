import { AppError } from '../app-error.ts';
import type { CacheStore } from '../stores/cache.ts';
import type { Clock } from '../stores/clock.ts';

/**
 * Failed-password bookkeeping. Nothing here locks an account: failures on an account only make
 * the next attempts ask for a captcha (which its owner can solve), while delays that grow with
 * each failure apply to the failing (account, IP) pair and to the failing IP. An attacker slows
 * down only themself; the owner signing in from their own address is never held back.
 */
export const loginThrottleRules = {
  windowMs: 15 * 60_000,
  captchaAfterAccountFailures: 3,
  captchaAfterIpFailures: 10,
  delayAfterPairFailures: 5,
  delayAfterIpFailures: 20,
  delayFirstMs: 1_000,
  delayMaxMs: 5 * 60_000,
} as const;

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;

export function createLoginThrottle(cache: CacheStore, clock: Clock, scope: string) {
  const rules = loginThrottleRules;
  const keys = (siteId: number, username: string, ip: string) => ({
    account: `${scope}:fail:account:${siteId}:${username}`,
    pair: `${scope}:fail:pair:${siteId}:${username}:${ip}`,
    ip: `${scope}:fail:ip:${siteId}:${ip}`,
    pairDelay: `${scope}:delay:pair:${siteId}:${username}:${ip}`,
    ipDelay: `${scope}:delay:ip:${siteId}:${ip}`,
  });
  const count = async (key: string) => Number((await cache.get(key))?.value ?? 0);
  const delayAfter = (failures: number, threshold: number) =>
    Math.min(rules.delayFirstMs * 2 ** (failures - threshold), rules.delayMaxMs);

  return {
    /** Refuses with 6501 while a delay runs; says whether this attempt needs a captcha. */
    async check(siteId: number, username: string, ip: string): Promise<{ isCaptchaRequired: boolean }> {
      const key = keys(siteId, username, ip);
      const [pairDelay, ipDelay] = await Promise.all([cache.get(key.pairDelay), cache.get(key.ipDelay)]);
      const delay = pairDelay ?? ipDelay;
      if (delay) {
        const seconds = Math.max(1, Math.ceil((delay.expiresAtMs - clock.now()) / 1000));
        throw new AppError(6501, `尝试次数过多，请${seconds}秒后再试`, { isCaptchaRequired: true });
      }
      const [accountFailures, ipFailures] = await Promise.all([count(key.account), count(key.ip)]);
      return {
        isCaptchaRequired:
          accountFailures >= rules.captchaAfterAccountFailures || ipFailures >= rules.captchaAfterIpFailures,
      };
    },

    async recordFailure(
      siteId: number,
      username: string,
      ip: string,
    ): Promise<{ isCaptchaRequired: boolean }> {
      const key = keys(siteId, username, ip);
      const [accountFailures, pairFailures, ipFailures] = await Promise.all([
        cache.increment(key.account, rules.windowMs),
        cache.increment(key.pair, rules.windowMs),
        cache.increment(key.ip, rules.windowMs),
      ]);
      if (pairFailures >= rules.delayAfterPairFailures) {
        await cache.set(key.pairDelay, '1', delayAfter(pairFailures, rules.delayAfterPairFailures));
      }
      if (ipFailures >= rules.delayAfterIpFailures) {
        await cache.set(key.ipDelay, '1', delayAfter(ipFailures, rules.delayAfterIpFailures));
      }
      return {
        isCaptchaRequired:
          accountFailures >= rules.captchaAfterAccountFailures || ipFailures >= rules.captchaAfterIpFailures,
      };
    },

    /** A correct password clears the account's and this pair's failures, not the IP's. */
    async recordSuccess(siteId: number, username: string, ip: string): Promise<void> {
      const key = keys(siteId, username, ip);
      await Promise.all([cache.delete(key.account), cache.delete(key.pair), cache.delete(key.pairDelay)]);
    },
  };
}
