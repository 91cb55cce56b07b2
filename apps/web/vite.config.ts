import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = 'http://127.0.0.1:3000';
/** API prefixes, plus /media where the server keeps site images (logos, banners). */
const proxiedPrefixes = ['/site', '/act', '/game', '/fd', '/agent', '/stream', '/api', '/docs', '/media'];

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: Object.fromEntries(
      proxiedPrefixes.map((prefix) => [
        prefix,
        { target: apiTarget, changeOrigin: true, ws: prefix === '/stream' },
      ]),
    ),
  },
  build: { outDir: 'dist', emptyOutDir: true },
});
