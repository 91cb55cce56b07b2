import { Outlet, useLocation } from 'react-router';
import { useIsDesktop } from '../lib/use-viewport.ts';
import { DesktopLayout } from './layout/desktop-layout.tsx';
import { H5Layout } from './layout/h5-layout.tsx';
import { CrashBoundary } from './pages/error-page.tsx';
import { useShellEffects } from './shell-effects.ts';

/**
 * The shell behaviours in a component of their own: the site info and the unread counters they
 * follow then re-render this alone when they arrive or refresh, not the whole page.
 */
function ShellEffects() {
  useShellEffects();
  return null;
}

/** Root route: shell behaviours, the layout for the viewport, and the crash page. */
export function Shell() {
  const isDesktop = useIsDesktop();
  const { pathname } = useLocation();
  const Layout = isDesktop ? DesktopLayout : H5Layout;
  return (
    <>
      <ShellEffects />
      <Layout>
        <CrashBoundary resetKey={pathname}>
          <Outlet />
        </CrashBoundary>
      </Layout>
    </>
  );
}
