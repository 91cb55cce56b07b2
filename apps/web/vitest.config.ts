import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { routeTable } from './vite-route-table.ts';

export default defineConfig({
  plugins: [react(), routeTable()],
  test: {
    name: 'web',
    root: import.meta.dirname,
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
