import { type ReferralParam, referralExpiryMs, referralParams } from '@site/contract';
import { messages } from './messages.ts';
import { modal } from './modal-store.ts';
import { local, readJson, session, storageKeys } from './storage.ts';
import { clearToken, readToken, saveToken } from './token.ts';

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
 * Stores what the entry URL carries: agent_verify, referral codes with their time and the
 * in-app flag. Returns the session token it carries (`token`, or `appdown-token` from the app
 * download flow) for `adoptEntryToken`.
 */
export function captureEntryParams(search: string, now = Date.now()): string | undefined {
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
  const isApp = params.get('isApp');
  if (isApp === '1' || isApp === 'true') {
    session.set(storageKeys.isApp, '1');
  }
  return params.get('token') || appdownToken || undefined;
}

/**
 * Signs in with a token from the entry URL. With no session, or this same one, it is kept at
 * once. Replacing another session waits for a yes: a link must not swap the account someone
 * acts in without them seeing it. A switch reloads the page, so nothing of the previous member
 * stays on screen. Resolves whether the URL's token is now the session.
 */
export async function adoptEntryToken(token: string, options: { reload: () => void; now?: number }) {
  const current = readToken();
  if (current === undefined || current === token) {
    saveToken(token, options.now);
    return true;
  }
  const isSwitching = await modal.confirm({
    content: messages.shell.switchAccountConfirm,
    confirmText: messages.shell.switchAccount,
    cancelText: messages.shell.keepAccount,
  });
  if (!isSwitching) {
    return false;
  }
  // clearToken also drops the previous member's cached user info.
  clearToken();
  saveToken(token, options.now);
  options.reload();
  return true;
}
