import { expect, test } from '@playwright/test';
import { checkAtDesktopAndPhone } from './support/accessibility';
import { closeCopyPosition, copyFromTerminal, movePrice, turnOnCopyTrading, userIdOf } from './support/copy-flows';
import { signUpNewMember } from './support/member-flows';
import { buyAndShare, connectPaperBroker, newTraceOwner, subscribeAtBasic } from './support/trace-flows';

/**
 * The copying flow in real browsers (docs/product.md#trading-terminal and #settings). A new
 * member owns a trace and shares a paper-broker buy at Basic. In a second browser (a context of its own), another
 * Basic subscriber with the paper broker turns copy trading on in Settings (default amount 200) and keeps My Copy
 * Trades open. In the first, a Basic subscriber copies the shared trade from the Trading Terminal, sees it in My Copy
 * Trades (a manual copy), the paper market's price moves and the card's refresh shows the new P&L, and Close Position
 * sells it to the Closed tab. Then the owner shares a new trade: the second browser's My Copy Trades shows its
 * automatic copy without a reload — Real-time off, so from the live push alone. Screens checked with axe at 1440 and
 * 390 px (screenshots with E2E_SCREENSHOTS_DIR).
 */

const STAMP = Date.now().toString(36).slice(-5).toUpperCase();
const SYMBOL = `CF${STAMP}`;
const AUTO_SYMBOL = `CA${STAMP}`;
const PRICE = 40;
const NEW_PRICE = 44;
const QUANTITY = 5;
const AUTO_PRICE = 50;
const DEFAULT_COPY_AMOUNT = 200;
/** Whole shares of the default amount at the price. */
const AUTO_QUANTITY = DEFAULT_COPY_AMOUNT / AUTO_PRICE;

test('copy flow: copy from the terminal, track, close; an automatic copy appears live in another browser', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const owner = await newTraceOwner(baseURL!, {
    label: 'cfowner',
    usernameLabel: 'co',
    phonePrefix: '91',
    traceLabel: 'Copy Flow',
  });
  const autoContext = await browser.newContext();
  const autoPage = await autoContext.newPage();
  try {
    await test.step('the owner buys on the paper broker and shares the trade at Basic', () =>
      buyAndShare(owner, { symbol: SYMBOL, price: PRICE, quantity: QUANTITY }));

    await test.step('second browser: a subscriber turns copy trading on in Settings and opens My Copy Trades', async () => {
      await signUpNewMember(autoPage.request, {
        label: 'cfauto',
        usernameLabel: 'ca',
        phonePrefix: '92',
        password: 'Copy-Flow-Auto-2026!',
        firstName: 'Auto',
        lastName: 'Copier',
      });
      const userId = await userIdOf(autoPage.request);
      await connectPaperBroker(autoPage.request, userId);
      await subscribeAtBasic(autoPage.request, userId, owner.traceId);
      const card = await turnOnCopyTrading(autoPage, DEFAULT_COPY_AMOUNT);
      await expect(
        card.getByText(
          'On: trades shared by the traces you subscribe to are copied into your Primary account automatically.',
        ),
      ).toBeVisible();
      await expect(card.getByRole('switch', { name: 'Close my automatic copies when the trader sells' })).toBeVisible();
      await checkAtDesktopAndPhone(autoPage, 'settings copy trading on', card);

      // Subscribed after the first share: nothing was copied for it.
      await autoPage.goto('/my-copies');
      await expect(autoPage.getByText('No Copy Trades Yet')).toBeVisible();
      // Real-time off stops the 30 s polling: the automatic copy can then only arrive through the live push.
      await autoPage.getByRole('switch', { name: 'Real-time On' }).click();
      await expect(autoPage.getByRole('switch', { name: 'Real-time Off' })).not.toBeChecked();
      // Marks this document: a reload would lose it.
      await autoPage.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
    });

    const summary = page.getByRole('region', { name: 'Copy trading summary' });
    const card = page.getByRole('region', { name: SYMBOL });

    await test.step('first browser: a subscriber copies the shared trade from the Trading Terminal', async () => {
      await signUpNewMember(page.request, {
        label: 'cffollower',
        usernameLabel: 'cf',
        phonePrefix: '93',
        password: 'Copy-Flow-Follower-2026!',
        firstName: 'Copy',
        lastName: 'Follower',
      });
      const userId = await userIdOf(page.request);
      await connectPaperBroker(page.request, userId);
      await subscribeAtBasic(page.request, userId, owner.traceId);
      await page.goto('/trading-terminal');
      await expect(page.getByRole('heading', { name: 'Trading Terminal', level: 1 })).toBeVisible();
      const position = await copyFromTerminal(page, SYMBOL);
      await expect(position.getByRole('button', { name: `Sell @ Market ${SYMBOL}` })).toBeVisible();
      await checkAtDesktopAndPhone(page, 'copy flow terminal copied', position);
    });

    await test.step('My Copy Trades shows the manual copy on the Open tab', async () => {
      await page.goto('/my-copies');
      await expect(summary.getByText('1 open, 0 closed')).toBeVisible();
      await page.getByRole('tab', { name: 'Open Positions (1)' }).click();
      await expect(card).toBeVisible();
      const receipt = card.getByLabel(`Receipt of the ${SYMBOL} copy`);
      await expect(receipt.getByText('Manual copy')).toBeVisible();
      await expect(receipt.getByText(`$${PRICE.toFixed(2)}`).first()).toBeVisible();
    });

    await test.step('the price moves: the card’s refresh shows the new price and P&L', async () => {
      await movePrice(page.request, SYMBOL, NEW_PRICE);
      await card.getByRole('button', { name: `Refresh price of ${SYMBOL}` }).click();
      await expect(page.getByText('Price refreshed successfully')).toBeVisible();
      await expect(card.getByText(`$${NEW_PRICE.toFixed(2)}`)).toBeVisible();
      await expect(card.getByText(`+$${((NEW_PRICE - PRICE) * QUANTITY).toFixed(2)}`)).toBeVisible();
      await expect(card.getByText('+10.00%')).toBeVisible();
      await checkAtDesktopAndPhone(page, 'copy flow my copies open', card);
    });

    await test.step('Close Position sells it: the copy moves to the Closed tab', async () => {
      const confirmation = await closeCopyPosition(page, card, SYMBOL);
      expect(confirmation).toContain(`Symbol: ${SYMBOL}`);
      expect(confirmation).toContain(`Quantity: ${QUANTITY} shares`);
      expect(confirmation).toContain(`Current Price: $${NEW_PRICE.toFixed(2)}`);
      await page.getByRole('tab', { name: 'Closed Positions (1)' }).click();
      const row = page
        .getByRole('list', { name: 'Closed positions' })
        .getByRole('listitem')
        .filter({ hasText: SYMBOL });
      await expect(row).toBeVisible();
      await expect(row.getByText(`+$${((NEW_PRICE - PRICE) * QUANTITY).toFixed(2)}`).first()).toBeVisible();
      await expect(summary.getByText('0 open, 1 closed')).toBeVisible();
      await checkAtDesktopAndPhone(page, 'copy flow my copies closed', row);
    });

    await test.step('the owner shares a new trade: the second browser shows its automatic copy without a reload', async () => {
      await buyAndShare(owner, { symbol: AUTO_SYMBOL, price: AUTO_PRICE, quantity: 3 });
      const autoSummary = autoPage.getByRole('region', { name: 'Copy trading summary' });
      await expect(autoSummary.getByText('1 open, 0 closed')).toBeVisible({ timeout: 15_000 });
      await expect(autoSummary.getByText(`$${(AUTO_PRICE * AUTO_QUANTITY).toFixed(2)}`)).toBeVisible();
      await expect(autoPage.getByRole('list', { name: 'Recent Activity' }).getByText(AUTO_SYMBOL)).toBeVisible();
      expect(await autoPage.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
      await autoPage.getByRole('tab', { name: 'Open Positions (1)' }).click();
      const autoCard = autoPage.getByRole('region', { name: AUTO_SYMBOL });
      const receipt = autoCard.getByLabel(`Receipt of the ${AUTO_SYMBOL} copy`);
      await expect(receipt.getByText('Automatic copy')).toBeVisible();
      await expect(receipt.getByText(`$${AUTO_PRICE.toFixed(2)}`).first()).toBeVisible();
      await expect(autoCard.getByText(`${AUTO_QUANTITY} shares`).first()).toBeVisible();
      await checkAtDesktopAndPhone(autoPage, 'copy flow automatic copy', autoCard);
    });
  } finally {
    await autoContext.close();
    await owner.api.dispose();
  }
});
