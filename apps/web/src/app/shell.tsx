import { Outlet, useLocation } from 'react-router';
import { useIsDesktop } from '../lib/use-viewport.ts';
import { DesktopLayout } from './layout/desktop-layout.tsx';
import { H5Layout } from './layout/h5-layout.tsx';
import { CrashBoundary } from './pages/error-page.tsx';
import { useShellEffects } from './shell-effects.ts';

/** Root route: shell behaviours, the layout for the viewport, and the crash page. */
export function Shell() {
  useShellEffects();
  const isDesktop = useIsDesktop();
  const { pathname } = useLocation();
  const Layout = isDesktop ? DesktopLayout : H5Layout;
  return (
    <Layout>
      <CrashBoundary resetKey={pathname}>
        <Outlet />
      </CrashBoundary>
    </Layout>
  );
}
