/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

const fromHere = (relative: string): string => decodeURIComponent(new URL(relative, import.meta.url).pathname);

export default defineConfig({
  plugins: [
    react(),
    // index.html, scripts and styles also written as .br and .gz (best levels): the gateway sends them as they are.
    // Every file, even a tiny chunk that compression makes a few bytes larger: one rule for what the gateway sends.
    compression({ algorithms: ['brotliCompress', 'gzip'], skipIfLargerOrEqual: false }),
  ],
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
    // No source maps: `vite build` is the production build (and the gateway refuses *.map in production).
    sourcemap: false,
    // The bundle budget of `npm test` (tools/scripts/src/bundle-budget.ts) reads the chunk graph from it.
    manifest: true,
    // Every browser the app supports preloads modules natively: no polyfill in the entry.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // The shared rules are pure definitions (constants, functions): whatever a chunk does not use of them is
      // dropped, instead of their top-level constants being kept everywhere in case building them had effects.
      treeshake: {
        moduleSideEffects: [{ test: /libs[\\/]contracts[\\/]src[\\/]rules[\\/]/, sideEffects: false }],
      },
      output: {
        codeSplitting: {
          groups: [
            // What every page runs (React, the router, React Query), in one long-cached chunk that changes only
            // when these are upgraded, and compresses better than the pieces automatic chunking makes of them.
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|@tanstack[\\/](query-core|react-query))[\\/]/,
              priority: 2,
            },
            // The dialog primitive and what it builds on: the signed-in shell's menu sheet loads it on every app
            // page. In one chunk too, since automatic chunking split it by which routes share which part, and each
            // new screen reshuffled the pieces (more, smaller chunks that compress worse).
            {
              name: 'dialog',
              test: /node_modules[\\/](@radix-ui[\\/]react-(dialog|primitive|slot|compose-refs|context|id|use-controllable-state|use-layout-effect|use-callback-ref|use-escape-keydown|use-effect-event|dismissable-layer|focus-scope|focus-guards|portal|presence|visually-hidden)|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|aria-hidden|get-nonce|detect-node-es)[\\/]/,
              priority: 1,
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
