import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from '../../scripts/vite-precompress.ts';

/** The operator console: its own bundle under /admin/, so the member site's first load stays as it is. */
export default defineConfig({
  base: '/admin/',
  plugins: [react(), precompress()],
  server: {
    proxy: { '/admin/api': { target: 'http://127.0.0.1:3000', changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // A desktop back office loads antd and ProComponents whole: one vendor chunk changes less often than our code.
    chunkSizeWarningLimit: 2500,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'vendor-antd',
              test: /[\\/]node_modules[\\/](antd|@ant-design|rc-[^\\/]+|@rc-component|dayjs)[\\/]/,
            },
            {
              name: 'vendor-react',
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
            },
          ],
        },
      },
    },
  },
});
