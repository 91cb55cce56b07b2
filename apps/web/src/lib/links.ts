/** Where a link from site content (ads, icons, activities) leads, if anywhere that exists. */
export type LinkTarget = { kind: 'external'; url: string } | { kind: 'internal'; path: string };

let isKnownPath: (path: string) => boolean = () => false;

/** The router tells which in-app paths are real pages, so content never links to a 404. */
export function setKnownPathMatcher(matcher: (path: string) => boolean): void {
  isKnownPath = matcher;
}

export function linkTargetOf(url: string): LinkTarget | undefined {
  if (/^https?:\/\//i.test(url)) {
    return { kind: 'external', url };
  }
  if (url.startsWith('/') && !url.startsWith('//') && isKnownPath(url)) {
    return { kind: 'internal', path: url };
  }
  return undefined;
}

/** Opens a page in a new window (customer service, external content). */
export function openInNewWindow(url: string): void {
  window.open(url, '_blank', 'noopener,noreferrer');
}
