import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { createApiFailureHandler } from '../lib/api-behaviours.ts';
import { setApiFailureHandler } from '../lib/api-client.ts';
import { isMobileUserAgent } from '../lib/device.ts';
import { messages } from '../lib/messages.ts';
import { clearModals } from '../lib/modal-store.ts';
import { paths } from '../lib/paths.ts';
import { maintainStatusOf, preInfoQuery, useCounter, usePreInfo } from '../lib/site-data.ts';
import { startTitleMarquee } from '../lib/title-marquee.ts';
import { showToast } from '../lib/toast.ts';
import { watchTokenOnFocus } from '../lib/token.ts';

/** Wires the API failure behaviours to this router and query cache. */
function useApiFailureBehaviours(): void {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const location = useLocation();
  const currentPath = useRef('');
  currentPath.current = `${location.pathname}${location.search}`;
  useEffect(() => {
    setApiFailureHandler(
      createApiFailureHandler({
        navigate: (path) => void navigate(path),
        currentPath: () => currentPath.current,
        isMobile: () => isMobileUserAgent(),
        maintainStatus: () => maintainStatusOf(queryClient),
        refreshSiteInfo: () => void queryClient.invalidateQueries({ queryKey: preInfoQuery.queryKey }),
        reload: () => window.location.reload(),
        toast: showToast,
        isOnline: () => navigator.onLine,
        now: Date.now,
      }),
    );
  }, [navigate, queryClient]);
}

/** Status 0 sends every page but the maintenance page there. */
function useMaintenanceRedirect(status: 0 | 1 | undefined): void {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  useEffect(() => {
    if (status === 0 && pathname !== paths.maintenance) {
      clearModals();
      void navigate(paths.maintenance, { replace: true });
    }
  }, [status, pathname, navigate]);
}

function useDocumentTitle(title: string): void {
  useEffect(() => startTitleMarquee(title), [title]);
}

export function useShellEffects(): void {
  useApiFailureBehaviours();
  const { data: preInfo } = usePreInfo();
  useMaintenanceRedirect(preInfo?.maintainConfig.status);
  useDocumentTitle(preInfo?.SiteBaseConfigVo.title || messages.shell.defaultTitle);
  useEffect(() => watchTokenOnFocus(() => window.location.reload()), []);
  useCounter();
}
