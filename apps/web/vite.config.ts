/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const fromHere = (relative: string): string => decodeURIComponent(new URL(relative, import.meta.url).pathname);

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: {
      // Only rules/ is imported as values; everything else from contracts is `import type` and erased,
      // so the class-validator DTOs never reach the browser bundle.
      '@copytrade/contracts': fromHere('../../libs/contracts/src'),
      '@': fromHere('./src'),
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // The bundle budget of `npm test` (tools/scripts/src/bundle-budget.ts) reads the chunk graph from it.
    manifest: true,
    // Every browser the app supports preloads modules natively: no polyfill in the entry.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // What every page runs, in one long-cached chunk that changes only when these are upgraded.
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/,
              priority: 2,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false },
    },
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/testing/setup-tests.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    restoreMocks: true,
  },
});
