import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { csrfHeaders } from './member-flows';

/**
 * Shared steps of the copying specs: a copy from the Trading Terminal, Settings' copy-trading switch, the paper
 * market's price, and My Copy Trades' Close Position.
 */

/** The signed-in user's id. */
export const userIdOf = async (api: APIRequestContext): Promise<string> =>
  ((await (await api.get('/api/verify-token')).json()) as { user: { id: string } }).user.id;

/** The paper market's price of `symbol` moves to `price` (development endpoint). */
export async function movePrice(api: APIRequestContext, symbol: string, price: number): Promise<void> {
  const moved = await api.post('/api/dev/market/price', { data: { symbol, price }, headers: await csrfHeaders(api) });
  expect(moved.ok(), await moved.text()).toBe(true);
}

/**
 * On the Trading Terminal (open on `page`), the position of `symbol` is copied through the copy dialog at the
 * quantity it starts with (the trader's), risks confirmed: 'Trade Copied Successfully!' and the position shows
 * Copied. Answers the position's article.
 */
export async function copyFromTerminal(page: Page, symbol: string): Promise<Locator> {
  const position = page.getByRole('region', { name: 'Live Positions' }).getByRole('article', { name: symbol });
  await position.getByRole('button', { name: `Copy ${symbol}` }).click();
  const dialog = page.getByRole('dialog', { name: `Copy ${symbol} Trade` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('checkbox', { name: /I understand that copying/ }).check();
  await dialog.getByRole('button', { name: 'Copy Trade', exact: true }).click();
  await expect(page.getByText('Trade Copied Successfully!')).toBeVisible({ timeout: 20_000 });
  await expect(dialog).toBeHidden();
  await expect(position.getByText('Copied', { exact: true })).toBeVisible();
  return position;
}

/**
 * Settings → Account: turns 'Enable Copy Trading' on and, once saved, types the default copy amount (saved as
 * typed: 'Copy settings saved'). Answers the Copy Trading card.
 */
export async function turnOnCopyTrading(page: Page, defaultCopyAmount: number): Promise<Locator> {
  await page.goto('/settings');
  const card = page.getByRole('region', { name: 'Copy Trading', exact: true });
  const toggle = card.getByRole('switch', { name: 'Enable Copy Trading' });
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await card.getByLabel('Default Copy Amount ($)').fill(String(defaultCopyAmount));
  await expect(card.getByText('Copy settings saved')).toBeVisible();
  return card;
}

/**
 * My Copy Trades: Close Position on `card`, the native confirmation accepted; the sell goes through and the success
 * toast shows. Answers the confirmation's text.
 */
export async function closeCopyPosition(page: Page, card: Locator, symbol: string): Promise<string> {
  let confirmation = '';
  page.once('dialog', (dialog) => {
    confirmation = dialog.message();
    void dialog.accept();
  });
  await card.getByRole('button', { name: 'Close Position' }).click();
  await expect(page.getByText(`Position closed successfully for ${symbol}!`)).toBeVisible({ timeout: 20_000 });
  return confirmation;
}
