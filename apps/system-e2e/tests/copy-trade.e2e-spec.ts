import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { DESKTOP, expectAccessible, expectNoHorizontalScroll, PHONE, saveScreenshot } from './support/accessibility';
import { connectPaperBroker, createTraceFor } from './support/trace-flows';
import { csrfHeaders, nextPost, signUpNewMember } from './support/member-flows';

/**
 * A follower copies a shared trade from the trace page in a real browser (issue 12; seed 001 §2.3, §2.5, §5, §7,
 * §8): a new member owns a new trace and buys a stock of their own through the paper broker; it is shared at the
 * Basic tier. A second new member links the paper broker, subscribes at Basic, opens the trace page, presses Copy
 * Trade on the live trade: the dialog (checked with axe at 1440 and 390 px, no sideways scroll) starts at the
 * trader's quantity; 50 % sets half; after the risk confirmation the copy is placed (X-Request-ID, the seed body,
 * then POST /api/copy-trades/copy), 'Trade Copied Successfully!' shows with the copied quantity, and the row says
 * 'Copied' — also after a reload (from the server's record of the copy).
 */

const SYMBOL = `CT${Date.now().toString(36).slice(-6).toUpperCase()}`;
const PRICE = 25;
const QUANTITY = 8;

const userIdOf = async (api: APIRequestContext): Promise<string> =>
  ((await (await api.get('/api/verify-token')).json()) as { user: { id: string } }).user.id;

test('copy trade: a Basic subscriber with the paper broker copies a shared trade from the trace page', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  let traceId = '';

  await test.step('an owner buys on the paper broker and shares the trade at Basic', async () => {
    const context = await browser.newContext({ baseURL });
    try {
      const owner = context.request;
      const member = await signUpNewMember(owner, {
        label: 'copyowner',
        usernameLabel: 'co',
        phonePrefix: '67',
        password: 'Copy-Flow-Owner-2026!',
        firstName: 'Copy',
        lastName: 'Owner',
      });
      const ownerId = await userIdOf(owner);
      traceId = await createTraceFor(baseURL!, 'Copy Flow', ownerId, `copy_${member.username.slice(3)}`);
      await connectPaperBroker(owner, ownerId);
      const headers = await csrfHeaders(owner);
      // The copy is a market order: the paper market must be open and the symbol priced.
      const opened = await owner.post('/api/dev/market/hours', { data: { open: true }, headers });
      expect(opened.ok(), await opened.text()).toBe(true);
      const priced = await owner.post('/api/dev/market/price', { data: { symbol: SYMBOL, price: PRICE }, headers });
      expect(priced.ok(), await priced.text()).toBe(true);
      const bought = await owner.post('/api/dev/paper/orders', {
        data: { userId: ownerId, action: 'BUY', symbol: SYMBOL, quantity: QUANTITY },
        headers: { ...headers, 'X-Request-ID': `copy-flow-${randomUUID()}` },
      });
      expect(bought.status(), await bought.text()).toBe(201);
      // The fill reaches traces through OrderFilled; the owner's trade list shows it.
      let tradeId = '';
      await expect(async () => {
        const listed = await owner.get(`/api/trace-owner/${traceId}/snaptrade-trades`);
        expect(listed.ok(), await listed.text()).toBe(true);
        const trades = ((await listed.json()) as { trades: Array<{ id: string; symbol: string }> }).trades;
        tradeId = trades.find((trade) => trade.symbol === SYMBOL)?.id ?? '';
        expect(tradeId).not.toBe('');
      }).toPass({ timeout: 30_000 });
      const shared = await owner.post(`/api/trace-owner/${traceId}/share-trade`, {
        data: { snaptradeTradeId: tradeId, minTier: 'basic' },
        headers,
      });
      expect(shared.ok(), await shared.text()).toBe(true);
    } finally {
      await context.close();
    }
  });

  await test.step('a new member links the paper broker and subscribes at Basic', async () => {
    await page.setViewportSize(DESKTOP);
    await signUpNewMember(page.request, {
      label: 'copier',
      usernameLabel: 'cp',
      phonePrefix: '68',
      password: 'Copy-Flow-Copier-2026!',
      firstName: 'Copy',
      lastName: 'Follower',
    });
    const userId = await userIdOf(page.request);
    await connectPaperBroker(page.request, userId);
    const tiers = (await (await page.request.get(`/api/traces/${traceId}/tiers`)).json()) as {
      tiers: Array<{ id: string; name: string }>;
    };
    const basic = tiers.tiers.find((tier) => tier.name === 'basic')!;
    const subscribed = await page.request.post('/api/subscribe', {
      data: { userId, traceId, tierId: basic.id },
      headers: await csrfHeaders(page.request),
    });
    expect(subscribed.ok(), await subscribed.text()).toBe(true);
  });

  const live = page.getByRole('table', { name: 'Live Trades' });
  const row = live.getByRole('row').filter({ hasText: SYMBOL });
  const dialog = page.getByRole('dialog', { name: `Copy ${SYMBOL} Trade` });

  await test.step('Copy Trade opens the dialog at the trader quantity; it passes axe at 1440 and 390 px', async () => {
    await page.goto(`/trace/${traceId}`);
    const copyButton = row.getByRole('button', { name: `Copy Trade ${SYMBOL}` });
    await expect(copyButton).toBeEnabled();
    await copyButton.click();
    await expect(dialog).toBeVisible();
    const quantity = dialog.getByRole('spinbutton', { name: 'Quantity (shares)' });
    await expect(quantity).toHaveValue(String(QUANTITY));
    await expect(dialog.getByRole('combobox', { name: 'Brokerage Account' })).toContainText('Primary');
    await saveScreenshot(page, 'copy trade dialog');
    await expectAccessible(page, 'trace page with the copy-trade dialog open');
    await expectNoHorizontalScroll(page, 'copy-trade dialog');
    await page.setViewportSize(PHONE);
    await expect(dialog).toBeVisible();
    await saveScreenshot(page, 'copy trade dialog');
    await expectAccessible(page, 'trace page with the copy-trade dialog open');
    await expectNoHorizontalScroll(page, 'copy-trade dialog');
    await page.setViewportSize(DESKTOP);
    await dialog.getByRole('button', { name: '50%' }).click();
    await expect(quantity).toHaveValue(String(QUANTITY / 2));
  });

  await test.step('confirming and copying places the copy: success toast, then Copied', async () => {
    await dialog.getByRole('checkbox', { name: /I understand that copying/ }).check();
    const copied = nextPost(page, '/api/snaptrade/copy-trade');
    const recorded = nextPost(page, '/api/copy-trades/copy');
    await dialog.getByRole('button', { name: 'Copy Trade', exact: true }).click();
    const response = await copied;
    expect(response.status(), await response.text()).toBe(200);
    expect(response.request().headers()['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.request().postDataJSON()).toMatchObject({
      customQuantity: QUANTITY / 2,
      confirmRisks: true,
      contractMultiplier: 1,
    });
    expect((await recorded).status()).toBe(200);
    await expect(page.getByText('Trade Copied Successfully!')).toBeVisible();
    await expect(page.getByText(new RegExp(`^Copied ${QUANTITY / 2} shares of ${SYMBOL} for \\$`))).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(row.getByText('Copied', { exact: true })).toBeVisible();
    await expect(row.getByRole('button', { name: `Copy Trade ${SYMBOL}` })).toHaveCount(0);
  });

  await test.step('after a reload the trade still shows Copied', async () => {
    await page.reload();
    await expect(row.getByText('Copied', { exact: true })).toBeVisible();
    await expect(row.getByRole('button', { name: `Copy Trade ${SYMBOL}` })).toHaveCount(0);
  });
});
