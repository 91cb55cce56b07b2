import { rememberMeCookieDays } from '@site/contract';
import { getCookie, removeCookie, setCookie } from './cookies.ts';
import { local, readJson, storageKeys } from './storage.ts';

type TokenListener = () => void;
const tokenListeners = new Set<TokenListener>();

/** Lets the UI follow sign-in and sign-out in this tab (other tabs reload on focus). */
export function subscribeToken(listener: TokenListener): () => void {
  tokenListeners.add(listener);
  return () => tokenListeners.delete(listener);
}

function notifyToken(): void {
  for (const listener of tokenListeners) {
    listener();
  }
}

/** The login page stores the remember-me choice before saving the token it gets back. */
export function setRememberMe(isChecked: boolean): void {
  local.set(storageKeys.loginInfo, JSON.stringify({ isChecked }));
}

/** Login info stored by the login page; `isChecked` is the remember-me flag. */
export function isRememberMe(): boolean {
  const info = readJson(local.get(storageKeys.loginInfo));
  return typeof info === 'object' && info !== null && 'isChecked' in info && info.isChecked === true;
}

/** The token from the cookie, else local storage; the URL param is applied at start-up. */
export function readToken(): string | undefined {
  return getCookie(storageKeys.token) || local.get(storageKeys.token) || undefined;
}

export function saveToken(token: string, now = Date.now()): void {
  setCookie(storageKeys.token, token, isRememberMe() ? rememberMeCookieDays : undefined, now);
  local.set(storageKeys.token, token);
  notifyToken();
}

/** Ends the session on this device: token and the cached user info. */
export function clearToken(): void {
  removeCookie(storageKeys.token);
  local.remove(storageKeys.token);
  local.remove(storageKeys.userInfo);
  notifyToken();
}

/**
 * Reloads the page when the tab regains focus holding another token than when it lost it
 * (signed in or out in another tab). Returns the cleanup.
 */
export function watchTokenOnFocus(reload: () => void, target: Window = window): () => void {
  let tokenAtBlur: string | undefined;
  let isAway = false;
  const onAway = () => {
    isAway = true;
    tokenAtBlur = readToken();
  };
  const onBack = () => {
    if (isAway && readToken() !== tokenAtBlur) {
      reload();
    }
    isAway = false;
  };
  const onVisibility = () => (target.document.hidden ? onAway() : onBack());
  target.addEventListener('blur', onAway);
  target.addEventListener('focus', onBack);
  target.document.addEventListener('visibilitychange', onVisibility);
  return () => {
    target.removeEventListener('blur', onAway);
    target.removeEventListener('focus', onBack);
    target.document.removeEventListener('visibilitychange', onVisibility);
  };
}
