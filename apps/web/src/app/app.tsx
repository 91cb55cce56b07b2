import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd-mobile';
import { type ReactNode, useState } from 'react';
import { RouterProvider } from 'react-router';
import { antdLocale } from '../lib/antd-setup.ts';
import { areCookiesUsable } from '../lib/cookies.ts';
import { ModalHost } from '../lib/modal-host.tsx';
import { CookieWarningPage } from './pages/cookie-warning-page.tsx';
import { createQueryClient } from './query-client.ts';
import type { AppRouter } from './routes.tsx';

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
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
  areCookiesEnabled = areCookiesUsable(),
}: {
  router: AppRouter;
  areCookiesEnabled?: boolean;
}) {
  return (
    <Providers>{areCookiesEnabled ? <RouterProvider router={router} /> : <CookieWarningPage />}</Providers>
  );
}
