import { E2E_PORT } from '../../playwright.config';
import { startTestPlatform, TEST_ADMIN, TEST_DEMO } from '../support/test-platform';

/** Starts the whole product once for the browser tests; the returned function stops it. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  // With the demo traces (owners, tiers, posts, trades, the onboarding trader): the screens are tried on them.
  const platform = await startTestPlatform('browser', E2E_PORT, { DEMO_DATA: 'true' });
  process.env.E2E_ADMIN_USERNAME = TEST_ADMIN.username;
  process.env.E2E_ADMIN_PASSWORD = TEST_ADMIN.password;
  process.env.E2E_DEMO_USERNAME = TEST_DEMO.username;
  process.env.E2E_DEMO_PASSWORD = TEST_DEMO.password;
  console.log(`[e2e] product started at ${platform.url} (service logs: ${platform.logDir})`);
  return () => platform.stop();
}
