import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser } from '@/testing/data';
import { deferred, errorBody, mockApi, signedInAs, TEST_CSRF_TOKEN, type MockResponse } from '@/testing/mock-api';
import { renderApp } from '@/testing/test-utils';

async function fillAndSubmit(user: ReturnType<typeof renderApp>['user'], username: string, password: string) {
  const usernameField = await screen.findByLabelText('Username or Email');
  await user.clear(usernameField);
  if (username) await user.type(usernameField, username);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('login page', () => {
  it('tabs-from-the-username-straight-to-the-password', async () => {
    mockApi();
    const { user } = renderApp('/login');
    const usernameField = await screen.findByLabelText('Username or Email');
    usernameField.focus();

    await user.tab();
    expect(screen.getByLabelText('Password')).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Show password' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveFocus();
  });

  it('shows-the-username-rule-and-sends-nothing', async () => {
    const api = mockApi();
    const { user } = renderApp('/login');
    await fillAndSubmit(user, 'ab', 'long-enough-password');

    expect(await screen.findByRole('alert')).toHaveTextContent('Username must be at least 3 characters long');
    expect(api.callsTo('POST /api/login')).toHaveLength(0);
  });

  it('shows-the-password-rule-and-sends-nothing', async () => {
    const api = mockApi();
    const { user } = renderApp('/login');
    await fillAndSubmit(user, 'trader', 'short');

    expect(await screen.findByRole('alert')).toHaveTextContent('Password must be at least 8 characters long');
    expect(api.callsTo('POST /api/login')).toHaveLength(0);
  });

  it('shows-the-server-message-when-rate-limited', async () => {
    mockApi({
      'POST /api/login': {
        status: 429,
        body: errorBody('RATE_LIMITED', 'Too many login attempts. Please try again later.'),
      },
    });
    const { user } = renderApp('/login');
    await fillAndSubmit(user, 'trader', 'password123');

    expect(await screen.findByRole('alert')).toHaveTextContent('Too many login attempts. Please try again later.');
  });

  it('shows-the-default-429-message-when-the-server-sends-none', async () => {
    mockApi({ 'POST /api/login': { status: 429 } });
    const { user } = renderApp('/login');
    await fillAndSubmit(user, 'trader', 'password123');

    expect(await screen.findByRole('alert')).toHaveTextContent('Too many login attempts. Please try again later.');
  });

  it('shows-the-server-message-for-bad-credentials', async () => {
    mockApi({
      'POST /api/login': { status: 401, body: errorBody('INVALID_CREDENTIALS', 'Invalid username or password') },
    });
    const { user, location } = renderApp('/login');
    await fillAndSubmit(user, 'trader', 'wrong-password');

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid username or password');
    expect(location().pathname).toBe('/login');
  });

  it('falls-back-to-login-failed-without-a-server-message', async () => {
    mockApi({ 'POST /api/login': { status: 500 } });
    const { user } = renderApp('/login');
    await fillAndSubmit(user, 'trader', 'password123');

    expect(await screen.findByRole('alert')).toHaveTextContent('Login failed. Please try again.');
  });

  it('shows-the-server-message-or-login-failed-when-the-answer-is-not-a-success', async () => {
    const api = mockApi({ 'POST /api/login': { body: { success: false, message: 'Account locked' } } });
    const { user } = renderApp('/login');
    await fillAndSubmit(user, 'trader', 'password123');
    expect(await screen.findByRole('alert')).toHaveTextContent('Account locked');

    api.set('POST /api/login', { body: { success: false } });
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Login failed')).toBeInTheDocument();
  });

  it('reports-a-network-failure', async () => {
    mockApi({ 'POST /api/login': { networkError: true } });
    const { user } = renderApp('/login');
    await fillAndSubmit(user, 'trader', 'password123');

    expect(await screen.findByRole('alert')).toHaveTextContent('Network error occurred');
  });

  it('signs-in-with-the-csrf-token-and-goes-to-the-dashboard', async () => {
    const account = buildUser();
    const pending = deferred<MockResponse>();
    const api = mockApi({
      ...signedInAs(account),
      'GET /api/verify-token': { status: 401, body: errorBody('UNAUTHENTICATED', 'x') },
      'POST /api/login': () => pending.promise,
    });
    const { user, location } = renderApp('/login');
    await fillAndSubmit(user, ' demo ', 'password123');

    expect(await screen.findByRole('button', { name: 'Signing In...' })).toBeDisabled();
    pending.resolve({ body: { success: true, user: account, message: 'Login successful' } });

    expect(await screen.findByRole('heading', { name: 'Welcome back, Demo!', level: 1 })).toBeInTheDocument();
    expect(location().pathname).toBe('/dashboard');
    const [call] = api.callsTo('POST /api/login');
    expect(call?.body).toEqual({ username: 'demo', password: 'password123' });
    expect(call?.headers.get('x-csrf-token')).toBe(TEST_CSRF_TOKEN);
    // The session changed: the next mutation fetches a fresh token bound to the new session.
    expect(api.callsTo('GET /api/csrf-token')).toHaveLength(1);
  });

  it('prefills-the-username-from-the-email-query-parameter', async () => {
    mockApi();
    renderApp('/login?email=new.user%40example.com');
    expect(await screen.findByLabelText('Username or Email')).toHaveValue('new.user@example.com');
  });

  it('toggles-password-visibility', async () => {
    mockApi();
    const { user } = renderApp('/login');
    const password = await screen.findByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');

    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('links-to-password-reset-and-beta-access', async () => {
    mockApi();
    renderApp('/login');
    expect(await screen.findByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/auth/forgot-password',
    );
    expect(screen.getByRole('link', { name: 'Request beta access' })).toHaveAttribute('href', '/request-beta');
  });

  it('sends-signed-in-users-to-the-dashboard', async () => {
    mockApi(signedInAs(buildUser()));
    const { location } = renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'Welcome back, Demo!', level: 1 })).toBeInTheDocument();
    expect(location().pathname).toBe('/dashboard');
  });
});
