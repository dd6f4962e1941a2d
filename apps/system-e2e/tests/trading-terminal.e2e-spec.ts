import { expect, test } from '@playwright/test';
import { DESKTOP, expectAccessible, expectNoHorizontalScroll, PHONE, saveScreenshot } from './support/accessibility';
import { nextPost } from './support/member-flows';
import { newBasicFollower, shareOwnerTrade } from './support/trace-flows';

/**
 * The Trading Terminal in a real browser (docs/product.md#trading-terminal): a new member owns a trace and
 * shares a paper-broker buy at the Basic tier. A second new member links the paper broker and subscribes at Basic; the
 * terminal shows the shared trade in the live feed (trader strip, overview, the position's figures), passing axe at
 * 1440 and 390 px without sideways scrolling. Copy opens the copy dialog at the trader's quantity; after the risk
 * confirmation the copy is placed and the position shows 'Copied' with Sell @ Market — also after a reload.
 */

const SYMBOL = `TT${Date.now().toString(36).slice(-6).toUpperCase()}`;
const PRICE = 40;
const QUANTITY = 6;

test('trading terminal: a Basic subscriber sees a shared trade live and copies it', async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  let traceId = '';

  await test.step('an owner buys on the paper broker and shares the trade at Basic', async () => {
    ({ traceId } = await shareOwnerTrade(baseURL!, {
      symbol: SYMBOL,
      price: PRICE,
      quantity: QUANTITY,
      names: { label: 'ttowner', usernameLabel: 'to', phonePrefix: '71', traceLabel: 'Terminal Flow' },
    }));
  });

  await test.step('a new member links the paper broker and subscribes at Basic', async () => {
    await page.setViewportSize(DESKTOP);
    await newBasicFollower(page.request, traceId, {
      label: 'ttfollower',
      usernameLabel: 'tf',
      phonePrefix: '72',
      password: 'Terminal-Follower-2026!',
      firstName: 'Terminal',
      lastName: 'Follower',
    });
  });

  const feed = page.getByRole('region', { name: 'Live Positions' });
  const position = feed.getByRole('article', { name: SYMBOL });
  const dialog = page.getByRole('dialog', { name: `Copy ${SYMBOL} Trade` });

  await test.step('the terminal shows the shared trade; it passes axe at 1440 and 390 px', async () => {
    await page.goto('/trading-terminal');
    await expect(page.getByRole('heading', { name: 'Trading Terminal', level: 1 })).toBeVisible();
    await expect(position).toBeVisible();
    await expect(position.getByRole('link', { name: /^Terminal Flow / })).toHaveAttribute('href', `/trace/${traceId}`);
    await expect(position.getByText('Buy', { exact: true })).toBeVisible();
    await expect(position.getByText(`$${PRICE}.00`).first()).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Live traders' })).toContainText('Terminal Flow');
    const overview = page.getByRole('region', { name: 'Portfolio Overview' });
    await expect(overview.getByText('Subscriptions').locator('xpath=following-sibling::dd')).toHaveText('1');
    await expect(overview.getByText('Active Positions').locator('xpath=following-sibling::dd')).toHaveText('1');
    // A linked brokerage: no Connect Brokerage, Copy instead.
    await expect(page.getByRole('link', { name: 'Connect Brokerage' })).toHaveCount(0);
    // Search by symbol keeps it; a search for something else hides it.
    const search = feed.getByRole('searchbox', { name: 'Search by symbol or trader' });
    await search.fill('zz-no-such');
    await expect(feed.getByText('No matching positions')).toBeVisible();
    await search.fill(SYMBOL.toLowerCase());
    await expect(position).toBeVisible();
    await search.fill('');
    await saveScreenshot(page, 'trading terminal');
    await expectAccessible(page, 'trading terminal');
    await expectNoHorizontalScroll(page, 'trading terminal');
    await page.setViewportSize(PHONE);
    await expect(position).toBeVisible();
    await saveScreenshot(page, 'trading terminal');
    await expectAccessible(page, 'trading terminal');
    await expectNoHorizontalScroll(page, 'trading terminal');
    await page.setViewportSize(DESKTOP);
  });

  await test.step('Copy opens the copy dialog at the trader quantity; copying places the copy', async () => {
    await position.getByRole('button', { name: `Copy ${SYMBOL}` }).click();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('spinbutton', { name: 'Quantity (shares)' })).toHaveValue(String(QUANTITY));
    await expect(dialog.getByRole('combobox', { name: 'Brokerage Account' })).toContainText('Primary');
    await expectAccessible(page, 'trading terminal with the copy-trade dialog open');
    await dialog.getByRole('checkbox', { name: /I understand that copying/ }).check();
    const copied = nextPost(page, '/api/snaptrade/copy-trade');
    const recorded = nextPost(page, '/api/copy-trades/copy');
    await dialog.getByRole('button', { name: 'Copy Trade', exact: true }).click();
    const response = await copied;
    expect(response.status(), await response.text()).toBe(200);
    expect(response.request().postDataJSON()).toMatchObject({ customQuantity: QUANTITY, confirmRisks: true });
    expect((await recorded).status()).toBe(200);
    await expect(page.getByText('Trade Copied Successfully!')).toBeVisible();
    await expect(dialog).toBeHidden();
  });

  await test.step('the position shows Copied and Sell @ Market, also after a reload', async () => {
    await expect(position.getByText('Copied', { exact: true })).toBeVisible();
    await expect(position.getByRole('button', { name: `Copy ${SYMBOL}` })).toHaveCount(0);
    await expect(position.getByRole('button', { name: `Sell @ Market ${SYMBOL}` })).toBeVisible();
    await expect(position).toContainText('1 copy · 1 active');
    await saveScreenshot(page, 'trading terminal copied');
    // Sell @ Market opens the sell dialog of the copy (selling is the copy-trading specs' part).
    await position.getByRole('button', { name: `Sell @ Market ${SYMBOL}` }).click();
    const sell = page.getByRole('dialog', { name: `Sell ${SYMBOL} @ Market` });
    await expect(sell).toBeVisible();
    await expect(sell.getByRole('spinbutton')).toHaveValue(String(QUANTITY));
    await expectAccessible(page, 'trading terminal with the sell dialog open');
    await sell.getByRole('button', { name: 'Cancel' }).click();
    await expect(sell).toBeHidden();
    await page.reload();
    await expect(position.getByText('Copied', { exact: true })).toBeVisible();
    await expect(position.getByRole('button', { name: `Sell @ Market ${SYMBOL}` })).toBeVisible();
    await page.setViewportSize(PHONE);
    await saveScreenshot(page, 'trading terminal copied');
    await expectAccessible(page, 'trading terminal with a copied position');
    await expectNoHorizontalScroll(page, 'trading terminal with a copied position');
  });
});
