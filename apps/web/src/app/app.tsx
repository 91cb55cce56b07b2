import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd-mobile';
import { type ReactNode, useState } from 'react';
import { RouterProvider } from 'react-router';
import { antdLocale } from '../lib/antd-setup.ts';
import { areCookiesUsable } from '../lib/cookies.ts';
import { ModalHost } from '../lib/modal-host.tsx';
import { lazyPage } from './lazy-page.tsx';
import { createQueryClient } from './query-client.ts';
import type { AppRouter } from './routes.tsx';

// Shown only where cookies are off: its code (and antd's ErrorBlock pictures) loads then.
const CookieWarningPage = lazyPage(() =>
  import('./pages/cookie-warning-page.tsx').then((module) => module.CookieWarningPage),
);

/** `queryClient` is the one main.tsx made to start requests before the first render. */
export function Providers({
  children,
  queryClient: givenClient,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
}) {
  const [queryClient] = useState(() => givenClient ?? createQueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={antdLocale}>
        {children}
        <ModalHost />
      </ConfigProvider>
    </QueryClientProvider>
  );
}

/** Without cookies the site cannot keep a session: say so instead of half-working. */
export function App({
  router,
  queryClient,
  areCookiesEnabled = areCookiesUsable(),
}: {
  router: AppRouter;
  queryClient?: QueryClient;
  areCookiesEnabled?: boolean;
}) {
  return (
    <Providers {...(queryClient ? { queryClient } : {})}>
      {areCookiesEnabled ? <RouterProvider router={router} /> : <CookieWarningPage />}
    </Providers>
  );
}
