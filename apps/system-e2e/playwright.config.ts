import { defineConfig } from '@playwright/test';

/** Browser tests drive Debian's Chromium (never a downloaded browser) against the started product. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 39400);

export default defineConfig({
  testDir: './tests',
  testMatch: '**/*.e2e-spec.ts',
  globalSetup: './src/browser/global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  // A run on its own E2E_PORT keeps its own artifacts: Playwright empties this folder when it starts.
  outputDir: process.env.E2E_PORT ? `../../test-results/playwright-${E2E_PORT}` : '../../test-results/playwright',
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    // Desktop by default; tests/accessibility.e2e-spec.ts also loads every screen at phone sizes.
    viewport: { width: 1440, height: 900 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      // Without these, Chromium on this closed network keeps trying to reach Google's services.
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
