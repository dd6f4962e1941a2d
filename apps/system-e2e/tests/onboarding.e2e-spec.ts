import { expect, test, type Locator, type Page } from '@playwright/test';
import { checkAtDesktopAndPhone } from './support/accessibility';
import { nextPost, signUpNewMember } from './support/member-flows';

/**
 * The onboarding wizard in a real browser on the demo data (docs/product.md#onboarding-wizard):
 * a new member opening /dashboard gets the wizard instead of the dashboard; Welcome → the designated trader
 * (Momentum Masters) → Auto-Subscribe Now → 'You're All Set!' → the brokerage step → Skip for Now lands on the
 * dashboard with the trace in the sidebar's Joined Traces, and a reload keeps the dashboard. Every step passes
 * axe and fits a phone.
 */

const TRADER = 'Momentum Masters';

const region = (page: Page, name: string): Locator => page.getByRole('region', { name, exact: true });
const stepText = (page: Page): Locator => page.getByTestId('onboarding-step');
const stepTitle = (page: Page, name: string): Locator => page.getByRole('heading', { name, level: 1, exact: true });

test('onboarding: a new member is walked to the designated trader, auto-subscribes, skips the brokerage and lands on the dashboard', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signUpNewMember(page.request, {
    label: 'onboarding',
    usernameLabel: 'ob',
    phonePrefix: '63',
    password: 'Onboarding-Member-2026!',
    firstName: 'Olive',
    lastName: 'Newcomer',
  });

  await test.step('/dashboard shows the wizard, not the dashboard, on step 1 of 4', async () => {
    await page.goto('/dashboard');
    await expect(stepTitle(page, 'Welcome to CopyTrade, Olive!')).toBeVisible();
    await expect(stepText(page)).toHaveText('Step 1 of 4');
    for (const feature of ['Copy Trading', 'Real-Time Analytics', 'Risk Management']) {
      await expect(page.getByRole('heading', { name: feature, level: 2 })).toBeVisible();
    }
    await expect(page.getByRole('heading', { name: /^Welcome back/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Previous' })).toHaveCount(0);
    const ready = stepTitle(page, 'Welcome to CopyTrade, Olive!');
    await checkAtDesktopAndPhone(page, 'onboarding: welcome', ready);
  });

  await test.step('step 2 shows the designated trader, Momentum Masters', async () => {
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(stepText(page)).toHaveText('Step 2 of 4');
    const card = region(page, TRADER);
    await expect(card).toBeVisible();
    await expect(card.getByText('@momentum_masters')).toBeVisible();
    await expect(card.getByText('Verified', { exact: true })).toBeVisible();
    await expect(card.locator('dt:text-is("Win Rate") + dd')).toHaveText(/^\d+(\.\d)?%$/);
    await expect(card.locator('dt:text-is("Monthly Return") + dd')).toHaveText(/^[+-]?\d+\.\d{2}%$/);
    await expect(card.locator('dt:text-is("Followers") + dd')).toHaveText(/^\d[\d.,]*K?$/);
    // Up to 3 recent trades, or the empty text.
    const trades = card.getByRole('list', { name: 'Recent Trades' }).getByRole('listitem');
    if ((await trades.count()) === 0) await expect(card.getByText('No recent trades available')).toBeVisible();
    else expect(await trades.count()).toBeLessThanOrEqual(3);

    await checkAtDesktopAndPhone(page, 'onboarding: trader', card);
  });

  await test.step('Auto-Subscribe Now registers, subscribes and moves to You’re All Set!', async () => {
    const subscribed = nextPost(page, '/api/auto-subscribe');
    await page.getByRole('button', { name: 'Auto-Subscribe Now' }).click();
    expect((await subscribed).ok()).toBe(true);
    await expect(stepTitle(page, "You're All Set!")).toBeVisible();
    await expect(stepText(page)).toHaveText('Step 3 of 4');
    await expect(page.getByRole('button', { name: 'View Live Trades' })).toBeVisible();
    // The sidebar's Joined Traces already lists the trace.
    await expect(region(page, 'Joined Traces').getByText(TRADER, { exact: true })).toBeVisible();
    const ready = stepTitle(page, "You're All Set!");
    await checkAtDesktopAndPhone(page, 'onboarding: all set', ready);
  });

  await test.step('step 4 offers the one available brokerage; the registration made in step 2 shows', async () => {
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(stepTitle(page, 'Connect Your Brokerage')).toBeVisible();
    await expect(stepText(page)).toHaveText('Step 4 of 4');
    const broker = region(page, 'Webull');
    await expect(broker.getByRole('button', { name: 'Connect', exact: true })).toBeEnabled();
    await expect(page.getByText('SnapTrade Registration Required')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Skip for Now' })).toBeEnabled();

    await checkAtDesktopAndPhone(page, 'onboarding: brokerage', broker);
  });

  await test.step('Skip for Now completes onboarding and shows the dashboard with the joined trace', async () => {
    const completed = nextPost(page, '/api/complete-onboarding');
    await page.getByRole('button', { name: 'Skip for Now' }).click();
    expect((await completed).ok()).toBe(true);
    await expect(page.getByRole('heading', { name: 'Welcome back, Olive!', level: 1 })).toBeVisible();
    await expect(stepText(page)).toHaveCount(0);
    await expect(region(page, 'Joined Traces').getByText(TRADER, { exact: true })).toBeVisible();
    const summary = page
      .locator('section.card')
      .filter({ has: page.getByRole('heading', { name: 'Account Summary' }) });
    await expect(summary.locator('dt:text-is("Onboarding") + dd')).toHaveText('Complete');

    const session = (await (await page.request.get('/api/verify-token')).json()) as {
      user: { hasCompletedOnboarding: boolean; autoSubscribedToTrader: boolean };
    };
    expect(session.user).toMatchObject({ hasCompletedOnboarding: true, autoSubscribedToTrader: true });
  });

  await test.step('a reload keeps the dashboard', async () => {
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Welcome back, Olive!', level: 1 })).toBeVisible();
    await expect(stepText(page)).toHaveCount(0);
  });
});
