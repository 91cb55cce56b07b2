/** Cookies with an expiry in days; no expiry makes a session cookie. */
export function getCookie(name: string): string | undefined {
  const prefix = `${encodeURIComponent(name)}=`;
  for (const part of document.cookie.split(';')) {
    const entry = part.trim();
    if (entry.startsWith(prefix)) {
      return decodeURIComponent(entry.slice(prefix.length));
    }
  }
  return undefined;
}

export function setCookie(name: string, value: string, days?: number, now = Date.now()): void {
  const expires = days === undefined ? '' : `; expires=${new Date(now + days * 86_400_000).toUTCString()}`;
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Safari and Firefox.
  document.cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}${expires}; path=/; SameSite=Lax`;
}

export function removeCookie(name: string): void {
  // biome-ignore lint/suspicious/noDocumentCookie: as above.
  document.cookie = `${encodeURIComponent(name)}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
}

const probeCookie = 'cookie_probe';

/**
 * Whether the site can keep cookies. `navigator.cookieEnabled` alone is not enough: Chromium
 * with cookies blocked in its settings still answers true, so write a probe and read it back.
 */
export function areCookiesUsable(): boolean {
  if (!navigator.cookieEnabled) {
    return false;
  }
  setCookie(probeCookie, '1');
  const isKept = getCookie(probeCookie) === '1';
  removeCookie(probeCookie);
  return isKept;
}
