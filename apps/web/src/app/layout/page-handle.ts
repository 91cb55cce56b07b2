import { useMatches } from 'react-router';

/**
 * How a page sits in the layout: `tabs` top-level with the bottom tab bar, `back` inner page
 * with a back arrow, `bare` full-screen system page.
 */
export interface PageHandle {
  chrome: 'tabs' | 'back' | 'bare';
  title?: string;
}

function isPageHandle(value: unknown): value is PageHandle {
  return typeof value === 'object' && value !== null && 'chrome' in value;
}

export function usePageHandle(): PageHandle {
  const handle = useMatches().at(-1)?.handle;
  return isPageHandle(handle) ? handle : { chrome: 'back' };
}
