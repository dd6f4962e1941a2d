import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser } from '@/testing/data';
import { deferred, errorBody, mockApi, TEST_CSRF_TOKEN, type MockHandler, type MockResponse } from '@/testing/mock-api';
import { chooseOption } from '@/testing/choose-option';
import { renderApp } from '@/testing/test-utils';

const EMAIL = 'new.member@example.com';
const SIGNUP_URL = `/beta-signup?email=${encodeURIComponent(EMAIL)}`;
const HINT_TIMEOUT = { timeout: 2500 };

const available = (message: string): MockResponse => ({ body: { success: true, available: true, message } });
const taken = (message: string): MockResponse => ({ body: { success: true, available: false, message } });

function availabilityRoutes(overrides: Record<string, MockResponse | MockHandler> = {}) {
  return {
    'POST /api/check-username': available('Username is available'),
    'POST /api/check-phone': available('Phone number is available'),
    ...overrides,
  };
}

type Actor = ReturnType<typeof renderApp>['user'];

async function fillForm(user: Actor, overrides: Partial<Record<string, string>> = {}) {
  const values: Record<string, string> = {
    'First Name': 'Nina',
    'Last Name': 'Member',
    'Phone Number': '5550100123',
    Occupation: 'Engineer',
    Username: 'nina_m',
    Password: 'Str0ng!Pass',
    'Confirm Password': 'Str0ng!Pass',
    ...overrides,
  };
  for (const [label, value] of Object.entries(values)) {
    const field = await screen.findByLabelText(label);
    await user.clear(field);
    if (value) await user.type(field, value);
  }
  if (overrides['Annual Income'] !== '') {
    await chooseOption(user, screen.getByLabelText('Annual Income'), overrides['Annual Income'] ?? '$60,001 - $80,000');
  }
}

const createAccount = () => screen.getByRole('button', { name: 'Create Account' });

describe('beta signup', () => {
  it('shows-the-splash-and-the-email-from-the-query-read-only', async () => {
    mockApi(availabilityRoutes());
    const { user } = renderApp(SIGNUP_URL);
    expect(await screen.findByRole('heading', { name: 'Join the Future of Connected Trading.' })).toBeInTheDocument();
    const email = screen.getByLabelText('Email');
    expect(email).toHaveValue(EMAIL);
    expect(email).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');

    const income = screen.getByRole('combobox', { name: 'Annual Income' });
    expect(income).toHaveTextContent('Select your annual income');
    await user.click(income);
    expect(
      within(screen.getByRole('listbox'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Under $25,000',
      '$25,000 - $40,000',
      '$40,001 - $60,000',
      '$60,001 - $80,000',
      '$80,001 - $100,000',
      '$100,001 - $150,000',
      '$150,001 - $200,000',
      'Over $200,000',
    ]);
  });

  it('warns-when-no-email-was-given', async () => {
    mockApi(availabilityRoutes());
    renderApp('/beta-signup');
    expect(await screen.findByText('No e-mail address')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Enter your beta code' })).toHaveAttribute('href', '/request-beta');
  });

  it('ticks-the-password-rules-as-the-user-types', async () => {
    mockApi(availabilityRoutes());
    const { user } = renderApp(SIGNUP_URL);
    const rules = await screen.findByRole('list', { name: 'Password requirements' });
    const item = (text: RegExp) => within(rules).getByText(text).closest('li')!;
    expect(within(rules).getAllByRole('listitem')).toHaveLength(5);
    expect(item(/At least 8 characters/)).not.toHaveClass('is-met');

    await user.type(screen.getByLabelText('Password'), 'abcdefgH');
    expect(item(/At least 8 characters/)).toHaveClass('is-met');
    expect(item(/One lowercase letter/)).toHaveClass('is-met');
    expect(item(/One uppercase letter/)).toHaveClass('is-met');
    expect(item(/One number/)).not.toHaveClass('is-met');
    expect(item(/One special character/)).not.toHaveClass('is-met');
    expect(item(/One number/)).toHaveTextContent('(not met)');

    await user.type(screen.getByLabelText('Confirm Password'), 'abc');
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
  });

  it('toggles-both-password-fields', async () => {
    mockApi(availabilityRoutes());
    const { user } = renderApp(SIGNUP_URL);
    const confirm = await screen.findByLabelText('Confirm Password');
    await user.click(screen.getByRole('button', { name: 'Show confirm password' }));
    expect(confirm).toHaveAttribute('type', 'text');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'text');
  });

  it('checks-the-username-after-a-500-ms-pause-and-only-from-3-characters', async () => {
    const api = mockApi(availabilityRoutes({ 'POST /api/check-username': taken('Username is already taken') }));
    const { user } = renderApp(SIGNUP_URL);
    const username = await screen.findByLabelText('Username');

    await user.type(username, 'ab');
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(api.callsTo('POST /api/check-username')).toHaveLength(0);
    expect(screen.queryByText('Checking availability...')).not.toBeInTheDocument();

    await user.type(username, 'cdef');
    expect(screen.getByText('Checking availability...')).toBeInTheDocument();
    expect(await screen.findByText('Username is already taken', {}, HINT_TIMEOUT)).toBeInTheDocument();
    // Typing fast does not fire one call per key: only the value the user paused on is checked.
    expect(api.callsTo('POST /api/check-username').map((call) => call.body)).toEqual([{ username: 'abcdef' }]);
  });

  it('says-when-the-username-is-available', async () => {
    mockApi(availabilityRoutes());
    const { user } = renderApp(SIGNUP_URL);
    await user.type(await screen.findByLabelText('Username'), 'free_name');
    expect(await screen.findByText('Username is available', {}, HINT_TIMEOUT)).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveAccessibleDescription('Username is available');
  });

  it('checks-the-phone-from-10-characters', async () => {
    const api = mockApi(availabilityRoutes({ 'POST /api/check-phone': taken('Phone number is already registered') }));
    const { user } = renderApp(SIGNUP_URL);
    const phone = await screen.findByLabelText('Phone Number');
    await user.type(phone, '555010012');
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(api.callsTo('POST /api/check-phone')).toHaveLength(0);

    await user.type(phone, '3');
    expect(await screen.findByText('Phone number is already registered', {}, HINT_TIMEOUT)).toBeInTheDocument();
    expect(api.callsTo('POST /api/check-phone')[0]?.body).toEqual({ phoneNumber: '5550100123' });
  });

  it('shows-the-availability-error-texts', async () => {
    mockApi(
      availabilityRoutes({
        'POST /api/check-username': { status: 500 },
        'POST /api/check-phone': { networkError: true },
      }),
    );
    const { user } = renderApp(SIGNUP_URL);
    await user.type(await screen.findByLabelText('Username'), 'someone');
    await user.type(screen.getByLabelText('Phone Number'), '5550100123');
    expect(await screen.findByText('Error checking username', {}, HINT_TIMEOUT)).toBeInTheDocument();
    expect(await screen.findByText('Error checking phone number availability', {}, HINT_TIMEOUT)).toBeInTheDocument();
  });

  it('asks-for-every-field-first', async () => {
    const api = mockApi(availabilityRoutes());
    const { user } = renderApp(SIGNUP_URL);
    await fillForm(user, { Occupation: '' });
    await user.click(createAccount());
    expect(await screen.findByRole('alert')).toHaveTextContent('Please fill in all required fields.');
    expect(api.callsTo('POST /api/final-signup')).toHaveLength(0);

    // It goes as soon as the last empty field is filled, without another submit.
    await user.type(screen.getByLabelText('Occupation'), 'Enginee');
    expect(screen.queryByText('Please fill in all required fields.')).not.toBeInTheDocument();
    // Emptying a field again does not bring it back before the next submit.
    await user.clear(screen.getByLabelText('Occupation'));
    expect(screen.queryByText('Please fill in all required fields.')).not.toBeInTheDocument();
  });

  it('then-for-the-password-rules', async () => {
    const api = mockApi(availabilityRoutes());
    const { user } = renderApp(SIGNUP_URL);
    await fillForm(user, { Password: 'weakpassword', 'Confirm Password': 'weakpassword' });
    await user.click(createAccount());
    expect(await screen.findByRole('alert')).toHaveTextContent('Please fix the password errors before submitting.');

    await fillForm(user, { 'Confirm Password': 'Str0ng!Pasx' });
    await user.click(createAccount());
    expect(await screen.findByRole('alert')).toHaveTextContent('Please fix the password errors before submitting.');
    expect(api.callsTo('POST /api/final-signup')).toHaveLength(0);
  });

  it('then-for-an-available-username-and-phone', async () => {
    const api = mockApi(availabilityRoutes({ 'POST /api/check-username': taken('Username is already taken') }));
    const { user } = renderApp(SIGNUP_URL);
    await fillForm(user);
    await screen.findByText('Username is already taken', {}, HINT_TIMEOUT);
    await user.click(createAccount());
    expect(await screen.findByRole('alert')).toHaveTextContent('Please choose an available username.');

    api.set('POST /api/check-username', available('Username is available'));
    api.set('POST /api/check-phone', taken('Phone number is already registered'));
    await fillForm(user, { Username: 'nina_free', 'Phone Number': '5550100999' });
    await screen.findByText('Phone number is already registered', {}, HINT_TIMEOUT);
    await user.click(createAccount());
    expect(await screen.findByRole('alert')).toHaveTextContent('Please use a unique phone number.');
    expect(api.callsTo('POST /api/final-signup')).toHaveLength(0);
  });

  it('waits-for-a-running-check', async () => {
    const pending = deferred<MockResponse>();
    const api = mockApi(availabilityRoutes({ 'POST /api/check-username': () => pending.promise }));
    const { user } = renderApp(SIGNUP_URL);
    await fillForm(user);
    await user.click(createAccount());
    expect(await screen.findByRole('alert')).toHaveTextContent('Please wait for validation to complete.');
    expect(api.callsTo('POST /api/final-signup')).toHaveLength(0);
    pending.resolve(available('Username is available'));
  });

  it('creates-the-account-signs-in-and-goes-to-the-dashboard', async () => {
    const account = buildUser({
      id: 'user-new',
      username: 'nina_m',
      email: EMAIL,
      firstName: 'Nina',
      hasCompletedOnboarding: false,
    });
    const pending = deferred<MockResponse>();
    const api = mockApi(
      availabilityRoutes({
        'POST /api/final-signup': () => pending.promise,
        [`GET /api/subscriptions/${account.id}`]: { body: { success: true, subscriptions: [] } },
        'POST /api/check-onboarding-status': { body: { success: true, completed: false } },
      }),
    );
    const { user, location } = renderApp(SIGNUP_URL);
    await fillForm(user);
    await screen.findByText('Username is available', {}, HINT_TIMEOUT);
    await screen.findByText('Phone number is available', {}, HINT_TIMEOUT);
    await user.click(createAccount());

    expect(await screen.findByRole('button', { name: 'Creating Account...' })).toBeDisabled();
    pending.resolve({ body: { success: true, user: account, message: 'Account created successfully' } });

    // A new member has not completed onboarding: /dashboard shows the onboarding wizard.
    expect(await screen.findByRole('heading', { name: 'Welcome to CopyTrade, Nina!', level: 1 })).toBeInTheDocument();
    expect(location().pathname).toBe('/dashboard');
    expect(screen.getByRole('button', { name: 'User menu (nina_m)' })).toHaveTextContent('nina_m');
    const [call] = api.callsTo('POST /api/final-signup');
    expect(call?.body).toEqual({
      firstName: 'Nina',
      lastName: 'Member',
      email: EMAIL,
      username: 'nina_m',
      password: 'Str0ng!Pass',
      confirmPassword: 'Str0ng!Pass',
      phoneNumber: '5550100123',
      occupation: 'Engineer',
      annualIncome: '$60,001 - $80,000',
    });
    expect(call?.headers.get('x-csrf-token')).toBe(TEST_CSRF_TOKEN);
  });

  it('shows-the-server-message-or-signup-failed', async () => {
    const api = mockApi(
      availabilityRoutes({
        'POST /api/final-signup': {
          status: 403,
          body: errorBody('BETA_VERIFICATION_REQUIRED', 'Please verify your beta code before creating an account.'),
        },
      }),
    );
    const { user, location } = renderApp(SIGNUP_URL);
    await fillForm(user);
    await screen.findByText('Username is available', {}, HINT_TIMEOUT);
    await screen.findByText('Phone number is available', {}, HINT_TIMEOUT);
    await user.click(createAccount());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please verify your beta code before creating an account.',
    );
    expect(location().pathname).toBe('/beta-signup');

    api.set('POST /api/final-signup', { status: 500 });
    await user.click(createAccount());
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Signup failed'));

    api.set('POST /api/final-signup', { networkError: true });
    await user.click(createAccount());
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('An unexpected error occurred'));
  });
});
