import { randomInt } from 'node:crypto';
import { expect, type APIRequestContext, type Locator, type Page, type Response } from '@playwright/test';

/**
 * Shared steps of the browser specs: the seeded accounts' sign-in, new members (through the API or for the UI to
 * sign up) and the development mailbox (no SMTP outside production).
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
  // Each member signs up from an address of its own (the platform trusts one proxy): per-address limits apply per member.
  const headers = {
    ...(await csrfHeaders(api)),
    'x-forwarded-for': `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`,
  };
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

/** What makes a new member: its names (see `uniqueMember`) and profile; the income defaults to 'Over $200,000'. */
export type NewMember = MemberNames &
  Omit<MemberProfile, 'annualIncome'> &
  Partial<Pick<MemberProfile, 'annualIncome'>>;

/** A new member signed up through the API; `api` is signed in as the member afterwards. */
export async function signUpNewMember(api: APIRequestContext, newMember: NewMember): Promise<Member> {
  const { firstName, lastName, annualIncome = 'Over $200,000', ...names } = newMember;
  const member = uniqueMember(names);
  await signUpThroughApi(api, member, { firstName, lastName, annualIncome });
  return member;
}

/** The accounts the browser global setup seeds: the admin and the demo user. */
export type SeededAccount = 'ADMIN' | 'DEMO';

/** The seeded account's username and password (set in the environment by the browser global setup). */
export function seededCredentials(kind: SeededAccount): { username: string; password: string } {
  const username = process.env[`E2E_${kind}_USERNAME`];
  const password = process.env[`E2E_${kind}_PASSWORD`];
  if (!username || !password) throw new Error(`E2E_${kind}_USERNAME/PASSWORD are set by the browser global setup`);
  return { username, password };
}

/**
 * Signs `api` in as the seeded account through the API (a page's own `page.request` shares the page's cookies);
 * answers the signed-in user's id.
 */
export async function signInAs(api: APIRequestContext, kind: SeededAccount): Promise<string> {
  const response = await api.post('/api/login', { data: seededCredentials(kind), headers: await csrfHeaders(api) });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { user: { id: string } }).user.id;
}

/** The answer to the page's next POST to `path` (`/api/...`); start waiting before the click that sends it. */
export function nextPost(page: Page, path: string): Promise<Response> {
  return page.waitForResponse((response) => response.url().endsWith(path) && response.request().method() === 'POST');
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
