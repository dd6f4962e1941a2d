import { expect, test, type APIRequestContext, type Request } from '@playwright/test';
import {
  checkAtDesktopAndPhone,
  DESKTOP,
  expectAccessible,
  expectNoHorizontalScroll,
  PHONE,
  saveScreenshot,
} from './support/accessibility';
import { nextPost, signInAs, signUpNewMember } from './support/member-flows';
import { connectPaperBroker, shareOwnerTrade, subscribeAtBasic } from './support/trace-flows';

/**
 * A follower copies a shared trade on the trace page, then sells the copy at market there
 * (docs/product.md#trace-page, #copy-dialog-and-sell and #sell-checks): the Live Trades rows read the user's copies in
 * one request (live-positions), never one per row; the copied row shows 'Copied' and 'Sell @ Market'; the sell dialog
 * (axe at 1440 and 390 px, no sideways scroll) starts at what the copy holds; after 'I confirm this sell order' the
 * sell goes out under an X-Request-ID with the documented payload, then PUT /api/copy-trades/{id}/close; '✅ Sell Order
 * Placed' shows, the row keeps 'Copied' without Sell, and My Copy Trades' API has the copy closed at the brokerage's
 * fill.
 */

const SYMBOL = `CS${Date.now().toString(36).slice(-6).toUpperCase()}`;
const PRICE = 30;
const QUANTITY = 6;

const userIdOf = async (api: APIRequestContext): Promise<string> =>
  ((await (await api.get('/api/verify-token')).json()) as { user: { id: string } }).user.id;

test('copy and sell: a subscriber copies a shared trade on the trace page, then sells the copy at market', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  let traceId = '';
  let userId = '';

  await test.step('an owner shares a paper-broker trade at Basic; a new member links the paper broker and subscribes', async () => {
    ({ traceId } = await shareOwnerTrade(baseURL!, {
      symbol: SYMBOL,
      price: PRICE,
      quantity: QUANTITY,
      names: { label: 'sellowner', usernameLabel: 'so', phonePrefix: '93', traceLabel: 'Copy Sell' },
    }));
    await page.setViewportSize(DESKTOP);
    await signUpNewMember(page.request, {
      label: 'seller',
      usernameLabel: 'sl',
      phonePrefix: '94',
      password: 'Copy-Sell-Follower-2026!',
      firstName: 'Copy',
      lastName: 'Seller',
    });
    userId = await userIdOf(page.request);
    await connectPaperBroker(page.request, userId);
    await subscribeAtBasic(page.request, userId, traceId);
  });

  const live = page.getByRole('table', { name: 'Live Trades' });
  const row = live.getByRole('row').filter({ hasText: SYMBOL });
  const sellButton = row.getByRole('button', { name: `Sell @ Market ${SYMBOL}` });

  await test.step('the trace page copies the trade: Copied and Sell @ Market, copies read in one request', async () => {
    const reads: Request[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path === '/api/copy-trades/copy' || path === '/api/trading-terminal/live-positions') reads.push(request);
    });
    await page.goto(`/trace/${traceId}`);
    const copyButton = row.getByRole('button', { name: `Copy Trade ${SYMBOL}` });
    await expect(copyButton).toBeEnabled();
    // The page asked for the user's copies once, and never per row.
    expect(reads.filter((request) => request.url().includes('/api/copy-trades/copy'))).toHaveLength(0);
    expect(reads.filter((request) => request.url().includes('/live-positions'))).toHaveLength(1);
    await copyButton.click();
    const dialog = page.getByRole('dialog', { name: `Copy ${SYMBOL} Trade` });
    await expect(dialog.getByRole('combobox', { name: 'Brokerage Account' })).toContainText('Primary');
    await dialog.getByRole('checkbox', { name: /I understand that copying/ }).check();
    const copied = nextPost(page, '/api/snaptrade/copy-trade');
    await dialog.getByRole('button', { name: 'Copy Trade', exact: true }).click();
    expect((await copied).status()).toBe(200);
    await expect(page.getByText('Trade Copied Successfully!')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(row.getByText('Copied', { exact: true })).toBeVisible();
    await expect(sellButton).toBeVisible();
    await saveScreenshot(page, 'trace page copied row');
  });

  const sellDialog = page.getByRole('dialog', { name: `Sell ${SYMBOL} @ Market` });

  await test.step('Sell @ Market opens the sell dialog at the held quantity; it passes axe at 1440 and 390 px', async () => {
    await sellButton.click();
    await expect(sellDialog).toBeVisible();
    const quantity = sellDialog.getByRole('spinbutton', { name: 'Quantity (shares)' });
    await expect(quantity).toHaveValue(String(QUANTITY));
    await expect(quantity).toHaveAttribute('max', String(QUANTITY));
    await expect(sellDialog.getByRole('button', { name: 'Sell @ Market' })).toBeDisabled();
    await saveScreenshot(page, 'sell copy dialog');
    await expectAccessible(page, 'trace page with the sell-copy dialog open');
    await expectNoHorizontalScroll(page, 'sell-copy dialog');
    await page.setViewportSize(PHONE);
    await expect(sellDialog).toBeVisible();
    await saveScreenshot(page, 'sell copy dialog');
    await expectAccessible(page, 'trace page with the sell-copy dialog open');
    await expectNoHorizontalScroll(page, 'sell-copy dialog');
    await page.setViewportSize(DESKTOP);
  });

  await test.step('confirming sells the whole copy, then closes it', async () => {
    await sellDialog.getByRole('checkbox', { name: 'I confirm this sell order' }).check();
    const sold = nextPost(page, '/api/snaptrade/sell-position');
    const closed = page.waitForResponse(
      (response) => response.request().method() === 'PUT' && /\/api\/copy-trades\/[^/]+\/close$/.test(response.url()),
    );
    await sellDialog.getByRole('button', { name: 'Sell @ Market' }).click();
    const sale = await sold;
    expect(sale.status(), await sale.text()).toBe(200);
    const body = sale.request().postDataJSON() as { requestId: string; positionData: Record<string, unknown> };
    expect(sale.request().headers()['x-request-id']).toBe(body.requestId);
    expect(body).toMatchObject({
      userId,
      confirmRisks: true,
      positionData: { symbol: SYMBOL, quantity: QUANTITY, isOptions: false, orderType: 'Market', price: null, traceId },
    });
    const close = await closed;
    expect(close.status(), await close.text()).toBe(200);
    await expect(page.getByText('✅ Sell Order Placed')).toBeVisible();
    await expect(sellDialog).toBeHidden();
    await expect(sellButton).toHaveCount(0);
    await expect(row.getByText('Copied', { exact: true })).toBeVisible();
    await saveScreenshot(page, 'trace page sold copy');
    await page.setViewportSize(PHONE);
    await saveScreenshot(page, 'trace page sold copy');
    await expectAccessible(page, 'trace page after the sell');
    await page.setViewportSize(DESKTOP);
  });

  await test.step("the copy is closed on the server at the brokerage's fill", async () => {
    const listed = await page.request.get('/api/copy-trades/my-copies', { headers: { 'user-id': userId } });
    expect(listed.ok(), await listed.text()).toBe(true);
    const copies = (
      (await listed.json()) as {
        copyInstances: Array<{
          status: string;
          heldQuantity: number;
          copierCurrentPrice: number | null;
          originalTrade: { symbol: string };
        }>;
      }
    ).copyInstances.filter((copy) => copy.originalTrade.symbol === SYMBOL);
    expect(copies).toHaveLength(1);
    expect(copies[0]).toMatchObject({ status: 'closed', heldQuantity: 0, copierCurrentPrice: PRICE });
  });
});

test("admin Dev tab: 'Dev Only' lists the six demo trades and opens the copy dialog with one", async ({ page }) => {
  await signInAs(page.request, 'ADMIN');
  await page.goto('/admin?tab=dev');
  const demos = page.getByRole('table', { name: 'Demo trades' });
  await expect(page.getByRole('heading', { name: 'Dev Only', level: 2 })).toBeVisible();
  for (const label of ['Stock', 'Options', 'Closed', 'Large', 'Incomplete options', 'Sell'])
    await expect(demos.getByRole('button', { name: `Open copy dialog: ${label} demo` })).toBeVisible();
  await checkAtDesktopAndPhone(page, 'admin dev tab', demos);
  await demos.getByRole('button', { name: 'Open copy dialog: Options demo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Copy SPY Trade' });
  await expect(dialog).toBeVisible();
  await checkAtDesktopAndPhone(page, 'admin dev tab copy dialog', dialog);
});
