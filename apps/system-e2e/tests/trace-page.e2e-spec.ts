import { expect, test, type Locator, type Page } from '@playwright/test';
import { checkAtDesktopAndPhone, checkAtSize, expectAccessible, PHONE } from './support/accessibility';
import { nextPost, signUpNewMember } from './support/member-flows';

/**
 * The trace page in a real browser on the demo data (docs/product.md#trace-page), as a new member who
 * subscribes to nothing: Discover Traders → Momentum Masters → View Profile shows the public view with the
 * Beta Access card; Subscribe turns it into the full view (tabs, the shared trades the first tier allows) and
 * puts the trace in the sidebar's Joined Traces; Unsubscribe turns it back. Both views pass axe and fit a phone.
 */

const TRACE_NAME = 'Momentum Masters';
/**
 * Subscribe and unsubscribe are throttled client-side to one per 2 s (see docs/product.md#subscribe-and-unsubscribe).
 */
const THROTTLE_MS = 2_000;

const region = (page: Page, name: string): Locator => page.getByRole('region', { name, exact: true });
const joinedTraces = (page: Page): Locator => region(page, 'Joined Traces');

/** Opens Momentum Masters' page from Discover Traders (its 'View Profile' link); returns the trace's id. */
async function openFromDiscovery(page: Page): Promise<string> {
  await page.goto('/discovery');
  await expect(page.getByRole('heading', { name: 'Discover Traders', level: 1 })).toBeVisible();
  const card = region(page, 'Featured Traders').getByRole('article', { name: TRACE_NAME, exact: true });
  const link = card.getByRole('link', { name: 'View Profile', exact: true });
  await expect(link).toBeVisible();
  const href = await link.getAttribute('href');
  expect(href).toMatch(/^\/trace\/[0-9a-f-]{36}$/);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`${href!}$`));
  return href!.split('/').pop()!;
}

/** A new member who subscribes to nothing, signed in on the page. */
async function signUpReader(
  page: Page,
  names: { label: string; usernameLabel: string; phonePrefix: string; lastName: string },
) {
  await signUpNewMember(page.request, { ...names, password: 'Trace-Page-Member-2026!', firstName: 'Trace' });
}

test('trace page: public view, subscribe to the full view with the shared trades and Joined Traces, unsubscribe back', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signUpReader(page, { label: 'tracepage', usernameLabel: 'tp', phonePrefix: '61', lastName: 'Reader' });

  const traceId = await openFromDiscovery(page);
  const title = page.getByRole('heading', { name: TRACE_NAME, level: 1 });
  const betaAccess = region(page, 'Beta Access');
  const tabs = page.getByRole('tablist', { name: 'Trace sections' });

  await test.step('the public view: profile, stats, the Beta Access card with the first tier, 2 public posts', async () => {
    await expect(title).toBeVisible();
    await expect(page).toHaveTitle(`${TRACE_NAME} · CopyTrade`);
    const header = region(page, TRACE_NAME);
    await expect(header.getByText('Verified', { exact: true })).toBeVisible();
    await expect(header.getByText('Featured', { exact: true })).toBeVisible();
    await expect(header.getByText('@momentum_masters')).toBeVisible();
    await expect(header.getByText(/^[\d,]+ subscribers?$/)).toBeVisible();
    await expect(region(page, 'Trading Focus').getByRole('listitem')).toHaveText([
      'Stocks',
      'Swing Trading',
      'Options',
    ]);
    await expect(region(page, 'Performance').locator('dt:text-is("Win Rate") + dd')).toHaveText(/^\d+\.\d%$/);
    await expect(region(page, 'Performance').locator('dt:text-is("Monthly Return") + dd')).toHaveText(
      /^[+-]\d+\.\d{2}%$/,
    );
    // The demo tiers start with free: its price per month, and the beta's free access.
    await expect(betaAccess.getByText('$0.00', { exact: true })).toBeVisible();
    await expect(betaAccess.getByText('per month')).toBeVisible();
    await expect(betaAccess.getByText(/without payment/)).toBeVisible();
    await expect(betaAccess.getByRole('button', { name: 'Subscribe' })).toBeEnabled();
    await expect(region(page, 'Free Preview').getByRole('article')).toHaveCount(2);
    await expect(region(page, 'Risk Disclaimer')).toContainText('substantial risk of loss');
    await expect(tabs).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Unsubscribe' })).toHaveCount(0);
    await expect(joinedTraces(page).getByRole('link', { name: new RegExp(TRACE_NAME) })).toHaveCount(0);
  });

  await checkAtDesktopAndPhone(page, 'trace page public', betaAccess, { networkIdle: true });

  let subscribedAt = 0;
  await test.step('Subscribe (first tier) turns the page into the full view and adds the trace to Joined Traces', async () => {
    const subscribed = nextPost(page, '/api/subscribe');
    await betaAccess.getByRole('button', { name: 'Subscribe' }).click();
    const response = await subscribed;
    subscribedAt = Date.now();
    expect(response.status(), await response.text()).toBe(200);
    expect(response.request().postDataJSON()).toMatchObject({ traceId });

    await expect(tabs).toBeVisible();
    await expect(tabs.getByRole('tab')).toHaveText(['Live Trades', 'Past Trades', 'Posts & Analysis', 'Analytics']);
    await expect(betaAccess).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Manage' })).toHaveCount(0);
    await expect(region(page, TRACE_NAME).getByText(/Subscribed · Free/)).toBeVisible();
    const joined = joinedTraces(page).getByRole('link', { name: new RegExp(TRACE_NAME) });
    await expect(joined).toBeVisible();
    await expect(joined).toHaveAttribute('href', `/trace/${traceId}`);
    await expect(joined).toContainText('free');
  });

  await test.step('Live Trades and Past Trades list the shared trades the free tier allows', async () => {
    // The free tier sees only trades shared at free; the demo data keeps each trace's newest trade open at free.
    const live = page.getByRole('tabpanel', { name: 'Live Trades' });
    const liveTable = live.getByRole('table', { name: 'Live Trades' });
    await expect(liveTable.getByRole('row').nth(1)).toBeVisible();
    for (const row of (await liveTable.getByRole('row').all()).slice(1)) {
      await expect(row.getByRole('cell').nth(9)).toHaveText('Free');
      // Not copied yet: Copy Trade opens the copy dialog (the server checks the tier; copy-trade.e2e-spec copies).
      await expect(row.getByRole('button', { name: /^Copy Trade/ })).toBeEnabled();
    }
    await expect(live).toContainText('Copy a trade into your brokerage account with Copy Trade.');

    const closedLoaded = page.waitForResponse((response) =>
      response.url().endsWith(`/api/traces/${traceId}/trades?limit=20&status=closed`),
    );
    await page.getByRole('tab', { name: 'Past Trades' }).click();
    expect((await closedLoaded).status()).toBe(200);
    const past = page.getByRole('table', { name: 'Past Trades' });
    await expect(past).toBeVisible();
    const rows = (await past.getByRole('row').all()).slice(1);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThanOrEqual(20);
    for (const row of rows) {
      await expect(row.getByRole('cell').nth(10)).toHaveText('Free');
      await expect(row.getByRole('cell').nth(5)).toHaveText(/^([+-]\$[\d,]+\.\d{2}|\$0\.00)$/);
    }
  });

  await test.step('Analytics draws the cumulative and monthly returns of the closed trades', async () => {
    await page.getByRole('tab', { name: 'Analytics' }).click();
    const panel = page.getByRole('tabpanel', { name: 'Analytics' });
    await expect(
      panel.getByRole('img', { name: 'Cumulative Return chart' }).locator('svg.recharts-surface'),
    ).toBeVisible();
    await expect(
      panel.getByRole('img', { name: 'Monthly Returns chart' }).locator('.recharts-area-curve'),
    ).toBeVisible();
    await page.getByRole('tab', { name: 'Live Trades' }).click();
  });

  const liveReady = page.getByRole('tabpanel', { name: 'Live Trades' }).locator('table, .empty-state').first();
  await checkAtDesktopAndPhone(page, 'trace page full', liveReady, { networkIdle: true });
  await page.getByRole('tab', { name: 'Past Trades' }).click();
  const pastTrades = page.getByRole('table', { name: 'Past Trades' });
  await checkAtSize(page, PHONE, 'trace page past trades', pastTrades, { networkIdle: true });
  await page.getByRole('tab', { name: 'Analytics' }).click();
  const chart = page.getByRole('img', { name: 'Cumulative Return chart' });
  await checkAtSize(page, PHONE, 'trace page analytics', chart, { networkIdle: true });

  await test.step('Unsubscribe turns the page back into the public view and empties Joined Traces', async () => {
    // The throttle ignores a second action within 2 s of the first.
    const wait = THROTTLE_MS + 200 - (Date.now() - subscribedAt);
    if (wait > 0) await page.waitForTimeout(wait);
    const unsubscribed = nextPost(page, '/api/unsubscribe');
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    expect((await unsubscribed).status()).toBe(200);
    await expect(betaAccess).toBeVisible();
    await expect(tabs).toHaveCount(0);
    await expect(joinedTraces(page).getByRole('link', { name: new RegExp(TRACE_NAME) })).toHaveCount(0);
    await expect(joinedTraces(page).getByText('No joined traces yet')).toBeVisible();
  });
});

test('trace page: an unknown trace says Trace not found', async ({ page }) => {
  await signUpReader(page, { label: 'tracemissing', usernameLabel: 'tm', phonePrefix: '62', lastName: 'Missing' });
  await page.goto('/trace/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { name: 'Trace not found', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Discover Traders' })).toHaveAttribute('href', '/discovery');
  await expectAccessible(page, 'trace page not found');
});
