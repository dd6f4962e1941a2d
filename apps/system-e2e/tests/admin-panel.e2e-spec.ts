import { expect, test, type Locator, type Page } from '@playwright/test';
import { checkAtDesktopAndPhone, expectAccessible, saveScreenshot } from './support/accessibility';
import { chooseOption, csrfHeaders, signInAs, signUpNewMember } from './support/member-flows';
import { shareOwnerTrade } from './support/trace-flows';

/**
 * The admin panel's Users, Trades and Feedback tabs in a real browser against the started product
 * (docs/product.md#admin-panel): the admin grants admin to a new member and revokes it — the member's own browser sees
 * the panel, then 'Access Denied', at once; the admin unshares, shares (premium by default) and unshares an owner's
 * trade; the admin moves a feedback to Resolved. Axe and no sideways scroll at desktop and phone sizes.
 */

const toast = (page: Page, text: string): Locator => page.locator('[data-sonner-toast]').filter({ hasText: text });
const panel = (page: Page, tab: string): Locator => page.getByRole('tabpanel', { name: tab, exact: true });

async function openTab(page: Page, tab: string, path: string): Promise<Locator> {
  await page.goto(path);
  await expect(page.getByRole('heading', { name: 'Admin Panel', level: 1 })).toBeVisible();
  await expect(page.getByRole('tab', { name: tab, exact: true })).toHaveAttribute('aria-selected', 'true');
  return panel(page, tab);
}

test('admin users: grant then revoke admin — the target sees the panel, then not, at once', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  await signInAs(page.request, 'ADMIN');
  // The target in a browser of its own, signed in as a new member.
  const targetContext = await browser.newContext({ baseURL });
  const target = await targetContext.newPage();
  try {
    const member = await signUpNewMember(target.request, {
      label: 'admin-grant',
      usernameLabel: 'grant',
      phonePrefix: '65',
      password: 'Admin-Grant-Target-2026!',
      firstName: 'Grant',
      lastName: 'Target',
    });

    await test.step('the member is refused the panel', async () => {
      await target.goto('/admin');
      await expect(target.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
    });

    const users = await openTab(page, 'Users', '/admin');
    const row = users.getByRole('row').filter({ hasText: member.username });

    await test.step('the Users tab opens first, finds the member, and fits desktop and phone', async () => {
      await users.getByLabel('Search users').fill(member.username);
      await expect(row).toHaveCount(1);
      await expect(row).toContainText(member.email);
      await page.waitForLoadState('networkidle');
      await checkAtDesktopAndPhone(page, 'admin users', row);
    });

    await test.step("Details opens the member's User Details: Info, Connections, Holdings", async () => {
      await row.getByRole('button', { name: `Details ${member.username}` }).click();
      const details = panel(page, 'User Details');
      await expect(details.getByRole('tabpanel', { name: 'Info' })).toContainText(member.email);
      await checkAtDesktopAndPhone(page, 'admin user details', details.getByRole('tabpanel', { name: 'Info' }), {
        networkIdle: true,
      });
      await details.getByRole('tab', { name: 'Connections' }).click();
      await expect(details.getByText('No connections')).toBeVisible();
      await details.getByRole('tab', { name: 'Holdings' }).click();
      await expect(details.getByText('No holdings')).toBeVisible();
      await page.getByRole('tab', { name: 'Users', exact: true }).click();
      await users.getByLabel('Search users').fill(member.username);
      await expect(row).toHaveCount(1);
    });

    await test.step('Grant admin asks first (marked dangerous), then grants', async () => {
      await row.getByRole('button', { name: `Grant admin ${member.username}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Grant Admin Privileges' });
      await expect(dialog).toContainText(`Give ${member.username} (${member.email}) admin privileges?`);
      await expect(dialog).toContainText('Dangerous: admins have full system access');
      await saveScreenshot(page, 'admin grant dialog');
      await expectAccessible(page, 'admin grant dialog');
      const granted = page.waitForResponse((response) => response.url().endsWith('/api/admin/toggle-admin'));
      await dialog.getByRole('button', { name: 'Grant admin' }).click();
      const response = await granted;
      expect(response.ok(), await response.text()).toBe(true);
      expect(response.request().postDataJSON()).toMatchObject({ isAdmin: true });
      await expect(toast(page, `Admin privileges granted to ${member.username}`)).toContainText('Success');
      await expect(row.getByRole('button', { name: `Revoke admin ${member.username}` })).toBeVisible();
    });

    await test.step("the member's open session has the panel at once", async () => {
      await target.goto('/admin');
      await expect(target.getByRole('heading', { name: 'Admin Panel', level: 1 })).toBeVisible();
      await expect(target.getByRole('tab', { name: 'Users', exact: true })).toHaveAttribute('aria-selected', 'true');
    });

    await test.step('Revoke admin says what is lost, then revokes', async () => {
      await row.getByRole('button', { name: `Revoke admin ${member.username}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Revoke Admin Privileges' });
      await expect(dialog).toContainText('They lose the admin panel, user management, system settings');
      await dialog.getByRole('button', { name: 'Revoke admin' }).click();
      await expect(toast(page, `Admin privileges revoked from ${member.username}`)).toContainText('Success');
      await expect(row.getByRole('button', { name: `Grant admin ${member.username}` })).toBeVisible();
    });

    await test.step("the member's session is refused again at once", async () => {
      await target.goto('/admin');
      await expect(target.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
      // And the server refuses its admin calls.
      const refused = await target.request.post('/api/admin/users', {
        data: {},
        headers: await csrfHeaders(target.request),
      });
      expect(refused.status()).toBe(403);
    });
  } finally {
    await targetContext.close();
  }
});

test("admin trades: unshare, share (premium by default) and unshare an owner's trade", async ({ page, baseURL }) => {
  test.setTimeout(150_000);
  const { traceId, ownerUsername } = await shareOwnerTrade(baseURL!, {
    symbol: 'ADMT',
    price: 42,
    quantity: 4,
    names: { label: 'admin-trades-owner', usernameLabel: 'adtr', phonePrefix: '66', traceLabel: 'Admin Trades' },
  });
  await signInAs(page.request, 'ADMIN');
  const trades = await openTab(page, 'Trades', '/admin?tab=trades');
  await trades.getByLabel('Trace id').fill(traceId);
  const card = trades.getByRole('listitem', { name: `ADMT buy by ${ownerUsername}` });
  await expect(card).toBeVisible();
  await expect(card).toContainText('Shared · Basic');
  await page.waitForLoadState('networkidle');
  await checkAtDesktopAndPhone(page, 'admin trades', card);

  await test.step('Unshare: existing copies stay untouched', async () => {
    await card.getByRole('button', { name: /^Unshare/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Unshare Trade' });
    await expect(dialog).toContainText('Existing copies stay untouched.');
    await dialog.getByRole('button', { name: 'Unshare Trade' }).click();
    await expect(toast(page, 'Trade unshared. Existing copies are untouched.')).toContainText('Success');
    await expect(card).toContainText('Not shared');
  });

  await test.step('Share: the tier is premium unless another is chosen', async () => {
    await card.getByRole('button', { name: /^Share/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Share Trade' });
    await expect(dialog.getByRole('combobox', { name: 'Required tier' })).toContainText('Premium');
    await expectAccessible(page, 'admin share trade dialog');
    const shared = page.waitForResponse((response) => response.url().endsWith('/api/admin/share-trade'));
    await dialog.getByRole('button', { name: 'Share Trade' }).click();
    expect((await shared).request().postDataJSON()).toMatchObject({ requiredTier: 'premium' });
    await expect(toast(page, 'Trade shared with premium subscribers and above')).toContainText('Success');
    await expect(card).toContainText('Shared · Premium');
  });

  await test.step('Unshare again; the Shared filter then leaves it out', async () => {
    await card.getByRole('button', { name: /^Unshare/ }).click();
    await page.getByRole('dialog', { name: 'Unshare Trade' }).getByRole('button', { name: 'Unshare Trade' }).click();
    await expect(card).toContainText('Not shared');
    await chooseOption(page, trades.getByRole('combobox', { name: 'Shared' }), 'Shared');
    await expect(trades.getByText('No trades found')).toBeVisible();
    await chooseOption(page, trades.getByRole('combobox', { name: 'Shared' }), 'Not shared');
    await expect(card).toBeVisible();
  });
});

test('admin feedback: a feedback moves to Resolved', async ({ page }) => {
  test.setTimeout(90_000);
  await signInAs(page.request, 'ADMIN');
  const message = `Admin panel browser test feedback ${Date.now().toString(36)}`;
  const sent = await page.request.post('/api/feedback/submit', {
    data: { type: 'bug', message, page: '/admin' },
    headers: await csrfHeaders(page.request),
  });
  expect(sent.ok(), await sent.text()).toBe(true);

  const feedback = await openTab(page, 'Feedback', '/admin?tab=feedback');
  // Newest first: it is on the first page.
  const item = feedback.getByRole('listitem').filter({ hasText: message });
  await expect(item).toBeVisible();
  await expect(item.getByRole('combobox', { name: 'Status' })).toContainText('Open');
  await page.waitForLoadState('networkidle');
  await checkAtDesktopAndPhone(page, 'admin feedback', item);

  const updated = page.waitForResponse(
    (response) =>
      /\/api\/feedback\/admin\/[^/]+\/status$/.test(response.url()) && response.request().method() === 'PUT',
  );
  await chooseOption(page, item.getByRole('combobox', { name: 'Status' }), 'Resolved');
  const response = await updated;
  expect(response.ok(), await response.text()).toBe(true);
  expect(response.request().postDataJSON()).toEqual({ status: 'resolved' });
  await expect(toast(page, 'Feedback status updated successfully')).toContainText('Success');

  // Stored: a fresh load shows it Resolved.
  const reloaded = await openTab(page, 'Feedback', '/admin?tab=feedback');
  await expect(
    reloaded.getByRole('listitem').filter({ hasText: message }).getByRole('combobox', { name: 'Status' }),
  ).toContainText('Resolved');

  await test.step('the Audit Log shows the change, newest first, before → after', async () => {
    const log = await openTab(page, 'Audit Log', '/admin?tab=audit-log');
    await chooseOption(page, log.getByRole('combobox', { name: 'Action' }), 'Feedback status');
    const newest = log.getByRole('row').nth(1);
    await expect(newest).toContainText('feedback.status');
    await expect(newest).toContainText('status: open → resolved');
    await page.waitForLoadState('networkidle');
    await checkAtDesktopAndPhone(page, 'admin audit log', newest);
  });
});
