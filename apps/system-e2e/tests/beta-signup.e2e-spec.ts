import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/accessibility';
import { chooseOption, openMail, uniqueMember } from './support/member-flows';

/**
 * Beta entry in a real browser against the started product (docs/product.md#beta-code-pages): a visitor requests a
 * beta code, reads it in the development mailbox (no SMTP outside production), verifies it, fills the
 * signup form with its live checks and lands on /dashboard signed in (the onboarding wizard of a new member).
 * Every run uses a new e-mail, username and phone number: all browser specs share one started product.
 */

test('beta entry: request a code, read it in the dev mailbox, verify it, sign up and land signed in', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const member = uniqueMember({ label: 'beta', phonePrefix: '55', password: 'Beta-Member-2026!' });

  await test.step('the visitor requests a beta code on /request-beta', async () => {
    await page.goto('/request-beta');
    await expect(page.getByRole('heading', { name: 'The Future of Trading is Connected.', level: 1 })).toBeVisible();
    await expectAccessible(page, 'request beta');
    const request = page.getByRole('region', { name: 'Request a beta code' });
    await request.getByLabel('Email').fill(member.email);
    await request.getByRole('button', { name: 'Request Code' }).click();
    await expect(request.getByRole('status')).toHaveText(
      "Request received! If you're selected for the beta, you'll receive an email with your code soon.",
    );
    await expect(request.getByLabel('Email')).toHaveValue('');
  });

  let code = '';
  await test.step('the code is in the development mailbox', async () => {
    const mail = await openMail(page, member.email, 'Your CopyTrade beta code');
    const text = (await mail.textContent()) ?? '';
    code = /Your beta code: (\d{8})/.exec(text)?.[1] ?? '';
    expect(code).toMatch(/^\d{8}$/);
    await expectAccessible(page, 'dev mailbox');
  });

  await test.step('a wrong code is refused, the right one leads to signup with the e-mail', async () => {
    await page.goto('/request-beta');
    const entry = page.getByRole('region', { name: 'Enter your beta code' });
    await entry.getByLabel('Email').fill(member.email);
    const wrong = code === '00000000' ? '11111111' : '00000000';
    await entry.getByLabel('Beta Code').fill(wrong);
    await entry.getByRole('button', { name: 'Verify Code' }).click();
    await expect(entry.getByRole('alert')).toBeVisible();
    await expect(page).toHaveURL(/\/request-beta$/);

    await entry.getByLabel('Beta Code').fill(code);
    await entry.getByRole('button', { name: 'Verify Code' }).click();
    await expect(page).toHaveURL(`/beta-signup?email=${encodeURIComponent(member.email)}`);
    await expect(page.getByRole('heading', { name: 'Join the Future of Connected Trading.' })).toBeVisible();
    await expectAccessible(page, 'beta signup');
  });

  await test.step('the signup form checks the password and availability live', async () => {
    const email = page.getByLabel('Email', { exact: true });
    await expect(email).toHaveValue(member.email);
    await expect(email).toBeDisabled();

    await page.getByLabel('First Name').fill('Beta');
    await page.getByLabel('Last Name').fill('Member');
    await page.getByLabel('Phone Number').fill(member.phone);
    await page.getByLabel('Occupation').fill('Tester');
    await chooseOption(page, page.getByLabel('Annual Income'), '$60,001 - $80,000');

    // The demo user's name is taken; the new one is free.
    await page.getByLabel('Username').fill(process.env.E2E_DEMO_USERNAME ?? 'demo');
    await expect(page.getByText('Username is already taken')).toBeVisible();
    await page.getByLabel('Username').fill(member.username);
    await expect(page.getByText('Username is available')).toBeVisible();
    await expect(page.getByText('Phone number is available')).toBeVisible();

    const rules = page.getByRole('list', { name: 'Password requirements' });
    await page.getByLabel('Password', { exact: true }).fill('weak');
    await expect(rules.getByRole('listitem').filter({ hasText: 'At least 8 characters' })).toContainText('(not met)');
    await page.getByLabel('Password', { exact: true }).fill(member.password);
    await expect(rules.getByText('(not met)')).toHaveCount(0);
    await page.getByLabel('Confirm Password', { exact: true }).fill(`${member.password}x`);
    await expect(page.getByText('Passwords do not match')).toBeVisible();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByRole('alert')).toHaveText('Please fix the password errors before submitting.');
    await expectAccessible(page, 'beta signup with errors');
    await page.getByLabel('Confirm Password', { exact: true }).fill(member.password);
  });

  await test.step('Create Account signs the new member in and opens /dashboard (the onboarding wizard)', async () => {
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    // A new member has not completed onboarding: /dashboard shows the wizard in place of the dashboard.
    await expect(page.getByRole('heading', { name: 'Welcome to CopyTrade, Beta!', level: 1 })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('button', { name: /^User menu/ })).toContainText(member.username);

    // The session cookie was set by the signup: a reload keeps the member signed in.
    await page.reload();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('banner').getByRole('button', { name: /^User menu/ })).toContainText(member.username);
  });
});
