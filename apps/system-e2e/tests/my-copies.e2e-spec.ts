import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { checkAtDesktopAndPhone } from './support/accessibility';
import { closeCopyPosition, movePrice, userIdOf } from './support/copy-flows';
import { csrfHeaders, signUpNewMember } from './support/member-flows';
import { connectPaperBroker, shareOwnerTrade, subscribeAtBasic } from './support/trace-flows';

/**
 * My Copy Trades in a real browser (docs/product.md#my-copy-trades): a new member shares a trade of their own
 * trace at Basic; a second member with the paper broker subscribes at Basic and copies it (the web app's two calls).
 * My Copy Trades shows the empty state first, then (Real-time off, without a reload: from the live push) the copy in the summary and Recent Activity, then on the Open tab with its receipt (manual,
 * the trader's price beside the fill); the paper market's price moves, the card's price refresh shows the new P&L and
 * Refresh the new Total Return; Close Position asks the native confirmation (symbol, shares, Market, price to 2
 * decimals), sells and closes, and the copy moves to the Closed tab at the exit price. axe and no sideways scroll at
 * 1440, 390 and 360 px on the Overview, Open and Closed tabs.
 */

const SYMBOL = `MC${Date.now().toString(36).slice(-6).toUpperCase()}`;
const PRICE = 40;
const NEW_PRICE = 46;
const COPY_QUANTITY = 3;

test('my copies: a copied trade is tracked, its price refreshed, and closed to the Closed tab', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const { traceId, tradeId, ownerUsername } = await test.step('an owner shares a trade at Basic', () =>
    shareOwnerTrade(baseURL!, {
      symbol: SYMBOL,
      price: PRICE,
      quantity: 10,
      names: { label: 'mcowner', usernameLabel: 'mo', phonePrefix: '81', traceLabel: 'My Copies' },
    }));

  await test.step('a subscriber with the paper broker sees the empty state, then copies it with the two copy calls', async () => {
    await signUpNewMember(page.request, {
      label: 'mcfollower',
      usernameLabel: 'mf',
      phonePrefix: '82',
      password: 'My-Copies-Follower-2026!',
      firstName: 'Copy',
      lastName: 'Tracker',
    });
    const userId = await userIdOf(page.request);
    await connectPaperBroker(page.request, userId);
    await subscribeAtBasic(page.request, userId, traceId);
    // Before any copy: the Overview's empty state.
    await page.goto('/my-copies');
    const empty = page.getByText('No Copy Trades Yet');
    await expect(page.getByText('Start copying successful traders to build your portfolio')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Discover Traders' })).toHaveAttribute('href', '/discovery');
    await checkAtDesktopAndPhone(page, 'my copies empty', empty);
    // Real-time off stops the 30 s polling: what appears next comes from the live push alone.
    await page.getByRole('switch', { name: 'Real-time On' }).click();
    await expect(page.getByRole('switch', { name: 'Real-time Off' })).not.toBeChecked();
    const accounts = (await (await page.request.get(`/api/snaptrade/accounts/${userId}`)).json()) as {
      accounts: Array<{ id: string }>;
    };
    const headers = await csrfHeaders(page.request);
    const copied = await page.request.post('/api/snaptrade/copy-trade', {
      data: {
        userId,
        tradeId,
        accountId: accounts.accounts[0]!.id,
        copyAmount: PRICE * COPY_QUANTITY,
        customQuantity: COPY_QUANTITY,
        confirmRisks: true,
        contractMultiplier: 1,
      },
      headers: { ...headers, 'X-Request-ID': randomUUID(), 'user-id': userId },
    });
    expect(copied.status(), await copied.text()).toBe(200);
    const recorded = await page.request.post('/api/copy-trades/copy', {
      data: { originalTradeId: tradeId },
      headers: { ...headers, 'user-id': userId },
    });
    expect(recorded.status(), await recorded.text()).toBe(200);
  });

  const heading = page.getByRole('heading', { name: 'My Copy Trades', level: 1 });
  const summary = page.getByRole('region', { name: 'Copy trading summary' });
  const card = page.getByRole('region', { name: SYMBOL });

  await test.step('without a reload, the live push shows the copy in the summary and Recent Activity', async () => {
    // The page open since the empty state, polling off: CopyOpened reaches it over /api/events.
    await expect(summary.getByText('1 open, 0 closed')).toBeVisible({ timeout: 15_000 });
    await expect(summary.getByText(`$${(PRICE * COPY_QUANTITY).toFixed(2)}`)).toBeVisible();
    const recent = page.getByRole('list', { name: 'Recent Activity' });
    await expect(recent.getByText(SYMBOL)).toBeVisible();
    await expect(recent.getByText(`Copied from ${ownerUsername}`)).toBeVisible();
    await expect(page.getByText(/^Last updated: /)).toBeVisible();
    await checkAtDesktopAndPhone(page, 'my copies overview', heading);
  });

  await test.step('the Open tab shows the card with its receipt', async () => {
    await page.getByRole('tab', { name: 'Open Positions (1)' }).click();
    await expect(card).toBeVisible();
    const receipt = card.getByLabel(`Receipt of the ${SYMBOL} copy`);
    await expect(receipt.getByText('Manual copy')).toBeVisible();
    await expect(receipt.getByText(`$${PRICE.toFixed(2)}`).first()).toBeVisible();
    await checkAtDesktopAndPhone(page, 'my copies open positions', card);
  });

  await test.step('the price moves; the card’s refresh and Refresh show the new P&L', async () => {
    await movePrice(page.request, SYMBOL, NEW_PRICE);
    await card.getByRole('button', { name: `Refresh price of ${SYMBOL}` }).click();
    await expect(page.getByText('Price refreshed successfully')).toBeVisible();
    const pnl = `+$${((NEW_PRICE - PRICE) * COPY_QUANTITY).toFixed(2)}`;
    await expect(card.getByText(`$${NEW_PRICE.toFixed(2)}`)).toBeVisible();
    await expect(card.getByText(pnl)).toBeVisible();
    await expect(card.getByText('+15.00%')).toBeVisible();
    await page.getByRole('button', { name: 'Refresh', exact: true }).click();
    await expect(summary.getByText(pnl)).toBeVisible();
  });

  await test.step('Close Position confirms, sells and closes: the copy moves to Closed', async () => {
    const confirmation = await closeCopyPosition(page, card, SYMBOL);
    expect(confirmation).toContain(`Symbol: ${SYMBOL}`);
    expect(confirmation).toContain(`Quantity: ${COPY_QUANTITY} shares`);
    expect(confirmation).toContain('Order Type: Market');
    expect(confirmation).toContain(`Current Price: $${NEW_PRICE.toFixed(2)}`);
    expect(confirmation).toContain('cannot be undone');
    await page.getByRole('tab', { name: 'Closed Positions (1)' }).click();
    const row = page.getByRole('list', { name: 'Closed positions' }).getByRole('listitem').filter({ hasText: SYMBOL });
    await expect(row).toBeVisible();
    await expect(row.getByText(`+$${((NEW_PRICE - PRICE) * COPY_QUANTITY).toFixed(2)}`).first()).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Open Positions (0)' })).toBeVisible();
    await expect(summary.getByText('0 open, 1 closed')).toBeVisible();
    await checkAtDesktopAndPhone(page, 'my copies closed positions', row);
  });
});
