import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

/**
 * Shared steps of the browser specs: new members (through the API or for the UI to sign up) and the
 * development mailbox (no SMTP outside production).
 */

export interface Member {
  email: string;
  username: string;
  password: string;
  /** Ten digits. */
  phone: string;
}

export interface MemberNames {
  /** Starts the e-mail (`<label>.<stamp>@example.com`) and, unless `usernameLabel` is given, the username. */
  label: string;
  usernameLabel?: string;
  /** Two digits that keep each spec's phone numbers apart. */
  phonePrefix: string;
  password: string;
}

/** A new e-mail, username and phone number on every call: all browser specs share one started product. */
export function uniqueMember({ label, usernameLabel = label, phonePrefix, password }: MemberNames): Member {
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
  return {
    email: `${label}.${stamp}@example.com`,
    username: `${usernameLabel}_${stamp}`,
    password,
    phone: `${phonePrefix}${String(Date.now()).slice(-8)}`,
  };
}

/** The signup form's fields that are not the member's. */
export interface MemberProfile {
  firstName: string;
  lastName: string;
  annualIncome: string;
}

/** The CSRF header for state-changing calls made with a page's request context. */
export async function csrfHeaders(api: APIRequestContext): Promise<Record<string, string>> {
  const response = await api.get('/api/csrf-token');
  expect(response.ok()).toBe(true);
  return { 'x-csrf-token': ((await response.json()) as { csrfToken: string }).csrfToken };
}

/**
 * Beta request → code from the dev mailbox → verification → final signup, all through the API. `api` is
 * signed in as the member afterwards (a page's own `page.request` shares the page's cookies).
 */
export async function signUpThroughApi(api: APIRequestContext, member: Member, profile: MemberProfile): Promise<void> {
  const headers = await csrfHeaders(api);
  expect((await api.post('/api/send-beta-code', { data: { email: member.email }, headers })).ok()).toBe(true);
  let code = '';
  await expect(async () => {
    const inbox = (await (await api.get(`/api/dev/mail?to=${encodeURIComponent(member.email)}`)).json()) as {
      mails: { text: string }[];
    };
    code = /Your beta code: (\d{8})/.exec(inbox.mails.map((mail) => mail.text).join('\n'))?.[1] ?? '';
    expect(code).not.toBe('');
  }).toPass({ timeout: 20_000 });
  expect(
    (await api.post('/api/verify-beta-code', { data: { email: member.email, betaCode: code }, headers })).ok(),
  ).toBe(true);
  const signup = await api.post('/api/final-signup', {
    headers,
    data: {
      firstName: profile.firstName,
      lastName: profile.lastName,
      email: member.email,
      username: member.username,
      password: member.password,
      confirmPassword: member.password,
      phoneNumber: member.phone,
      occupation: 'Tester',
      annualIncome: profile.annualIncome,
    },
  });
  expect(signup.ok(), await signup.text()).toBe(true);
}

/** The newest mail with `subject` to `address`, opened in the dev mailbox page once it has arrived. */
export async function openMail(page: Page, address: string, subject: string): Promise<Locator> {
  const mail = page
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: subject }) })
    .first();
  await expect(async () => {
    await page.goto(`/dev/mail?to=${encodeURIComponent(address)}`);
    await expect(mail).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
  return mail;
}

/** Picks `option` (its visible label) in a select of the app (a combobox button and a listbox in a portal). */
export async function chooseOption(page: Page, combobox: Locator, option: string): Promise<void> {
  await combobox.click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(combobox).toContainText(option);
}
