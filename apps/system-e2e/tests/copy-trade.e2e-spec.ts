import { expect, test } from '@playwright/test';
import { DESKTOP, expectAccessible, expectNoHorizontalScroll, PHONE, saveScreenshot } from './support/accessibility';
import { newBasicFollower, shareOwnerTrade } from './support/trace-flows';
import { nextPost } from './support/member-flows';

/**
 * A follower copies a shared trade from the trace page in a real browser
 * (docs/product.md#trace-page and #copy-dialog-and-sell): a new member owns a new trace and buys a stock of their own
 * through the paper broker; it is shared at the Basic tier. A second new member links the paper broker, subscribes at
 * Basic, opens the trace page, presses Copy Trade on the live trade: the dialog (checked with axe at 1440 and 390 px,
 * no sideways scroll) starts at the trader's quantity; 50 % sets half; after the risk confirmation the copy is placed
 * (X-Request-ID, the documented body, then POST /api/copy-trades/copy), 'Trade Copied Successfully!' shows with the
 * copied quantity, and the row says 'Copied' — also after a reload (from the server's record of the copy).
 */

const SYMBOL = `CT${Date.now().toString(36).slice(-6).toUpperCase()}`;
const PRICE = 25;
const QUANTITY = 8;

test('copy trade: a Basic subscriber with the paper broker copies a shared trade from the trace page', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  let traceId = '';

  await test.step('an owner buys on the paper broker and shares the trade at Basic', async () => {
    ({ traceId } = await shareOwnerTrade(baseURL!, {
      symbol: SYMBOL,
      price: PRICE,
      quantity: QUANTITY,
      names: { label: 'copyowner', usernameLabel: 'co', phonePrefix: '67', traceLabel: 'Copy Flow' },
    }));
  });

  await test.step('a new member links the paper broker and subscribes at Basic', async () => {
    await page.setViewportSize(DESKTOP);
    await newBasicFollower(page.request, traceId, {
      label: 'copier',
      usernameLabel: 'cp',
      phonePrefix: '68',
      password: 'Copy-Flow-Copier-2026!',
      firstName: 'Copy',
      lastName: 'Follower',
    });
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
