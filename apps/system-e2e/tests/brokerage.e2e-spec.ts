import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { expectAccessible } from './support/accessibility';
import { csrfHeaders, signUpThroughApi, uniqueMember, type Member } from './support/member-flows';

/**
 * Brokerage linking in a real browser against the started product (docs/product.md#settings):
 * a new member registers with the provider from Settings → Brokerage, connects the available brokerage
 * through the paper broker's portal in the 800×600 popup, sees the connection and its accounts, then the
 * dashboard shows the real figures instead of the blurred samples; an order on the paper broker's trading
 * page (with its X-Request-ID) shows up in the dashboard's totals.
 */

/** A new member through the API, signed in on `api` (the page's own request context shares its cookies). */
async function signUpBrokerageMember(api: APIRequestContext): Promise<Member> {
  const member = uniqueMember({
    label: 'brokerage',
    usernameLabel: 'bk',
    phonePrefix: '58',
    password: 'Brokerage-Member-2026!',
  });
  await signUpThroughApi(api, member, { firstName: 'Broker', lastName: 'Linker', annualIncome: 'Over $200,000' });
  // Past the onboarding wizard (tests/onboarding.e2e-spec.ts walks it), so /dashboard shows the dashboard.
  const { user } = (await (await api.get('/api/verify-token')).json()) as { user: { id: string } };
  const completed = await api.post('/api/complete-onboarding', {
    data: { userId: user.id },
    headers: await csrfHeaders(api),
  });
  expect(completed.ok(), await completed.text()).toBe(true);
  return member;
}

const card = (page: Page, title: string): Locator =>
  page.locator('section.card').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
const metric = (page: Page, label: string): Locator =>
  page
    .getByRole('region', { name: 'Portfolio metrics' })
    .locator('section')
    .filter({ has: page.getByRole('heading', { name: label, exact: true }) });
const brokerRow = (page: Page, cardTitle: string, broker: string): Locator =>
  card(page, cardTitle)
    .getByRole('listitem')
    .filter({ has: page.getByText(broker, { exact: true }) });

const NO_BROKERAGE = 'Connect your brokerage account to see real portfolio data.';
/** A symbol of its own, priced through the development endpoint, so the figures are exact. */
const SYMBOL = 'BKTEST';
const PRICE = 150;

test('brokerage: register, connect through the portal popup, the dashboard shows real figures', async ({ page }) => {
  test.setTimeout(180_000);
  await signUpBrokerageMember(page.request);
  // Records how the app opens windows, to check the popup's size (Playwright gives popups the context's viewport).
  await page.addInitScript(() => {
    const open = window.open.bind(window);
    const calls: unknown[][] = [];
    Object.assign(window, { __openCalls: calls });
    window.open = (...args: Parameters<typeof window.open>) => {
      calls.push(args);
      return open(...args);
    };
  });

  await test.step('before linking, the dashboard shows the alert and blurred sample figures', async () => {
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Welcome back, Broker!', level: 1 })).toBeVisible();
    await expect(page.getByText(NO_BROKERAGE)).toBeVisible();
    await expect(metric(page, 'Portfolio Value')).toContainText('$24,587');
    await expect(metric(page, 'Total Cash')).toContainText('$12,450');
    await expect(metric(page, 'Total Positions')).toContainText('8');
    await expectAccessible(page, 'dashboard, no brokerage');
    await page.getByRole('button', { name: 'Go to Settings' }).click();
    await expect(page).toHaveURL(/\/settings$/);
  });

  await test.step('Settings → Brokerage is locked until the member registers with SnapTrade', async () => {
    await page.getByRole('tab', { name: 'Brokerage' }).click();
    // In the Brokerage panel: until it shows, the Account panel's own integration card says the same words twice.
    const brokeragePanel = page.getByRole('tabpanel', { name: 'Brokerage' });
    await expect(brokeragePanel.getByText('Registration Required', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'SnapTrade Registration Required' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Connect' })).toHaveCount(0);
    await expectAccessible(page, 'settings: brokerage, not registered');

    const registered = page.waitForResponse((response) => response.url().endsWith('/api/snaptrade/register-user'));
    await page.getByRole('button', { name: 'Register with SnapTrade' }).click();
    expect((await registered).status()).toBe(200);
    await expect(page.getByText('SnapTrade Registered', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'SnapTrade Registration Required' })).toHaveCount(0);
    await expect(card(page, 'Active Connections').getByText('No active connections')).toBeVisible();
    await expect(card(page, 'All Supported Brokers').getByText('Coming Soon', { exact: true })).toHaveCount(4);
    await expectAccessible(page, 'settings: brokerage, registered');
  });

  await test.step('Connect opens the portal in a popup; connecting there closes it and the tab re-reads', async () => {
    const popupOpened = page.waitForEvent('popup');
    await brokerRow(page, 'Popular Brokers', 'Webull').getByRole('button', { name: 'Connect' }).click();
    const popup = await popupOpened;
    await popup.waitForURL(/\/paper\/portal\/[0-9a-f-]+$/);
    const [openCall] = await page.evaluate(() => (window as unknown as { __openCalls: unknown[][] }).__openCalls);
    expect(openCall?.[2]).toMatch(/width=800,height=600/);
    await expect(
      brokerRow(page, 'Popular Brokers', 'Webull').getByRole('button', { name: 'Connecting...' }),
    ).toBeDisabled();

    await expect(popup.getByRole('heading', { name: 'Connect your brokerage' })).toBeVisible();
    await expect(popup.getByTestId('portal-brokerage')).toHaveText('Webull');
    const accounts = popup.getByRole('list', { name: 'Accounts that will be created' });
    await expect(accounts).toContainText('Webull Individual (Paper)');
    await expect(accounts).toContainText('$100,000.00 starting cash');
    await expect(accounts).toContainText('$25,000.00 starting cash');
    await expectAccessible(popup, 'paper portal');

    const closed = popup.waitForEvent('close');
    await popup.getByRole('button', { name: 'Connect', exact: true }).click();
    await closed;

    await expect(card(page, 'Active Connections').getByText('CONNECTED', { exact: true })).toBeVisible({
      timeout: 15_000,
    });
    await expect(brokerRow(page, 'Popular Brokers', 'Webull').getByText('Connected', { exact: true })).toBeVisible();
    await expect(brokerRow(page, 'Popular Brokers', 'Webull').getByRole('button')).toHaveCount(0);
    const rows = card(page, 'Trading Accounts').getByRole('row');
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(1)).toContainText('Webull Individual (Paper)');
    await expect(rows.nth(1)).toContainText('Primary');
    await expect(rows.nth(1)).toContainText('$100,000.00');
    await expect(rows.nth(2)).toContainText('$25,000.00');
    await expectAccessible(page, 'settings: brokerage, connected');
  });

  await test.step('the dashboard shows the real sums across both accounts', async () => {
    await page
      .getByRole('complementary', { name: 'Sidebar' })
      .getByRole('link', { name: 'Dashboard', exact: true })
      .click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(metric(page, 'Portfolio Value')).toContainText('$125,000.00');
    await expect(metric(page, 'Brokerage Accounts')).toContainText('2');
    await expect(metric(page, 'Total Cash')).toContainText('$125,000.00');
    await expect(metric(page, 'Total Positions')).toContainText('0');
    await expect(page.getByText(NO_BROKERAGE)).toHaveCount(0);
    await expect(card(page, 'Account Summary').getByText('Connected', { exact: true })).toBeVisible();
    // Reading the balances recorded the first point of the Performance Overview: one reading, no line yet.
    await expect(card(page, 'Performance Overview').getByText('One reading so far', { exact: true })).toBeVisible();
    await expectAccessible(page, 'dashboard with real figures');
  });

  await test.step('a buy on the paper trading page carries an X-Request-ID and shows in the totals', async () => {
    const headers = await csrfHeaders(page.request);
    expect(
      (await page.request.post('/api/dev/market/price', { data: { symbol: SYMBOL, price: PRICE }, headers })).ok(),
    ).toBe(true);

    await page.goto('/paper/trade');
    await expect(page.getByRole('heading', { name: 'Webull Paper Trading', level: 1 })).toBeVisible();
    await expect(card(page, 'Paper Accounts').getByText('Webull Individual (Paper)')).toBeVisible();
    await expectAccessible(page, 'paper trading');
    await page.getByLabel('Symbol', { exact: true }).fill(SYMBOL);
    await page.getByLabel('Quantity', { exact: true }).fill('10');
    const sent = page.waitForRequest(
      (request) => request.url().endsWith('/api/paper/orders') && request.method() === 'POST',
    );
    await page.getByRole('button', { name: 'Place Buy Order' }).click();
    const request = await sent;
    expect(request.headers()['x-request-id']).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(request.postDataJSON()).toMatchObject({ action: 'BUY', symbol: SYMBOL, quantity: 10 });
    await expect(page.getByText(`Bought 10 ${SYMBOL} at $150.00`)).toBeVisible();

    await page.goto('/dashboard');
    await expect(metric(page, 'Total Positions')).toContainText('1');
    await expect(metric(page, 'Total Cash')).toContainText('$123,500.00');
    await expect(metric(page, 'Portfolio Value')).toContainText('$125,000.00');
  });
});
