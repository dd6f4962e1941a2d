import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  DESKTOP,
  expectAccessible,
  expectNoHorizontalScroll,
  NARROW_PHONE,
  PHONE,
  saveScreenshot,
} from './support/accessibility';
import { csrfHeaders, signInAs, type SeededAccount } from './support/member-flows';

/**
 * Every existing screen at desktop (1440×900) and phone (390×844) sizes: no serious or critical axe-core
 * violation (WCAG 2 A/AA), and nothing scrolls sideways at 390 and 360 px. Keyboard order on the login form.
 * The screens are loaded afresh at each size, as a visitor on that device would.
 */

type Account = 'visitor' | SeededAccount;

interface Screen {
  name: string;
  path: string;
  as: Account;
  /** Visible once the screen's content has loaded. */
  ready: (page: Page) => Locator;
}

const heading =
  (name: string | RegExp, level = 1) =>
  (page: Page) =>
    page.getByRole('heading', { name, level });

const SCREENS: Screen[] = [
  { name: 'beta entry', path: '/', as: 'visitor', ready: heading('Trade alongside the traders you trust.') },
  {
    name: 'request beta',
    path: '/request-beta',
    as: 'visitor',
    ready: heading('The Future of Trading is Connected.'),
  },
  {
    name: 'beta signup',
    path: '/beta-signup?email=a11y.visitor%40example.com',
    as: 'visitor',
    ready: heading('Join the Future of Connected Trading.'),
  },
  {
    name: 'login',
    path: '/login',
    as: 'visitor',
    ready: (page) => page.getByRole('button', { name: 'Sign In', exact: true }),
  },
  { name: 'forgot password', path: '/auth/forgot-password', as: 'visitor', ready: heading('Forgot Password') },
  {
    name: 'reset password',
    path: '/auth/reset-password?token=not-a-real-token',
    as: 'visitor',
    ready: heading('Reset Password'),
  },
  { name: 'not found', path: '/this-page-does-not-exist', as: 'visitor', ready: heading('Oops! Page not found') },
  { name: 'dashboard', path: '/dashboard', as: 'ADMIN', ready: (page) => page.getByRole('heading', { level: 1 }) },
  {
    name: 'settings: account',
    path: '/settings',
    as: 'ADMIN',
    ready: (page) => page.getByRole('tabpanel', { name: 'Account' }),
  },
  {
    name: 'settings: brokerage',
    path: '/settings?tab=brokerage',
    as: 'ADMIN',
    ready: (page) => page.getByRole('tabpanel', { name: 'Brokerage' }),
  },
  {
    name: 'settings: notifications',
    path: '/settings?tab=notifications',
    as: 'ADMIN',
    ready: (page) => page.getByRole('tabpanel', { name: 'Notifications' }),
  },
  {
    name: 'admin panel',
    path: '/admin',
    as: 'ADMIN',
    ready: (page) => page.getByRole('switch', { name: 'Beta Launch Mode' }),
  },
  { name: 'admin: access denied', path: '/admin', as: 'DEMO', ready: heading('Access Denied') },
  ...(
    [
      ['users', 'Users'],
      ['statistics', 'Statistics'],
      ['trades', 'Trades'],
      ['feedback', 'Feedback'],
      ['all-connections', 'All Connections'],
      ['snaptrade-users', 'SnapTrade Users'],
      ['user-details', 'User Details'],
      ['audit-log', 'Audit Log'],
    ] as const
  ).map(([tab, title]): Screen => ({
    name: `admin: ${title}`,
    path: `/admin?tab=${tab}`,
    as: 'ADMIN',
    ready: (page) => page.getByRole('tabpanel', { name: title }).getByRole('heading', { name: title, level: 2 }),
  })),
  {
    name: 'discover traders',
    path: '/discovery',
    as: 'DEMO',
    ready: (page) => page.getByRole('region', { name: 'Featured Traders' }).getByRole('article').first(),
  },
  {
    name: 'trading terminal',
    path: '/trading-terminal',
    as: 'DEMO',
    ready: (page) => page.getByRole('region', { name: 'Live Positions' }),
  },
  // A trace's page (public and full views) and the onboarding wizard are checked at these sizes in their own
  // specs, which reach them with the right member (trace-page, onboarding).
];

/** Loads the screen at the viewport's size and waits until its content and lazy chunks have arrived. */
async function open(page: Page, screen: Screen, size: { width: number; height: number }): Promise<void> {
  await page.setViewportSize(size);
  await page.goto(screen.path);
  await expect(screen.ready(page)).toBeVisible();
  await page.waitForLoadState('networkidle');
}

/** Axe at desktop and phone sizes, no sideways scroll at 390 and 360 px. */
async function checkScreen(page: Page, screen: Screen): Promise<void> {
  await open(page, screen, DESKTOP);
  await saveScreenshot(page, screen.name);
  await expectAccessible(page, screen.name);

  await open(page, screen, PHONE);
  await saveScreenshot(page, screen.name);
  await expectAccessible(page, screen.name);
  await expectNoHorizontalScroll(page, screen.name);

  // The layout is CSS (and resize listeners): narrowing the loaded page is what a reload would show.
  await page.setViewportSize(NARROW_PHONE);
  await expectNoHorizontalScroll(page, screen.name);
}

for (const screen of SCREENS) {
  test(`accessible and fits phones: ${screen.name}`, async ({ page }) => {
    if (screen.as !== 'visitor') await signInAs(page.request, screen.as);
    await checkScreen(page, screen);
  });
}

test('accessible and fits phones: maintenance (Beta Launch Coming Soon)', async ({ page, browser, baseURL }) => {
  const visitorContext = await browser.newContext({ baseURL });
  const visitor = await visitorContext.newPage();
  await signInAs(page.request, 'ADMIN');
  const setMaintenance = async (enabled: boolean) => {
    const response = await page.request.post('/api/set-maintenance-mode', {
      data: { enabled },
      headers: await csrfHeaders(page.request),
    });
    expect(response.ok(), await response.text()).toBe(true);
  };
  try {
    await setMaintenance(true);
    const screen: Screen = {
      name: 'maintenance',
      path: '/dashboard',
      as: 'visitor',
      ready: heading('Beta Launch Coming Soon'),
    };
    // The status may take a moment to reach every gateway replica.
    await expect(async () => {
      await visitor.goto(screen.path);
      await expect(screen.ready(visitor)).toBeVisible({ timeout: 3_000 });
    }).toPass({ timeout: 30_000 });
    await checkScreen(visitor, screen);
  } finally {
    await setMaintenance(false);
    await visitorContext.close();
  }
});

test('accessible on a phone: the navigation drawer of the signed-in shell', async ({ page }) => {
  await signInAs(page.request, 'ADMIN');
  await page.setViewportSize(PHONE);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // On a phone the sidebar is closed, so the content has the whole width.
  await expect(page.getByRole('complementary', { name: 'Sidebar' })).toBeHidden();
  await page.getByRole('button', { name: 'Open navigation' }).click();
  const drawer = page.getByRole('dialog', { name: 'Navigation' });
  await expect(drawer.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await saveScreenshot(page, 'navigation drawer');
  await expectAccessible(page, 'navigation drawer');
  await expectNoHorizontalScroll(page, 'navigation drawer');
  await page.keyboard.press('Escape');
  await expect(drawer).toHaveCount(0);
});

test('keyboard order follows the login form: Tab goes from the username to the password', async ({ page }) => {
  await page.goto('/login');
  const username = page.getByLabel('Username or Email', { exact: true });
  await username.focus();
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(username).toBeFocused();
});

test('the guards fail on what the issue found: low contrast, an unnamed control, a page wider than a phone', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await page.setContent(`<!doctype html><html lang="en"><head><title>Guards</title></head><body><main>
    <h1>Guards</h1>
    <button style="color:#fff;background:#3b82f6;font-size:14px">Upgrade to Pro</button>
    <button><svg width="16" height="16" aria-hidden="true"></svg></button>
    <div style="width:632px">Too wide</div>
  </main></body></html>`);
  const failure = await expectAccessible(page, 'guards').then(
    () => '',
    (error: Error) => error.message,
  );
  expect(failure).toContain('color-contrast (serious)');
  expect(failure).toContain('button-name (critical)');
  const scroll = await expectNoHorizontalScroll(page, 'guards').then(
    () => '',
    (error: Error) => error.message,
  );
  expect(scroll).toContain('guards scrolls sideways at 390 px');
});
