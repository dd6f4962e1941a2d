import { expect, test, type Locator, type Page } from '@playwright/test';
import { DESKTOP, expectAccessible, expectNoHorizontalScroll, PHONE, saveScreenshot } from './support/accessibility';
import { csrfHeaders, nextPost, seededCredentials, signInAs } from './support/member-flows';

/**
 * The admin panel's Traces tab in a real browser on the demo data (docs/product.md#admin-panel): the
 * admin creates a trace owned by the demo user and sees 'Success' and its row; deleting the onboarding trader
 * (Momentum Masters in the demo data) is refused with the server's message; the new trace is found on
 * /discovery. The spec deletes its trace at the end (the demo user owns nothing for the other specs). Axe and no
 * sideways scroll at desktop and phone sizes.
 */

const ONBOARDING_TRADER = 'Momentum Masters';

const tracesPanel = (page: Page): Locator => page.getByRole('tabpanel', { name: 'Traces' });
const traceRow = (page: Page, name: string): Locator => tracesPanel(page).getByRole('listitem', { name, exact: true });
const toast = (page: Page, text: string): Locator => page.locator('[data-sonner-toast]').filter({ hasText: text });

/** Shows the row of `name`, pressing 'Load more' while the list has more pages and the row is not there yet. */
async function revealRow(page: Page, name: string): Promise<Locator> {
  const row = traceRow(page, name);
  const loadMore = tracesPanel(page).getByRole('button', { name: 'Load more' });
  await expect(async () => {
    if ((await row.count()) === 0 && (await loadMore.isVisible())) await loadMore.click();
    await expect(row).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  return row;
}

/** Opens /admin?tab=traces at `size` and waits for the Traces tab's list and onboarding trader. */
async function openAdmin(page: Page, size: { width: number; height: number }): Promise<void> {
  await page.setViewportSize(size);
  await page.goto('/admin?tab=traces');
  await expect(page.getByRole('heading', { name: 'Admin Panel', level: 1 })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Traces' })).toHaveAttribute('aria-selected', 'true');
  await expect(tracesPanel(page).getByRole('listitem').first()).toBeVisible();
  await expect(
    tracesPanel(page).getByRole('region', { name: 'Onboarding trader' }).getByText(ONBOARDING_TRADER),
  ).toBeVisible();
  await page.waitForLoadState('networkidle');
}

test('admin traces: create a trace for the demo user, the onboarding trader cannot be deleted, the trace shows in discovery', async ({
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const adminId = await signInAs(page.request, 'ADMIN');
  // The demo user's id, from its own sign-in in a separate request context (the page stays the admin's).
  const demoContext = await playwright.request.newContext({ baseURL });
  const demoId = await signInAs(demoContext, 'DEMO');
  await demoContext.dispose();

  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
  const name = `E2E Admin Trace ${stamp}`;
  const handle = `e2e_admin_${stamp}`;
  let createdId: string | undefined;

  try {
    await test.step('the Traces tab (?tab=traces) fits desktop and phone', async () => {
      await openAdmin(page, DESKTOP);
      const tabs = page.getByRole('tablist', { name: 'Admin sections' }).getByRole('tab');
      await expect(tabs).toHaveText([
        'Users',
        'Statistics',
        'Traces',
        'Trades',
        'Feedback',
        'All Connections',
        'SnapTrade Users',
        'User Details',
        'Dev Only',
        'Audit Log',
      ]);
      await expect(traceRow(page, ONBOARDING_TRADER).getByText('Onboarding trader', { exact: true })).toBeVisible();
      await saveScreenshot(page, 'admin traces');
      await expectAccessible(page, 'admin traces');

      await openAdmin(page, PHONE);
      await saveScreenshot(page, 'admin traces');
      await expectAccessible(page, 'admin traces');
      await expectNoHorizontalScroll(page, 'admin traces');
      // Nine tabs do not fit 390 px: the bar scrolls inside its own box instead of the page.
      const bar = page.getByRole('tablist', { name: 'Admin sections' });
      const { scrollWidth, clientWidth } = await bar.evaluate((el) => ({
        scrollWidth: el.scrollWidth,
        clientWidth: el.clientWidth,
      }));
      expect(scrollWidth).toBeGreaterThan(clientWidth);
      await bar.getByRole('tab', { name: 'Dev Only' }).click();
      await expect(
        page.getByRole('tabpanel', { name: 'Dev Only' }).getByRole('table', { name: 'Demo trades' }),
      ).toBeVisible();
      await expectNoHorizontalScroll(page, 'admin: Dev Only tab');
    });

    await test.step('Create Trace: the required fields are checked, then the trace is created for the demo user', async () => {
      await openAdmin(page, DESKTOP);
      await tracesPanel(page).getByRole('button', { name: 'Create Trace' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create Trace' });
      await expect(dialog).toBeVisible();

      await dialog.getByLabel('Name (required)').fill(name);
      await dialog.getByRole('button', { name: 'Create Trace' }).click();
      await expect(dialog.getByRole('alert')).toHaveText('Please fill in all required fields');

      await dialog.getByLabel('Handle (required)').fill(handle);
      await dialog.getByLabel('Owner user id (required)').fill(demoId);
      await dialog.getByLabel('Description').fill('Created by the admin traces browser test.');
      await dialog.getByRole('checkbox', { name: 'Stocks' }).check();
      await dialog.getByRole('checkbox', { name: 'Swing Trading' }).check();
      await dialog.getByRole('combobox', { name: 'Risk level' }).click();
      await page.getByRole('option', { name: 'High', exact: true }).click();
      await dialog.getByLabel('Minimum investment (USD)').fill('500');
      await dialog.getByRole('switch', { name: 'Verified' }).click();
      await saveScreenshot(page, 'admin create trace');
      await expectAccessible(page, 'admin create trace dialog');

      const created = nextPost(page, '/api/admin/create-trace');
      await dialog.getByRole('button', { name: 'Create Trace' }).click();
      const response = await created;
      expect(response.ok(), await response.text()).toBe(true);
      createdId = ((await response.json()) as { trace: { id: string } }).trace.id;
      expect(response.request().postDataJSON()).toMatchObject({
        userId: adminId,
        name,
        handle,
        ownerId: demoId,
        tradingStyle: ['swing_trading', 'stocks'],
        riskLevel: 'high',
        minInvestment: 500,
        isVerified: true,
        isFeatured: false,
      });

      await expect(toast(page, 'Trace created successfully')).toBeVisible();
      await expect(toast(page, 'Trace created successfully')).toContainText('Success');
      await expect(dialog).toHaveCount(0);
      const row = await revealRow(page, name);
      await expect(row).toContainText(`@${handle}`);
      await expect(row).toContainText(demoId);
      await expect(row).toContainText(seededCredentials('DEMO').username);
      await expect(row.getByText('Verified', { exact: true })).toBeVisible();
      await expect(row.getByText('Onboarding trader', { exact: true })).toHaveCount(0);
    });

    await test.step('deleting the onboarding trader is refused with the server message', async () => {
      const row = await revealRow(page, ONBOARDING_TRADER);
      await row.getByRole('button', { name: `Delete ${ONBOARDING_TRADER}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete Trace' });
      await expect(dialog).toContainText(`Delete ${ONBOARDING_TRADER} (@momentum_masters)?`);
      await expectAccessible(page, 'admin delete trace dialog');
      await dialog.getByRole('button', { name: 'Delete Trace' }).click();

      const refusal = 'This trace is the onboarding trader: set another onboarding trader before deleting it.';
      await expect(toast(page, refusal)).toBeVisible();
      await expect(toast(page, refusal)).toContainText('Error');
      await expect(dialog).toHaveCount(0);
      await expect(traceRow(page, ONBOARDING_TRADER)).toBeVisible();
      await saveScreenshot(page, 'admin delete refused');
    });

    await test.step('the admin finds the new trace on /discovery', async () => {
      await page.goto('/discovery');
      await expect(page.getByRole('heading', { name: 'Discover Traders', level: 1 })).toBeVisible();
      await page.getByLabel('Search traders').fill(name);
      await expect(page.getByRole('article', { name, exact: true })).toBeVisible();
      await expect(page.getByRole('article', { name, exact: true })).toContainText(`@${handle}`);
    });

    await test.step('the admin deletes the new trace: Success, and the row is gone', async () => {
      await openAdmin(page, DESKTOP);
      const row = await revealRow(page, name);
      await row.getByRole('button', { name: `Delete ${name}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete Trace' });
      await dialog.getByRole('button', { name: 'Delete Trace' }).click();
      await expect(toast(page, 'Trace deleted successfully')).toBeVisible();
      await expect(traceRow(page, name)).toHaveCount(0);
      createdId = undefined;
    });
  } finally {
    // The demo user owns nothing for the specs that follow, whatever failed above.
    if (createdId) {
      await page.request.post('/api/admin/delete-trace', {
        data: { userId: adminId, traceId: createdId },
        headers: await csrfHeaders(page.request),
      });
    }
  }
});
