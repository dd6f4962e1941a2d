import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectAccessible } from './support/accessibility';

/**
 * The walking skeleton in a real browser against the started product (global setup): access control,
 * sign-in, the signed-in shell, Beta Launch Mode as seen by an admin, a visitor and a non-admin,
 * sign-out and the not-found page. Queries go by role and label, as a person (or a screen reader) would.
 */

interface Credentials {
  username: string;
  password: string;
}

function credentials(kind: 'ADMIN' | 'DEMO'): Credentials {
  const username = process.env[`E2E_${kind}_USERNAME`];
  const password = process.env[`E2E_${kind}_PASSWORD`];
  if (!username || !password) {
    throw new Error(`E2E_${kind}_USERNAME and E2E_${kind}_PASSWORD must be set (the browser global setup sets them)`);
  }
  return { username, password };
}

const signInButton = (page: Page): Locator => page.getByRole('button', { name: 'Sign In', exact: true });
const comingSoon = (page: Page): Locator => page.getByRole('heading', { name: 'Beta Launch Coming Soon' });
const betaLaunchSwitch = (page: Page): Locator => page.getByRole('switch', { name: 'Beta Launch Mode' });
const welcome = (page: Page): Locator => page.getByRole('heading', { name: /^Welcome back, .+!$/, level: 1 });
const userMenu = (page: Page): Locator => page.getByRole('banner').getByRole('button', { name: /^User menu/ });
const mainNav = (page: Page): Locator =>
  page.getByRole('complementary', { name: 'Sidebar' }).getByRole('navigation', { name: 'Main' });

async function signIn(page: Page, { username, password }: Credentials): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Username or Email', { exact: true }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await signInButton(page).click();
}

/** Best effort after a failure part-way: never leave the shared product in Beta Launch Mode. */
async function switchBetaLaunchModeOff(page: Page): Promise<void> {
  try {
    const tokenResponse = await page.request.get('/api/csrf-token');
    const { csrfToken } = (await tokenResponse.json()) as { csrfToken: string };
    await page.request.post('/api/set-maintenance-mode', {
      data: { enabled: false },
      headers: { 'x-csrf-token': csrfToken },
    });
  } catch (error) {
    console.warn('Could not switch Beta Launch Mode off after the test', error);
  }
}

test('walking skeleton: sign-in, shell, Beta Launch Mode for admin, visitor and non-admin, sign-out, not found', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const admin = credentials('ADMIN');
  const demo = credentials('DEMO');

  // Fresh, separate browser contexts: their own cookies, so they are signed out until they sign in.
  const visitorContext = await browser.newContext({ baseURL });
  const demoContext = await browser.newContext({ baseURL });
  const visitor = await visitorContext.newPage();
  const demoPage = await demoContext.newPage();
  let betaLaunchModeMayBeOn = false;

  try {
    await test.step('a signed-out visitor opening /dashboard is sent to /login', async () => {
      await page.goto('/dashboard');
      await expect(page).toHaveURL(/\/login$/);
      await expect(signInButton(page)).toBeVisible();
      await expect(welcome(page)).toHaveCount(0);
      await expectAccessible(page, 'login');
    });

    await test.step('a wrong password shows the error and stays on /login', async () => {
      await signIn(page, { username: admin.username, password: 'definitely-not-the-password-1' });
      await expect(page.getByRole('alert')).toHaveText('Invalid username or password');
      await expect(page).toHaveURL(/\/login$/);
      await expectAccessible(page, 'login with an error');
    });

    await test.step('the admin signs in with the username and lands in the signed-in shell', async () => {
      await signIn(page, admin);
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(welcome(page)).toBeVisible();

      const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
      await expect(sidebar).toBeVisible();
      for (const item of ['Dashboard', 'Trading Terminal', 'Discovery', 'My Copies', 'Admin Panel']) {
        await expect(mainNav(page).getByRole('link', { name: item })).toBeVisible();
      }
      await expect(sidebar.getByRole('heading', { name: 'Owned Traces' })).toBeVisible();
      await expect(sidebar.getByRole('heading', { name: 'Joined Traces' })).toBeVisible();

      const topBar = page.getByRole('banner');
      // The bell loads after the shell; its count is the admin's own (tests/notifications.e2e-spec.ts follows it).
      await expect(topBar.getByRole('button', { name: /^Notifications( \((\d+|99\+)\))?$/ })).toBeVisible();
      await expect(topBar.getByRole('button', { name: 'Help', exact: true })).toBeVisible();
      await expect(topBar.getByRole('button', { name: 'Upgrade to Pro', exact: true })).toBeVisible();
      await expect(topBar.getByRole('button', { name: `User menu (${admin.username})`, exact: true })).toContainText(
        admin.username,
      );
      await expectAccessible(page, 'dashboard');
    });

    await test.step('the admin opens the Admin Panel and switches Beta Launch Mode on', async () => {
      await mainNav(page).getByRole('link', { name: 'Admin Panel' }).click();
      await expect(page).toHaveURL(/\/admin$/);
      await expect(page.getByRole('heading', { name: 'Admin Panel', level: 1 })).toBeVisible();

      const toggle = betaLaunchSwitch(page);
      await expect(toggle).toHaveAttribute('aria-checked', 'false');
      betaLaunchModeMayBeOn = true;
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-checked', 'true');
      await expect(page.getByText('Beta Launch Monday at 9 AM', { exact: true })).toBeVisible();
      await expect(page.getByRole('timer', { name: 'Time until launch' })).toBeVisible();
      await expectAccessible(page, 'admin panel, Beta Launch Mode on');
    });

    await test.step('a signed-out visitor sees the launch screen on /dashboard, but not on /login', async () => {
      // The status may take a moment to reach every gateway replica: reload until it shows.
      await expect(async () => {
        await visitor.goto('/dashboard');
        await expect(comingSoon(visitor)).toBeVisible({ timeout: 3_000 });
      }).toPass({ timeout: 30_000 });
      await expect(visitor).toHaveURL(/\/dashboard$/);
      await expect(visitor.getByRole('heading', { name: "What's Coming Monday" })).toBeVisible();
      await expect(visitor.getByRole('button', { name: 'Back to Beta Entry' })).toBeVisible();
      await expectAccessible(visitor, 'maintenance');

      await visitor.goto('/login');
      await expect(signInButton(visitor)).toBeVisible();
      await expect(comingSoon(visitor)).toHaveCount(0);
    });

    await test.step('a non-admin who signs in gets the launch screen, and Access Denied on /admin', async () => {
      await signIn(demoPage, demo);
      await expect(demoPage).toHaveURL(/\/dashboard$/);
      await expect(comingSoon(demoPage)).toBeVisible();

      await demoPage.goto('/admin');
      await expect(demoPage.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
      await expect(demoPage.getByText("You don't have admin privileges to access this panel.")).toBeVisible();
      await expect(demoPage.getByRole('switch')).toHaveCount(0);
      await expect(mainNav(demoPage).getByRole('link', { name: 'Admin Panel' })).toHaveCount(0);
      await expectAccessible(demoPage, 'access denied');
    });

    await test.step('the admin switches Beta Launch Mode off; the visitor is sent to /login again', async () => {
      const toggle = betaLaunchSwitch(page);
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-checked', 'false');
      betaLaunchModeMayBeOn = false;
      await expect(page.getByText('Beta Launch Monday at 9 AM', { exact: true })).toHaveCount(0);

      await expect(async () => {
        await visitor.goto('/dashboard');
        await expect(visitor).toHaveURL(/\/login$/, { timeout: 3_000 });
      }).toPass({ timeout: 30_000 });
      await expect(signInButton(visitor)).toBeVisible();
      await expect(comingSoon(visitor)).toHaveCount(0);
    });

    await test.step('Sign Out returns to /login, and /dashboard redirects there again', async () => {
      await userMenu(page).click();
      await page.getByRole('menuitem', { name: 'Sign Out' }).click();
      await expect(page).toHaveURL(/\/login$/);
      await expect(signInButton(page)).toBeVisible();

      await page.goto('/dashboard');
      await expect(page).toHaveURL(/\/login$/);
      await expect(signInButton(page)).toBeVisible();
    });

    await test.step('an unknown path shows the not-found page', async () => {
      await page.goto('/this-page-does-not-exist');
      await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
      await expectAccessible(page, 'not found');
    });
  } finally {
    if (betaLaunchModeMayBeOn) await switchBetaLaunchModeOff(page);
    await visitorContext.close();
    await demoContext.close();
  }
});
