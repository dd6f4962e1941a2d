import { expect, test } from '@playwright/test';
import { checkAtDesktopAndPhone } from './support/accessibility';
import { movePrice, turnOnCopyTrading } from './support/copy-flows';
import { newBasicFollower, buyOnPaper, newTraceOwner, shareAtBasic } from './support/trace-flows';

/**
 * Price protection in a real browser: a follower with copy trading on sets "copy only within 1 % of the trader's
 * price" in Settings; the owner buys at $50.00, the paper market moves 3 % to $51.50, and the owner shares the trade.
 * The follower's automatic copy is skipped before any order, and My Copy Trades shows it as Skipped with the move
 * and the limit in its reason (axe at 1440 and 390 px).
 */

const SYMBOL = `PP${Date.now().toString(36).slice(-6).toUpperCase()}`;

test('price protection: a share after a 3 % move is skipped for a follower protected at 1 %, with its reason', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const owner = await newTraceOwner(baseURL!, {
    label: 'ppowner',
    usernameLabel: 'po',
    phonePrefix: '64',
    traceLabel: 'Price Guard',
  });
  try {
    await test.step('the follower turns copy trading on and sets price protection to 1 %', async () => {
      await newBasicFollower(page.request, owner.traceId, {
        label: 'ppfollower',
        usernameLabel: 'pf',
        phonePrefix: '65',
        password: 'Price-Guard-Follower-2026!',
        firstName: 'Price',
        lastName: 'Guarded',
      });
      await turnOnCopyTrading(page, 500);
      const form = page.getByRole('form', { name: 'Copy guards' });
      await form.getByLabel('Price protection (%)').fill('1');
      const saved = page.waitForResponse(
        (response) => response.url().endsWith('/api/copy-guards') && response.request().method() === 'PUT',
      );
      await form.getByRole('button', { name: 'Save copy guards' }).click();
      expect((await saved).status()).toBe(200);
    });

    await test.step('the owner buys at $50.00, the price moves 3 %, the owner shares', async () => {
      const tradeId = await buyOnPaper(owner, { symbol: SYMBOL, price: 50, quantity: 2 });
      await movePrice(owner.api, SYMBOL, 51.5);
      await shareAtBasic(owner, tradeId);
    });

    const reason = "Price moved 3 % from the trader's (your limit 1 %)";
    await test.step('My Copy Trades shows the copy skipped with the move and the limit', async () => {
      await page.goto('/my-copies');
      await expect(page.getByText(reason)).toBeVisible({ timeout: 30_000 });
      await expect(page.getByText('Skipped', { exact: true }).first()).toBeVisible();
    });
    await checkAtDesktopAndPhone(page, 'my copies skipped copy', page.getByText(reason));
  } finally {
    await owner.api.dispose();
  }
});
