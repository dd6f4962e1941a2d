import { expect, request, test, type Page } from '@playwright/test';
import { expectAccessible } from './support/accessibility';
import { openMail, signUpThroughApi, uniqueMember, type Member } from './support/member-flows';

/**
 * Password reset in a real browser against the started product (docs/product.md#sign-in-and-password-reset): forgot
 * password, the reset link from the development mailbox, a new password, the 3-second redirect, and sign-in with the
 * new password (the old one no longer works). The member is created through the API first.
 */

/** A new member through the API, on a request context of its own (the page stays signed out). */
async function createMember(baseURL: string): Promise<Member> {
  const member = uniqueMember({ label: 'reset', phonePrefix: '56', password: 'Reset-Member-2026!' });
  const api = await request.newContext({ baseURL });
  try {
    await signUpThroughApi(api, member, { firstName: 'Reset', lastName: 'Member', annualIncome: 'Under $25,000' });
    return member;
  } finally {
    await api.dispose();
  }
}

async function signIn(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Username or Email', { exact: true }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

test('password reset: forgot password, the e-mailed link, a new password, sign in with it', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const member = await createMember(baseURL!);
  const newPassword = 'Brand-New-Pass-2026!';

  await test.step('the member asks for a reset link', async () => {
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/auth\/forgot-password$/);
    await expectAccessible(page, 'forgot password');
    await page.getByLabel('Email').fill(member.email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByRole('status')).toContainText(
      "If an account exists for that email, we've sent a link to reset your password.",
    );
    await expectAccessible(page, 'forgot password, link sent');
  });

  await test.step('the link in the development mailbox opens the reset page', async () => {
    const mail = await openMail(page, member.email, 'Reset your CopyTrade password');
    await mail.getByRole('link', { name: /\/auth\/reset-password\?token=/ }).click();
    await expect(page).toHaveURL(/\/auth\/reset-password\?token=.+/);
    await expect(page.getByRole('heading', { name: 'Reset Password', level: 1 })).toBeVisible();
    await expectAccessible(page, 'reset password');
  });

  await test.step('a new password is set and the page goes to sign in after 3 seconds', async () => {
    await page.getByLabel('New Password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm Password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText('Redirecting to sign in in 3 seconds...')).toBeVisible();
    await expect(page).toHaveURL(/\/auth\/reset-password/);
    await expect(page).toHaveURL(/\/login$/, { timeout: 8_000 });
    await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
  });

  await test.step('the old password no longer works; the new one signs in', async () => {
    await signIn(page, member.username, member.password);
    await expect(page.getByRole('alert')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);

    await signIn(page, member.username, newPassword);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('banner').getByRole('button', { name: /^User menu/ })).toContainText(member.username);
  });

  await test.step('the link cannot be used a second time', async () => {
    const mail = await openMail(page, member.email, 'Reset your CopyTrade password');
    await mail.getByRole('link', { name: /\/auth\/reset-password\?token=/ }).click();
    await page.getByLabel('New Password', { exact: true }).fill('Another-Pass-2026!');
    await page.getByLabel('Confirm Password', { exact: true }).fill('Another-Pass-2026!');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Request a new password reset' })).toBeVisible();
    await expectAccessible(page, 'reset password, link used');
  });
});
