import { textWidth, titleMarqueeIntervalMs, titleMarqueeMinWidth } from '@site/contract';

/** The title one step on: first character moved to the end (by code point). */
export function scrollTitle(title: string): string {
  const [first = '', ...rest] = Array.from(title);
  return `${rest.join('')}${first}`;
}

/**
 * Shows `title` as the document title; a title of 27 or more width units scrolls every
 * 350 ms, and pauses while the tab is hidden. Returns the cleanup.
 */
export function startTitleMarquee(title: string, doc: Document = document): () => void {
  doc.title = title;
  if (textWidth(title) < titleMarqueeMinWidth) {
    return () => undefined;
  }
  let shown = title;
  const timer = setInterval(() => {
    if (!doc.hidden) {
      shown = scrollTitle(shown);
      doc.title = shown;
    }
  }, titleMarqueeIntervalMs);
  return () => clearInterval(timer);
}
