import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  DESKTOP,
  expectAccessible,
  expectNoHorizontalScroll,
  NARROW_PHONE,
  PHONE,
  saveScreenshot,
} from './support/accessibility';
import { signInAs } from './support/member-flows';

/**
 * Discover Traders in a real browser on the demo data (docs/product.md#discovery), signed in as the demo user
 * (who owns no trace): Momentum Masters under Featured Traders on All, a server-side search that narrows the grid,
 * Most Profitable showing only monthly returns of at least 20 %, 'View Profile' opening the trace's page; axe and
 * no sideways scroll at desktop and phone sizes.
 */

const region = (page: Page, name: string): Locator => page.getByRole('region', { name, exact: true });
const cards = (container: Locator): Locator => container.getByRole('article');
const cardNamed = (container: Locator, name: string): Locator => container.getByRole('article', { name, exact: true });
const monthlyReturn = (card: Locator): Locator => card.locator('dt:text-is("Monthly Return") + dd');

/** The grid has settled: no skeletons, no previous answer still shown while a new one loads. */
async function settled(grid: Locator): Promise<void> {
  await expect(grid.locator('[aria-busy="true"]')).toHaveCount(0);
}

/** Loads /discovery at `size` and waits for the featured row and the grid. */
async function openDiscovery(page: Page, size: { width: number; height: number }): Promise<void> {
  await page.setViewportSize(size);
  await page.goto('/discovery');
  await expect(page.getByRole('heading', { name: 'Discover Traders', level: 1 })).toBeVisible();
  await expect(cardNamed(region(page, 'Featured Traders'), 'Momentum Masters')).toBeVisible();
  await expect(cards(region(page, 'All Traders')).first()).toBeVisible();
  await settled(region(page, 'All Traders'));
  await page.waitForLoadState('networkidle');
}

test.beforeEach(async ({ page }) => {
  await signInAs(page.request, 'DEMO');
});

test('discovery: Momentum Masters is featured on All, search narrows the grid, Most Profitable is 20 % or more, View Profile opens the trace', async ({
  page,
}) => {
  await openDiscovery(page, DESKTOP);
  await expect(page).toHaveTitle('Discover Traders · CopyTrade');
  const grid = region(page, 'All Traders');

  await test.step('Featured Traders comes first on All, with Momentum Masters verified and starred', async () => {
    const featured = region(page, 'Featured Traders');
    const momentum = cardNamed(featured, 'Momentum Masters');
    await expect(momentum.getByText('@momentum_masters')).toBeVisible();
    await expect(momentum.getByRole('img', { name: 'Verified' })).toBeVisible();
    await expect(momentum.getByRole('img', { name: 'Featured' })).toBeVisible();
    // A featured card lists up to 3 specialties, a grid card up to 2.
    expect(await momentum.getByRole('list', { name: 'Specialties' }).getByRole('listitem').count()).toBeLessThanOrEqual(
      3,
    );
    for (const card of await cards(grid).all()) {
      expect(await card.getByRole('listitem').count()).toBeLessThanOrEqual(2);
    }
    const featuredBox = await featured.boundingBox();
    const gridBox = await grid.boundingBox();
    expect(featuredBox!.y).toBeLessThan(gridBox!.y);
    // The demo user owns no trace: no Manage link anywhere.
    await expect(page.getByRole('link', { name: 'Manage', exact: true })).toHaveCount(0);
  });

  await saveScreenshot(page, 'discovery');
  await expectAccessible(page, 'discovery');

  await test.step('searching "momentum" asks the server and narrows the grid', async () => {
    const before = await cards(grid).count();
    const searched = page.waitForResponse(
      (response) => response.url().includes('/api/traces?') && response.url().includes('search=momentum'),
    );
    await page.getByRole('searchbox', { name: 'Search traders' }).fill('momentum');
    await searched;
    await expect(page).toHaveURL(/[?&]q=momentum/);
    await expect(cardNamed(grid, 'Momentum Masters')).toBeVisible();
    await expect.poll(() => cards(grid).count()).toBeLessThan(before);
    await settled(grid);
    // Search matches the name, handle or a specialty: every card left names momentum.
    for (const card of await cards(grid).all()) {
      await expect(card).toContainText(/momentum/i);
    }
    await page.getByRole('searchbox', { name: 'Search traders' }).fill('');
    await expect.poll(() => cards(grid).count()).toBe(before);
  });

  await test.step('Most Profitable shows only monthly returns of at least 20 %', async () => {
    const allReturns = new Map<string, number>();
    for (const card of await cards(grid).all()) {
      const name = (await card.getByRole('heading', { level: 3 }).textContent()) ?? '';
      allReturns.set(name, Number.parseFloat((await monthlyReturn(card).textContent()) ?? ''));
    }

    await page.getByRole('tab', { name: 'Most Profitable' }).click();
    await expect(page).toHaveURL(/[?&]category=most-profitable/);
    const panel = page.getByRole('tabpanel', { name: 'Most Profitable' });
    const profitable = region(page, 'Most Profitable Traders');
    await expect(profitable).toBeVisible();
    await expect(profitable.getByRole('article').first().or(profitable.getByText('No traders found'))).toBeVisible();
    await settled(profitable);
    await expect(panel.getByRole('region', { name: 'Featured Traders' })).toHaveCount(0);

    const shown = await cards(profitable).all();
    for (const card of shown) {
      const text = (await monthlyReturn(card).textContent()) ?? '';
      expect(text, `${text} on a Most Profitable card`).toMatch(/^\+\d+\.\d{2}%$/);
      expect(Number.parseFloat(text)).toBeGreaterThanOrEqual(20);
    }
    // What All showed below 20 % is not here; what it showed at 20 % or more is.
    const shownNames = await Promise.all(shown.map((card) => card.getByRole('heading', { level: 3 }).textContent()));
    for (const [name, value] of allReturns) {
      if (value < 20) expect(shownNames, `${name} (${value} %)`).not.toContain(name);
      else expect(shownNames, `${name} (${value} %)`).toContain(name);
    }

    await page.getByRole('tab', { name: 'All', exact: true }).click();
    await expect(cardNamed(region(page, 'Featured Traders'), 'Momentum Masters')).toBeVisible();
  });

  await test.step('View Profile opens /trace/{id}', async () => {
    const momentum = cardNamed(region(page, 'Featured Traders'), 'Momentum Masters');
    const link = momentum.getByRole('link', { name: 'View Profile', exact: true });
    const href = await link.getAttribute('href');
    expect(href).toMatch(/^\/trace\/[0-9a-f-]{36}$/);
    await link.click();
    await expect(page).toHaveURL(new RegExp(`${href!}$`));
  });
});

test('discovery on a phone: one card a row, the tabs scroll in their own box, nothing scrolls sideways', async ({
  page,
}) => {
  await openDiscovery(page, PHONE);
  await saveScreenshot(page, 'discovery');
  await expectAccessible(page, 'discovery');
  await expectNoHorizontalScroll(page, 'discovery');

  const [first, second] = await cards(region(page, 'All Traders')).all();
  const firstBox = await first!.boundingBox();
  const secondBox = await second!.boundingBox();
  expect(secondBox!.x).toBe(firstBox!.x);
  expect(secondBox!.y).toBeGreaterThan(firstBox!.y);

  // The last tab is reachable: the strip scrolls it into view instead of widening the page.
  const stocks = page.getByRole('tab', { name: 'Stocks' });
  await stocks.click();
  await expect(stocks).toHaveAttribute('aria-selected', 'true');
  await expect(cards(region(page, 'Stock Traders')).first()).toBeVisible();
  await settled(region(page, 'Stock Traders'));
  await expectNoHorizontalScroll(page, 'discovery: Stocks');
  await expectAccessible(page, 'discovery: Stocks');

  await page.setViewportSize(NARROW_PHONE);
  await expectNoHorizontalScroll(page, 'discovery: Stocks');
});
