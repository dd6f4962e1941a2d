import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { checkAtDesktopAndPhone } from './support/accessibility';
import { csrfHeaders, signInAs } from './support/member-flows';

/**
 * The trace owner dashboard in a real browser on the demo data (docs/product.md#owner-dashboard): the demo
 * owner maya_chen opens Momentum Masters from Owned Traces in the sidebar, sees the Overview figures from her trace's
 * real subscriptions, saves her profile and reads it back after a reload (then puts it back), and finds her posts under
 * Content; the demo user, who owns nothing, gets 'Trace Not Found' for the same address. Axe and no sideways scroll at
 * desktop and phone sizes.
 */

const TRACE_NAME = 'Momentum Masters';
/** The demo trace owners' shared password (docs/getting-started.md: demo data). */
const DEMO_OWNER = { username: 'maya_chen', password: 'Demo-Owner-2026!' };

const region = (page: Page, name: string): Locator => page.getByRole('region', { name, exact: true });
const toast = (page: Page, text: string): Locator => page.locator('[data-sonner-toast]').filter({ hasText: text });

async function signInAsDemoOwner(api: APIRequestContext): Promise<void> {
  const response = await api.post('/api/login', { data: DEMO_OWNER, headers: await csrfHeaders(api) });
  expect(response.ok(), await response.text()).toBe(true);
}

/** Owned Traces in the sidebar → Momentum Masters' dashboard; answers its path. */
async function openFromSidebar(page: Page): Promise<string> {
  await page.goto('/dashboard');
  const link = region(page, 'Owned Traces').getByRole('link', { name: new RegExp(TRACE_NAME) });
  await expect(link).toBeVisible();
  await link.click();
  await expect(page).toHaveURL(/\/trace\/[0-9a-f-]{36}\/dashboard$/);
  await expect(page.getByRole('heading', { name: `${TRACE_NAME} Dashboard`, level: 1 })).toBeVisible();
  return new URL(page.url()).pathname;
}

test('trace dashboard: the owner sees the overview, saves her profile, reads her posts; others get Trace Not Found', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await signInAsDemoOwner(page.request);
  const path = await openFromSidebar(page);
  const tabs = page.getByRole('tablist', { name: 'Dashboard sections' });

  await test.step('header and overview: the trace, its handle and its four figures', async () => {
    await expect(page).toHaveTitle(`${TRACE_NAME} Dashboard · CopyTrade`);
    await expect(page.locator('#main-content').getByText('@momentum_masters', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'View Public Profile' })).toHaveAttribute(
      'href',
      path.replace(/\/dashboard$/, ''),
    );
    await expect(tabs.getByRole('tab')).toHaveText([
      'Overview',
      'Trade Manager',
      'Content',
      'Subscribers',
      'Pricing',
      'Analytics',
      'Settings',
    ]);
    await expect(region(page, 'Total Revenue')).toContainText('$0.00');
    await expect(region(page, 'Total Revenue')).toContainText('Free during the beta');
    await expect(region(page, 'Subscribers')).toContainText(/^Subscribers[\d,]+[+-]\d+\.\d{2}% growth/);
    await expect(region(page, 'Monthly Return')).toContainText(/[+-]\d+\.\d{2}%\d+\.\d% win rate/);
    await expect(region(page, 'Engagement')).toContainText(/\d+\.\d{2}%[\d,]+ total likes/);
    const recent = region(page, 'Recent Subscribers');
    await expect(recent.getByRole('listitem').or(recent.getByText('No subscribers yet'))).not.toHaveCount(0);
    expect(await recent.getByRole('listitem').count()).toBeLessThanOrEqual(5);
    await checkAtDesktopAndPhone(page, 'Trace dashboard overview', region(page, 'Quick Actions'), {
      networkIdle: true,
    });
  });

  await test.step('Quick Actions open the Trade Manager: the trades after the first fetch, sync and cleanup', async () => {
    await region(page, 'Quick Actions').getByRole('button', { name: 'Trade Manager' }).click();
    await expect(tabs.getByRole('tab', { name: 'Trade Manager' })).toHaveAttribute('aria-selected', 'true');
    const manager = region(page, 'Trade Manager');
    await expect(manager.getByRole('button', { name: 'Sync Brokerage' })).toBeVisible();
    await expect(manager.getByRole('button', { name: 'Clean Up Trades' })).toBeVisible();
    // The list, or its empty state, once the first fetch (about 1 s after load) has answered.
    await expect(manager.getByRole('article').first().or(manager.getByText('No open trades'))).toBeVisible();
    await checkAtDesktopAndPhone(page, 'Trace dashboard trade manager', manager, { networkIdle: true });
  });

  await test.step('Content lists the owner’s posts with edit and delete', async () => {
    await tabs.getByRole('tab', { name: 'Content' }).click();
    const posts = region(page, 'Posts');
    await expect(posts.getByRole('article').first()).toBeVisible();
    expect(await posts.getByRole('article').count()).toBeGreaterThanOrEqual(2);
    await expect(posts.getByRole('button', { name: /^Edit / }).first()).toBeVisible();
    await expect(posts.getByRole('button', { name: /^Delete / }).first()).toBeVisible();
  });

  await test.step('Settings → Profile: a saved description is read back after a reload, then put back', async () => {
    await tabs.getByRole('tab', { name: 'Settings' }).click();
    const profile = region(page, 'Profile');
    const description = profile.getByLabel('Description');
    await expect(description).not.toHaveValue('');
    const original = await description.inputValue();
    const changed = `Momentum swing trades (e2e ${Date.now().toString(36)}).`;
    await checkAtDesktopAndPhone(page, 'Trace dashboard settings profile', profile, { networkIdle: true });

    const save = async (value: string) => {
      await description.fill(value);
      const answer = page.waitForResponse((r) => r.url().endsWith('/profile') && r.request().method() === 'PUT');
      await profile.getByRole('button', { name: 'Save Profile' }).click();
      expect((await answer).status()).toBe(200);
      await expect(toast(page, 'Profile Updated')).toBeVisible();
    };
    try {
      await save(changed);
      await page.reload();
      await expect(page.getByRole('heading', { name: `${TRACE_NAME} Dashboard`, level: 1 })).toBeVisible();
      await expect(tabs.getByRole('tab', { name: 'Settings' })).toHaveAttribute('aria-selected', 'true');
      await expect(region(page, 'Profile').getByLabel('Description')).toHaveValue(changed);
    } finally {
      await save(original);
    }
  });

  await test.step('the demo user, who owns nothing, sees Trace Not Found at the same address', async () => {
    const context = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } });
    try {
      const other = await context.newPage();
      await signInAs(other.request, 'DEMO');
      await other.goto(path);
      await expect(other.getByRole('heading', { name: 'Trace Not Found', level: 1 })).toBeVisible();
      await expect(other.getByText("You don't have access to this trace or it doesn't exist.")).toBeVisible();
      await expect(other.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/dashboard');
      await checkAtDesktopAndPhone(
        other,
        'Trace dashboard not found',
        other.getByRole('link', { name: 'Back to Dashboard' }),
      );
    } finally {
      await context.close();
    }
  });
});
