import { type ReferralParam, referralExpiryMs, referralParams } from '@site/contract';
import { local, readJson, session, storageKeys } from './storage.ts';
import { saveToken } from './token.ts';

interface StoredReferral {
  value: string;
  savedAt: number;
}

function referralKey(param: ReferralParam): string {
  return `${storageKeys.referralPrefix}${param}`;
}

/** A referral code, or undefined once older than its expiry (12 h, invite_code 24 h). */
export function readReferral(param: ReferralParam, now = Date.now()): string | undefined {
  const stored = readJson(local.get(referralKey(param)));
  if (!isStoredReferral(stored)) {
    return undefined;
  }
  return now - stored.savedAt > referralExpiryMs[param] ? undefined : stored.value;
}

/** Unexpired referral codes as the register call takes them: code and the time it was stored. */
export function storedReferralCodes(
  now = Date.now(),
): Partial<Record<ReferralParam, { code: string; savedAt: number }>> {
  const codes: Partial<Record<ReferralParam, { code: string; savedAt: number }>> = {};
  for (const param of referralParams) {
    const stored = readJson(local.get(referralKey(param)));
    if (isStoredReferral(stored) && now - stored.savedAt <= referralExpiryMs[param]) {
      codes[param] = { code: stored.value, savedAt: stored.savedAt };
    }
  }
  return codes;
}

/** The agent_verify value from an entry URL, if one was seen. */
export function readAgentVerify(): string | undefined {
  return local.get(storageKeys.agentVerify) || undefined;
}

function isStoredReferral(value: unknown): value is StoredReferral {
  return (
    typeof value === 'object' &&
    value !== null &&
    'value' in value &&
    typeof value.value === 'string' &&
    'savedAt' in value &&
    typeof value.savedAt === 'number'
  );
}

export function isAppSession(): boolean {
  return session.get(storageKeys.isApp) === '1';
}

/**
 * Stores what the entry URL carries: agent_verify, referral codes with their time, the
 * token (also `appdown-token` from the app download flow) and the in-app flag.
 */
export function captureEntryParams(search: string, now = Date.now()): void {
  const params = new URLSearchParams(search);
  const agentVerify = params.get('agent_verify');
  if (agentVerify !== null) {
    local.set(storageKeys.agentVerify, agentVerify);
  }
  for (const param of referralParams) {
    const value = params.get(param);
    if (value) {
      local.set(referralKey(param), JSON.stringify({ value, savedAt: now } satisfies StoredReferral));
    }
  }
  const appdownToken = params.get('appdown-token');
  if (appdownToken) {
    local.set(storageKeys.appdownToken, appdownToken);
  }
  const token = params.get('token') || appdownToken;
  if (token) {
    saveToken(token, now);
  }
  const isApp = params.get('isApp');
  if (isApp === '1' || isApp === 'true') {
    session.set(storageKeys.isApp, '1');
  }
}
