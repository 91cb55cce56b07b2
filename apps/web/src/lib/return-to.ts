/**
 * A flow that leaves a page and comes back to it (withdrawal → add a payout account →
 * verification → back) carries the page in `returnTo`; the account it made comes back in
 * `accountId`, so the page can select it.
 */
const returnToParam = 'returnTo';
const accountIdParam = 'accountId';

/** The `returnTo` of a query string when it is a path of this site, else undefined. */
export function returnToOf(search: string): string | undefined {
  const target = new URLSearchParams(search).get(returnToParam) ?? '';
  const isLocal = target.startsWith('/') && !target.startsWith('//') && !target.startsWith('/\\');
  return isLocal ? target : undefined;
}

/** `path` carrying `returnTo` on, when there is one. */
export function withReturnTo(path: string, returnTo: string | undefined): string {
  if (returnTo === undefined) {
    return path;
  }
  const separator = path.includes('?') ? '&' : '?';
  return `${path}${separator}${returnToParam}=${encodeURIComponent(returnTo)}`;
}

/** Back at `returnTo` with the new account named. */
export function returnWithAccount(returnTo: string, accountId: number): string {
  const url = new URL(returnTo, 'https://site.invalid');
  url.searchParams.set(accountIdParam, String(accountId));
  return `${url.pathname}${url.search}`;
}

/** The account a flow came back with, or undefined. */
export function returnedAccountIdOf(search: string): number | undefined {
  const value = Number(new URLSearchParams(search).get(accountIdParam) ?? '');
  return Number.isSafeInteger(value) && value > 0 ? value : undefined;
}
