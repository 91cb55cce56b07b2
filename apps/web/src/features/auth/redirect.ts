import { paths } from '../../lib/paths.ts';

/**
 * Where to go after signing in: the `redirect` query value when it is a path of this site
 * (never another origin, never back into the sign-in pages), else home.
 */
export function redirectTargetOf(search: string): string {
  const target = new URLSearchParams(search).get('redirect') ?? '';
  const isLocal = target.startsWith('/') && !target.startsWith('//') && !target.startsWith('/\\');
  return isLocal && !target.startsWith('/user/') ? target : paths.home;
}
