import { expect, test, type Dialog, type Locator, type Page } from '@playwright/test';
import { expectAccessible } from './support/accessibility';
import { chooseOption, csrfHeaders, nextPost, signUpNewMember } from './support/member-flows';
import { connectPaperBroker, createTraceFor } from './support/trace-flows';

/**
 * From the owner's brokerage to a subscriber's screen in a real browser (docs/product.md#trace-page): a new
 * member owns a new trace (created by the admin) and has linked the paper broker; they buy a stock of their own on
 * the paper trading page, open the trace's dashboard, whose auto-sync runs on load (the free sync of the trades'
 * read, never the paid refresh), and find the buy in Trade Manager without pressing anything; they share it with
 * the Free tier (accepting the browser's warning that sharing is permanent) and it shows 'Shared'; Sync Brokerage
 * pays for one refresh, and a second press within the server's refresh window gets its 429 banner with the
 * countdown, sync and cleanup disabled. Then a second new member subscribes to the trace (its
 * first tier, Free) and finds the trade under Live Trades.
 */

/** A ticker of this run's own (letters and digits, up to 10), priced through the development endpoint. */
const SYMBOL = `OS${Date.now().toString(36).slice(-6).toUpperCase()}`;
const PRICE = 42.5;
const QUANTITY = 7;

const region = (page: Page, name: string): Locator => page.getByRole('region', { name, exact: true });

test('owner share flow: a paper buy reaches Trade Manager, is shared, and a subscriber sees it live', async ({
  page,
  browser,
  baseURL,
}) => {
  const owner = await signUpNewMember(page.request, {
    label: 'shareowner',
    usernameLabel: 'so',
    phonePrefix: '63',
    password: 'Share-Flow-Owner-2026!',
    firstName: 'Share',
    lastName: 'Owner',
  });
  const { user } = (await (await page.request.get('/api/verify-token')).json()) as { user: { id: string } };
  const traceId = await createTraceFor(baseURL!, 'Share Flow', user.id, `share_${owner.username.slice(3)}`);
  await connectPaperBroker(page.request, user.id);
  const priced = await page.request.post('/api/dev/market/price', {
    data: { symbol: SYMBOL, price: PRICE },
    headers: await csrfHeaders(page.request),
  });
  expect(priced.ok(), await priced.text()).toBe(true);

  await test.step('the owner buys the stock on the paper trading page', async () => {
    await page.goto('/paper/trade');
    await expect(page.getByRole('heading', { name: 'Webull Paper Trading', level: 1 })).toBeVisible();
    await page.getByLabel('Symbol', { exact: true }).fill(SYMBOL);
    await page.getByLabel('Quantity', { exact: true }).fill(String(QUANTITY));
    const placed = nextPost(page, '/api/paper/orders');
    await page.getByRole('button', { name: 'Place Buy Order' }).click();
    expect((await placed).ok()).toBe(true);
    await expect(page.getByText(`Bought ${QUANTITY} ${SYMBOL} at $42.50`)).toBeVisible();
  });

  const tabs = page.getByRole('tablist', { name: 'Dashboard sections' });
  const manager = region(page, 'Trade Manager');
  const card = manager.getByRole('article', { name: SYMBOL, exact: true });
  const syncButton = manager.getByRole('button', { name: 'Sync Brokerage' });
  const cleanupButton = manager.getByRole('button', { name: 'Clean Up Trades' });

  await test.step('the dashboard auto-syncs on load; Trade Manager lists the buy without a click', async () => {
    // With the brokerage connected and no sync kept for this trace, the check on load syncs — by
    // reading the trades (the server syncs them from the brokerage), never by the paid real-time refresh
    // (docs/product.md#trade-manager).
    const paidRefreshes: string[] = [];
    page.on('request', (sent) => {
      if (sent.url().endsWith('/refresh-brokerage')) paidRefreshes.push(sent.url());
    });
    const autoSync = page.waitForResponse(
      (response) =>
        response.url().endsWith(`/api/trace-owner/${traceId}/snaptrade-trades`) &&
        response.request().method() === 'GET',
    );
    await page.goto(`/trace/${traceId}/dashboard`);
    await expect(
      page.getByRole('heading', { name: `Share Flow share_${owner.username.slice(3)} Dashboard` }),
    ).toBeVisible();
    const synced = await autoSync;
    expect(synced.status(), await synced.text()).toBe(200);
    // The 3 s cooldown is kept per trace in local storage.
    const kept = await page.evaluate((id) => localStorage.getItem(`trace-dashboard:last-sync:${id}`), traceId);
    expect(Number(kept)).toBeGreaterThan(Date.now() - 60_000);

    await tabs.getByRole('tab', { name: 'Trade Manager' }).click();
    await expect(card).toBeVisible();
    await expect(card.getByText('BUY', { exact: true })).toBeVisible();
    await expect(card.locator('dt:text-is("Quantity") + dd')).toHaveText(`${QUANTITY} shares`);
    await expect(card.locator('dt:text-is("Entry Price") + dd')).toHaveText('$42.50');
    await expect(card.getByText(/^Shared/)).toHaveCount(0);
    await expect(manager.getByText(/^1 open trade · 0 shared$/)).toBeVisible();
    expect(paidRefreshes).toEqual([]);
  });

  await test.step('the owner shares it with Free after the permanent-sharing warning; it shows Shared', async () => {
    await chooseOption(page, manager.getByRole('combobox', { name: 'Share with' }), 'Free');
    let warning = '';
    const accept = (dialog: Dialog) => {
      warning = dialog.type() === 'confirm' ? dialog.message() : `unexpected ${dialog.type()}`;
      void dialog.accept();
    };
    page.once('dialog', accept);
    const shared = nextPost(page, `/api/trace-owner/${traceId}/share-trade`);
    await card.getByRole('button', { name: 'Share Trade' }).click();
    const response = await shared;
    expect(response.status(), await response.text()).toBe(200);
    expect(warning).toContain(`Share ${SYMBOL} with your Free subscribers and above?`);
    expect(warning).toContain('Sharing is permanent');
    expect(response.request().postDataJSON()).toMatchObject({ minTier: 'free' });
    await expect(card.getByText('Shared · Free', { exact: true })).toBeVisible();
    await expect(card.getByText('0 copies')).toBeVisible();
    await expect(card.getByRole('button', { name: 'Share Trade' })).toHaveCount(0);
    await expect(card.getByRole('button', { name: 'Sell @ Market' })).toBeVisible();
    await expect(manager.getByText(/^1 open trade · 1 shared$/)).toBeVisible();
  });

  await test.step('Sync Brokerage pays for one refresh; a second within its window: the 429 banner counts down', async () => {
    await expect(syncButton).toBeEnabled({ timeout: 5_000 });
    const refreshed = nextPost(page, `/api/trace-owner/${traceId}/refresh-brokerage`);
    await syncButton.click();
    const paid = await refreshed;
    expect(paid.status(), await paid.text()).toBe(200);
    expect(await paid.json()).toMatchObject({ success: true, cost: 0 });
    // After the 3 s local cooldown the button is back; the server refuses (one refresh per 180 s).
    await expect(syncButton).toBeEnabled({ timeout: 6_000 });
    const refused = nextPost(page, `/api/trace-owner/${traceId}/refresh-brokerage`);
    await syncButton.click();
    expect((await refused).status()).toBe(429);
    const banner = page.getByRole('status').filter({ hasText: 'Rate limit reached' });
    // The server's retryAfter (under 180 s: the refresh a few seconds ago took the window) counted down each second.
    const secondsLeft = async () => {
      const [, minutes, seconds] = /available again in (\d+):(\d{2})\./.exec((await banner.textContent()) ?? '') ?? [];
      return Number(minutes) * 60 + Number(seconds);
    };
    await expect(banner).toContainText(/available again in 2:\d{2}\./);
    const first = await secondsLeft();
    expect(first).toBeGreaterThan(165);
    expect(first).toBeLessThan(180);
    await expect.poll(secondsLeft, { timeout: 3_000 }).toBeLessThan(first);
    await expect(syncButton).toBeDisabled();
    await expect(cleanupButton).toBeDisabled();
    await expectAccessible(page, 'trade manager with a shared trade and the rate-limit banner');
  });

  await test.step('a subscriber on the Free tier sees the shared trade under Live Trades', async () => {
    const context = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } });
    try {
      const reader = await context.newPage();
      await signUpNewMember(reader.request, {
        label: 'sharereader',
        usernameLabel: 'sr',
        phonePrefix: '64',
        password: 'Share-Flow-Reader-2026!',
        firstName: 'Share',
        lastName: 'Reader',
      });
      await reader.goto(`/trace/${traceId}`);
      const subscribed = nextPost(reader, '/api/subscribe');
      await region(reader, 'Beta Access').getByRole('button', { name: 'Subscribe' }).click();
      expect((await subscribed).status()).toBe(200);
      const live = reader.getByRole('table', { name: 'Live Trades' });
      const row = live.getByRole('row').filter({ hasText: SYMBOL });
      await expect(row).toHaveCount(1);
      const cells = row.getByRole('cell');
      await expect(cells.nth(0)).toHaveText(SYMBOL);
      await expect(cells.nth(1)).toHaveText('Buy');
      await expect(cells.nth(2)).toHaveText(String(QUANTITY));
      await expect(cells.nth(3)).toHaveText('$42.50');
      await expect(cells.nth(9)).toHaveText('Free');
      await expectAccessible(reader, 'trace page of a new trace with one shared trade');
    } finally {
      await context.close();
    }
  });
});
