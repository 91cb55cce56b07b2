import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from '../../scripts/vite-precompress.ts';
import { antdIndexWithoutSideEffects } from './vite-antd-barrel.ts';
import { antdFormWithoutHelpPopover } from './vite-antd-form-help.ts';
import { routeTable } from './vite-route-table.ts';
import { stylesheetsFirst } from './vite-stylesheets-first.ts';

const apiTarget = 'http://127.0.0.1:3000';
/** API prefixes, plus /media where the server keeps site images (logos, banners). */
const proxiedPrefixes = ['/site', '/act', '/game', '/fd', '/agent', '/stream', '/api', '/docs', '/media'];

export default defineConfig({
  plugins: [
    antdIndexWithoutSideEffects(),
    react(),
    routeTable(),
    antdFormWithoutHelpPopover(),
    stylesheetsFirst(),
    precompress(),
  ],
  server: {
    proxy: Object.fromEntries(
      proxiedPrefixes.map((prefix) => [
        prefix,
        { target: apiTarget, changeOrigin: true, ws: prefix === '/stream' },
      ]),
    ),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The budget test and `npm run bench -- web` follow each route's imports in it (see budget.ts).
    manifest: true,
    rolldownOptions: {
      output: {
        // Libraries every page needs and that change less often than our code get chunks of their
        // own, so a deploy does not make phones download them again. antd-mobile is left to the
        // automatic splitting: one chunk of it would put every page's components on the first load.
        codeSplitting: {
          groups: [
            {
              name: 'vendor-react',
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
            },
            // TanStack Query only: react-virtual belongs to the lazy pages that list long feeds.
            {
              name: 'vendor-data',
              test: /[\\/]node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]/,
            },
            // Only lazily loaded pages (forms) use zod: its own chunk keeps it off the first load.
            { name: 'vendor-zod', test: /[\\/]node_modules[\\/]zod[\\/]/ },
            // Everything else the entry imports statically, in the entry's chunk: lazy pages share
            // many of those modules, and left to the automatic splitting each shared set became a
            // chunk of its own, some twenty requests of 1-2 KB before a phone could start the app.
            { name: 'index', tags: ['$initial'] },
          ],
        },
      },
    },
  },
});
