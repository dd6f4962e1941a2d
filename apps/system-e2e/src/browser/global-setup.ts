import { E2E_PORT } from '../../playwright.config';
import { startTestPlatform, TEST_ADMIN, TEST_DEMO } from '../support/test-platform';

/** Starts the whole product once for the browser tests; the returned function stops it. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  // With the demo traces (owners, tiers, posts, trades, the onboarding trader): the screens are tried on them.
  // TRUST_PROXY: members signed up through the API each come from an address of their own (X-Forwarded-For), so
  // the per-address limit of beta codes (10 in 15 minutes) holds for the suite as a whole, as for real visitors.
  // COPY_STOP_LOSS_INTERVAL_MS: the copy stop-loss is evaluated every 2 s instead of 15 s, so the spec that trips it
  // (tests/copy-stop-loss.e2e-spec.ts) sees the close in a few seconds; a pass with no stop-loss set reads one query.
  const platform = await startTestPlatform('browser', E2E_PORT, {
    DEMO_DATA: 'true',
    TRUST_PROXY: '1',
    COPY_STOP_LOSS_INTERVAL_MS: '2000',
  });
  process.env.E2E_ADMIN_USERNAME = TEST_ADMIN.username;
  process.env.E2E_ADMIN_PASSWORD = TEST_ADMIN.password;
  process.env.E2E_DEMO_USERNAME = TEST_DEMO.username;
  process.env.E2E_DEMO_PASSWORD = TEST_DEMO.password;
  console.log(`[e2e] product started at ${platform.url} (service logs: ${platform.logDir})`);
  return () => platform.stop();
}
