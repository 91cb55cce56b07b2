import './lib/zod-setup.ts';
// antd-mobile's global styles and touch set-up, which its index no longer brings (vite-antd-barrel.ts).
import 'antd-mobile/es/global';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { bootShell } from './app/boot.ts';
import { createQueryClient } from './app/query-client.ts';
import { createAppRouter } from './app/routes.tsx';
import { pageStationAds, stationAdsQuery } from './features/home/api.ts';
import { paths } from './lib/paths.ts';
import { preInfoQuery } from './lib/site-data.ts';
import './app/theme.css';
import './app/boot-shell.css';

bootShell();
// The site info is asked for now rather than once React has rendered the page: that render takes
// a few hundred ms on a slow phone. The home page's banners came with the page; without them
// (the server had none to hand) they are asked for now too.
const queryClient = createQueryClient();
void queryClient.prefetchQuery(preInfoQuery);
const pageAds = pageStationAds();
if (pageAds) {
  queryClient.setQueryData(stationAdsQuery.queryKey, pageAds);
} else if (window.location.pathname === paths.home) {
  void queryClient.prefetchQuery(stationAdsQuery);
}
const container = document.getElementById('root');
if (container) {
  const root = createRoot(container);
  // The router is made in a task of its own: ranking the app's routes takes a slow phone tens of
  // ms, and after the modules' evaluation in the same task it made one long task.
  // As a transition, the first render yields to the browser every few ms instead of holding a
  // slow phone's main thread for the whole page: taps and paints get through, and the boot shell
  // (with the first banner) stays up until the page is ready to replace it.
  setTimeout(() => {
    startTransition(() => {
      root.render(
        <StrictMode>
          <App router={createAppRouter()} queryClient={queryClient} />
        </StrictMode>,
      );
    });
  });
}
