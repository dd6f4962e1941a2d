import { expect, test, type Locator, type Page } from '@playwright/test';
import { checkAtDesktopAndPhone } from './support/accessibility';
import { copyFromTerminal } from './support/copy-flows';
import { chooseOption, csrfHeaders } from './support/member-flows';
import { buyAndShare, newBasicFollower, newTraceOwner } from './support/trace-flows';

/**
 * Traces judged by what their followers got (docs/follower-results.md), in real browsers: a new owner shares a
 * paper-broker buy; a Basic subscriber copies it from the Trading Terminal. The follower's trace page then counts the
 * copy in its Follower results (every percentage still "Not enough copies yet" for one copy); the owner's Trade
 * Manager shows "1 copy", the Subscribers tab lists the copier with their copy and the Analytics tab the trade's copy;
 * discovery sorts by Follower Results. Axe and no sideways scroll at desktop and phone sizes.
 */

const STAMP = Date.now().toString(36).slice(-5).toUpperCase();
const SYMBOL = `FR${STAMP}`;
const OWNER_PASSWORD = 'Share-Flow-Owner-2026!';

/** The value shown beside `label` in a figures list. */
const figure = (scope: Locator, label: string): Locator =>
  scope
    .locator('.follower-results__figure')
    .filter({ has: scope.page().locator('dt', { hasText: new RegExp(`^${label.replace(/[()]/g, '\\$&')}$`) }) })
    .locator('dd')
    .first();

/** Reloads `page` until `check` passes: figures reach traces from the copy engine's events within about a second. */
async function eventually(page: Page, check: () => Promise<void>): Promise<void> {
  await expect(async () => {
    await page.reload();
    await check();
  }).toPass({ timeout: 30_000, intervals: [500, 1_000, 2_000] });
}

test('follower results: a copy counts on the trace page, in the Trade Manager, Subscribers and Analytics; discovery sorts by it', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const owner = await newTraceOwner(baseURL!, {
    label: 'frowner',
    usernameLabel: 'fo',
    phonePrefix: '94',
    traceLabel: 'Follower Results',
  });
  const ownerContext = await browser.newContext();
  const ownerPage = await ownerContext.newPage();
  try {
    await test.step('the owner buys on the paper broker and shares the trade at Basic', () =>
      buyAndShare(owner, { symbol: SYMBOL, price: 30, quantity: 4 }));

    const followerName = await test.step('a Basic subscriber copies the trade from the Trading Terminal', async () => {
      await newBasicFollower(page.request, owner.traceId, {
        label: 'frfollower',
        usernameLabel: 'ff',
        phonePrefix: '95',
        password: 'Follower-Results-2026!',
        firstName: 'Result',
        lastName: 'Follower',
      });
      const me = (await (await page.request.get('/api/verify-token')).json()) as { user: { username: string } };
      await page.goto('/trading-terminal');
      await copyFromTerminal(page, SYMBOL);
      return me.user.username;
    });

    await test.step("the follower's trace page counts the copy; one copy is not enough for any percentage", async () => {
      await page.goto(`/trace/${owner.traceId}`);
      const results = page.getByRole('region', { name: 'Follower results', exact: true });
      await eventually(page, async () => {
        await expect(figure(results, 'Copies placed')).toHaveText('1', { timeout: 2_000 });
      });
      await expect(figure(results, 'Followers who copied')).toHaveText('1');
      await expect(figure(results, 'Copies not placed')).toHaveText('0');
      await expect(figure(results, 'Fill rate')).toHaveText('Not enough copies yet');
      await expect(figure(results, 'Follower return (median)')).toHaveText('Not enough copies yet');
      await expect(figure(results, 'Slippage (median)')).toHaveText('Not enough copies yet');
      await results.getByRole('button', { name: '30 days' }).click();
      await expect(figure(results, 'Copies placed')).toHaveText('1');
      await checkAtDesktopAndPhone(page, 'trace page follower results', results);
    });

    await test.step('the owner sees the copy in the Trade Manager, Subscribers and Analytics', async () => {
      const login = await ownerPage.request.post('/api/login', {
        data: { username: owner.ownerUsername, password: OWNER_PASSWORD },
        headers: await csrfHeaders(ownerPage.request),
      });
      expect(login.ok(), await login.text()).toBe(true);
      await ownerPage.goto(`/trace/${owner.traceId}/dashboard`);
      const tabs = ownerPage.getByRole('tablist', { name: 'Dashboard sections' });

      await tabs.getByRole('tab', { name: 'Trade Manager' }).click();
      await expect(ownerPage.getByText('1 copy', { exact: true })).toBeVisible({ timeout: 15_000 });

      await tabs.getByRole('tab', { name: 'Subscribers' }).click();
      const subscriber = ownerPage.getByRole('listitem').filter({ hasText: followerName });
      await expect(subscriber).toBeVisible();
      await expect(subscriber).toContainText('1 copy');
      await expect(subscriber.getByText('Basic', { exact: true })).toBeVisible();
      await checkAtDesktopAndPhone(ownerPage, 'owner subscribers tab', subscriber);

      await tabs.getByRole('tab', { name: 'Analytics' }).click();
      const perTrade = ownerPage.getByRole('list', { name: 'Copies per shared trade, newest first' });
      await expect(perTrade.getByRole('listitem').filter({ hasText: SYMBOL })).toContainText('1 copy');
      await checkAtDesktopAndPhone(ownerPage, 'owner analytics tab', perTrade);
    });

    await test.step('discovery sorts by Follower Results', async () => {
      await page.goto('/discovery');
      const sortedBy = page.waitForRequest((request) => request.url().includes('sortBy=followers'));
      await chooseOption(page, page.getByRole('combobox', { name: 'Sort by' }), 'Follower Results');
      await sortedBy;
      await expect(page).toHaveURL(/sort=followers/);
      const grid = page.getByRole('region', { name: 'All Traders' });
      await expect(grid.getByRole('article').first()).toBeVisible();
    });
  } finally {
    await ownerContext.close();
    await owner.api.dispose();
  }
});
