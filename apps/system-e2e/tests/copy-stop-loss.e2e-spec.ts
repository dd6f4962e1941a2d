import { expect, test } from '@playwright/test';
import { checkAtDesktopAndPhone } from './support/accessibility';
import { movePrice, turnOnCopyTrading } from './support/copy-flows';
import { buyAndShare, newBasicFollower, newTraceOwner } from './support/trace-flows';

/**
 * The copy stop-loss in a real browser: a follower with copy trading on (default amount $500) gets an automatic copy
 * of the owner's $50.00 buy, and sets a 5 % copy stop-loss on the trace in My Copy Trades (the "Automatic Copying by
 * Trace" card lists the traces copied from). The paper market falls to $45.00, a 10 % loss: the copy engine's
 * stop-loss pass (every 2 s in the browser suite's product, see src/browser/global-setup.ts) sells the copy and
 * pauses automatic copying of the trace. The Closed tab shows who closed it and the loss, the card shows the pause
 * (axe at 1440 and 390 px).
 */

const SYMBOL = `SL${Date.now().toString(36).slice(-6).toUpperCase()}`;
const DEFAULT_COPY_AMOUNT = 500;
const PRICE = 50;
const FALLEN_PRICE = 45;
/** Whole shares of the default amount at the trader's price. */
const QUANTITY = DEFAULT_COPY_AMOUNT / PRICE;
/** The stop-loss pass runs every 2 s; the sell and the page's live refresh follow it. */
const CLOSE_TIMEOUT = 45_000;

test('copy stop-loss: a 10 % fall closes the copy set at 5 % and pauses automatic copying of the trace', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const owner = await newTraceOwner(baseURL!, {
    label: 'slowner',
    usernameLabel: 'sl',
    phonePrefix: '73',
    traceLabel: 'Stop Loss',
  });
  const summary = page.getByRole('region', { name: 'Copy trading summary' });
  const guardsCard = page.getByRole('region', { name: 'Automatic Copying by Trace', exact: true });
  try {
    await test.step('the follower turns copy trading on with a default amount of $500', async () => {
      await newBasicFollower(page.request, owner.traceId, {
        label: 'slfollower',
        usernameLabel: 'sf',
        phonePrefix: '74',
        password: 'Stop-Loss-Follower-2026!',
        firstName: 'Stop',
        lastName: 'Loss',
      });
      await turnOnCopyTrading(page, DEFAULT_COPY_AMOUNT);
    });

    await test.step('the owner buys at $50.00 and shares: My Copy Trades shows the automatic copy open', async () => {
      await buyAndShare(owner, { symbol: SYMBOL, price: PRICE, quantity: 2 });
      await page.goto('/my-copies');
      await expect(summary.getByText('1 open, 0 closed')).toBeVisible({ timeout: 30_000 });
      await page.getByRole('tab', { name: 'Open Positions (1)' }).click();
      const card = page.getByRole('region', { name: SYMBOL });
      await expect(card.getByLabel(`Receipt of the ${SYMBOL} copy`).getByText('Automatic copy')).toBeVisible();
      await expect(card.getByText(`${QUANTITY} shares`).first()).toBeVisible();
    });

    await test.step('the follower sets a 5 % copy stop-loss on the trace', async () => {
      await page.getByRole('tab', { name: 'Overview' }).click();
      await expect(guardsCard.getByText('Copying automatically')).toBeVisible();
      await guardsCard.getByLabel('Copy stop-loss (%)').fill('5');
      const saved = page.waitForResponse(
        (response) => response.url().includes('/api/copy-guards/traces/') && response.request().method() === 'PUT',
      );
      await guardsCard.getByRole('button', { name: 'Save limits' }).click();
      expect((await saved).status()).toBe(200);
      await expect(guardsCard.getByRole('status').getByText('Saved', { exact: true })).toBeVisible();
    });

    await test.step('the price falls to $45.00: the stop-loss pass sells the copy and pauses the trace', async () => {
      await movePrice(owner.api, SYMBOL, FALLEN_PRICE);
      await expect(summary.getByText('0 open, 1 closed')).toBeVisible({ timeout: CLOSE_TIMEOUT });
      await expect(guardsCard.getByText('Paused: copy stop-loss reached')).toBeVisible({ timeout: CLOSE_TIMEOUT });
      await expect(guardsCard.getByRole('button', { name: 'Resume automatic copying' })).toBeVisible();
    });

    await checkAtDesktopAndPhone(page, 'my copies trace paused by stop-loss', guardsCard);

    const row = page.getByRole('list', { name: 'Closed positions' }).getByRole('listitem').filter({ hasText: SYMBOL });
    await test.step('the Closed tab shows the copy closed by the stop-loss, with the loss', async () => {
      await page.getByRole('tab', { name: 'Closed Positions (1)' }).click();
      // The loss of the pair when the pass fired: (50 − 45) / 50.
      await expect(row.getByText('Closed by your copy stop-loss (−10.0 %)')).toBeVisible();
      await expect(row.getByText(`-$${((PRICE - FALLEN_PRICE) * QUANTITY).toFixed(2)}`).first()).toBeVisible();
      await expect(row.getByText('-10.00%')).toBeVisible();
    });

    await checkAtDesktopAndPhone(page, 'my copies closed by stop-loss', row);
  } finally {
    await owner.api.dispose();
  }
});
