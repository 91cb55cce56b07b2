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
    // A page test waits up to 5 s for each query (src/test/setup.ts); under a full CI run a test
    // doing several in turn outlasts the 5 s default.
    testTimeout: 20_000,
  },
});
