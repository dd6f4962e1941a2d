import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/accessibility';
import { chooseOption, signUpThroughApi, uniqueMember } from './support/member-flows';

/**
 * The floating beta feedback button and the 'Send Feedback' dialog in a real browser against the started
 * product (docs/product.md#feedback-dialog): hidden when signed out; for a signed-in member it sends the
 * feedback with the page and e-mail, toasts 'Feedback sent!' and closes.
 */

test('feedback: a signed-in member sends feedback from the floating button', async ({ page }) => {
  test.setTimeout(90_000);

  await test.step('signed out, there is no feedback button', async () => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Beta Feedback' })).toHaveCount(0);
  });

  // A new member through the API, signed in on the page (its own request context shares its cookies).
  const member = uniqueMember({
    label: 'feedback',
    usernameLabel: 'fb',
    phonePrefix: '57',
    password: 'Feedback-Member-2026!',
  });
  await signUpThroughApi(page.request, member, { firstName: 'Feed', lastName: 'Back', annualIncome: 'Over $200,000' });

  await test.step('the member opens Send Feedback on the settings page', async () => {
    await page.goto('/settings');
    await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Beta Feedback' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send Feedback' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Email')).toHaveValue(member.email);
    await expect(dialog.getByLabel('Page')).toHaveValue('/settings');
    await expect(dialog.getByRole('button', { name: 'Send Feedback' })).toBeDisabled();
    await expectAccessible(page, 'feedback dialog');

    // Escape closes it; nothing is sent.
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
  });

  await test.step('Send Feedback sends it, toasts and closes', async () => {
    await page.getByRole('button', { name: 'Beta Feedback' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send Feedback' });
    await chooseOption(page, dialog.getByLabel('Type'), 'Feature Request');
    await dialog.getByLabel('Message').fill('Please add a dark-mode chart for each trace.');
    const sent = page.waitForResponse(
      (response) => response.url().endsWith('/api/feedback/submit') && response.request().method() === 'POST',
    );
    await dialog.getByRole('button', { name: 'Send Feedback' }).click();

    const response = await sent;
    expect(response.ok(), await response.text()).toBe(true);
    const body = response.request().postDataJSON() as Record<string, unknown>;
    expect(body).toMatchObject({
      type: 'feature',
      message: 'Please add a dark-mode chart for each trace.',
      email: member.email,
      page: '/settings',
    });

    await expect(page.getByText('Feedback sent!', { exact: true })).toBeVisible();
    await expect(
      page.getByText("Thanks for your feedback. We'll review it and get back to you if needed."),
    ).toBeVisible();
    await expect(dialog).toHaveCount(0);
  });
});
