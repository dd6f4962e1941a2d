import { expect, request, test, type APIRequestContext, type Page } from '@playwright/test';

/**
 * Password reset in a real browser against the started product (seed 000 §2, §4, §5): forgot password,
 * the reset link from the development mailbox, a new password, the 3-second redirect, and sign-in with
 * the new password (the old one no longer works). The member is created through the API first.
 */

interface Member {
  email: string;
  username: string;
  password: string;
}

function uniqueMember(): Member & { phone: string } {
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
  return { email: `reset.${stamp}@example.com`, username: `reset_${stamp}`, password: 'Reset-Member-2026!', phone: `56${String(Date.now()).slice(-8)}` };
}

async function csrf(api: APIRequestContext): Promise<Record<string, string>> {
  const response = await api.get('/api/csrf-token');
  expect(response.ok()).toBe(true);
  return { 'x-csrf-token': ((await response.json()) as { csrfToken: string }).csrfToken };
}

/** Beta request → code from the dev mailbox → verification → final signup, all through the API. */
async function createMember(baseURL: string): Promise<Member> {
  const member = uniqueMember();
  const api = await request.newContext({ baseURL });
  try {
    const headers = await csrf(api);
    expect((await api.post('/api/send-beta-code', { data: { email: member.email }, headers })).ok()).toBe(true);
    let code = '';
    await expect(async () => {
      const inbox = (await (await api.get(`/api/dev/mail?to=${encodeURIComponent(member.email)}`)).json()) as { mails: { text: string }[] };
      code = /Your beta code: (\d{8})/.exec(inbox.mails.map((mail) => mail.text).join('\n'))?.[1] ?? '';
      expect(code).not.toBe('');
    }).toPass({ timeout: 20_000 });
    expect((await api.post('/api/verify-beta-code', { data: { email: member.email, betaCode: code }, headers })).ok()).toBe(true);
    const signup = await api.post('/api/final-signup', {
      headers,
      data: {
        firstName: 'Reset',
        lastName: 'Member',
        email: member.email,
        username: member.username,
        password: member.password,
        confirmPassword: member.password,
        phoneNumber: member.phone,
        occupation: 'Tester',
        annualIncome: 'Under $25,000',
      },
    });
    expect(signup.ok(), await signup.text()).toBe(true);
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

test('password reset: forgot password, the e-mailed link, a new password, sign in with it', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const member = await createMember(baseURL!);
  const newPassword = 'Brand-New-Pass-2026!';

  await test.step('the member asks for a reset link', async () => {
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/auth\/forgot-password$/);
    await page.getByLabel('Email').fill(member.email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByRole('status')).toContainText("If an account exists for that email, we've sent a link to reset your password.");
  });

  await test.step('the link in the development mailbox opens the reset page', async () => {
    const mail = page.getByRole('article').filter({ has: page.getByRole('heading', { name: 'Reset your CopyTrade password' }) }).first();
    await expect(async () => {
      await page.goto(`/dev/mail?to=${encodeURIComponent(member.email)}`);
      await expect(mail).toBeVisible({ timeout: 3_000 });
    }).toPass({ timeout: 20_000 });
    await mail.getByRole('link', { name: /\/auth\/reset-password\?token=/ }).click();
    await expect(page).toHaveURL(/\/auth\/reset-password\?token=.+/);
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
    await expect(page.getByRole('banner').getByRole('button', { name: 'User menu', exact: true })).toContainText(member.username);
  });

  await test.step('the link cannot be used a second time', async () => {
    await page.goto(`/dev/mail?to=${encodeURIComponent(member.email)}`);
    const mail = page.getByRole('article').filter({ has: page.getByRole('heading', { name: 'Reset your CopyTrade password' }) }).first();
    await mail.getByRole('link', { name: /\/auth\/reset-password\?token=/ }).click();
    await page.getByLabel('New Password', { exact: true }).fill('Another-Pass-2026!');
    await page.getByLabel('Confirm Password', { exact: true }).fill('Another-Pass-2026!');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Request a new password reset' })).toBeVisible();
  });
});
