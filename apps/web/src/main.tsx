import './lib/zod-setup.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { bootShell } from './app/boot.ts';
import { createQueryClient } from './app/query-client.ts';
import { createAppRouter } from './app/routes.tsx';
import { stationAdsQuery } from './features/home/api.ts';
import { paths } from './lib/paths.ts';
import { preInfoQuery } from './lib/site-data.ts';
import './app/theme.css';
import './app/boot-shell.css';

bootShell();
// The site info and, on the home page, the banners (its largest paint) are asked for now rather
// than once React has rendered the page: that render takes a few hundred ms on a slow phone.
const queryClient = createQueryClient();
void queryClient.prefetchQuery(preInfoQuery);
if (window.location.pathname === paths.home) {
  void queryClient.prefetchQuery(stationAdsQuery);
}
const container = document.getElementById('root');
if (container) {
  createRoot(container).render(
    <StrictMode>
      <App router={createAppRouter()} queryClient={queryClient} />
    </StrictMode>,
  );
}
