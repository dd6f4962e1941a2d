import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deferred, errorBody, mockApi, TEST_CSRF_TOKEN, type MockResponse } from '@/testing/mock-api';
import { renderApp } from '@/testing/test-utils';

const OPEN_BETA = { 'GET /api/auth/beta-status': { body: { currentCount: 37, maxCount: 100 } } };
const FULL_BETA = { 'GET /api/auth/beta-status': { body: { currentCount: 100, maxCount: 100 } } };

async function enterCode(user: ReturnType<typeof renderApp>['user'], email: string, code: string) {
  const form = (await screen.findByRole('heading', { name: 'Enter your beta code' })).closest('section')!;
  await user.type(within(form).getByLabelText('Email'), email);
  if (code) await user.type(within(form).getByLabelText('Beta Code'), code);
  await user.click(within(form).getByRole('button', { name: 'Verify Code' }));
}

describe('landing / beta code entry', () => {
  it('sends-a-new-member-to-signup-with-the-email', async () => {
    const api = mockApi({
      ...OPEN_BETA,
      'POST /api/verify-beta-code': {
        body: { success: true, userExists: false, message: 'Beta code verified. Create your account to continue.' },
      },
    });
    const { user, location } = renderApp('/');

    expect(
      await screen.findByRole('heading', { name: 'Trade alongside the traders you trust.', level: 1 }),
    ).toBeInTheDocument();
    expect(await screen.findByText('63 of 100 beta spots left')).toBeInTheDocument();
    await enterCode(user, 'new.member@example.com', '12345678');

    expect(await screen.findByRole('heading', { name: 'Join the Future of Connected Trading.' })).toBeInTheDocument();
    expect(location().pathname).toBe('/beta-signup');
    expect(location().search).toBe('?email=new.member%40example.com');
    expect(screen.getByText('Beta code verified. Create your account to continue.')).toBeInTheDocument();
    const [call] = api.callsTo('POST /api/verify-beta-code');
    expect(call?.body).toEqual({ email: 'new.member@example.com', betaCode: '12345678' });
    expect(call?.headers.get('x-csrf-token')).toBe(TEST_CSRF_TOKEN);
  });

  it('sends-an-existing-member-to-login-with-the-email', async () => {
    mockApi({
      ...OPEN_BETA,
      'POST /api/verify-beta-code': {
        body: { success: true, userExists: true, message: 'Beta code verified. Please sign in.' },
      },
    });
    const { user, location } = renderApp('/request-beta');
    await enterCode(user, 'member@example.com', '87654321');

    expect(await screen.findByLabelText('Username or Email')).toHaveValue('member@example.com');
    expect(location().pathname).toBe('/login');
    expect(screen.getByText('Beta code verified. Please sign in.')).toBeInTheDocument();
  });

  it('checks-the-email-and-the-8-digit-code-before-sending', async () => {
    const api = mockApi(OPEN_BETA);
    const { user } = renderApp('/');
    await enterCode(user, 'not-an-email', '12345678');
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter a valid email address');

    const email = screen.getByRole('textbox', { name: 'Email' });
    await user.clear(email);
    await user.type(email, 'ok@example.com');
    await user.clear(screen.getByLabelText('Beta Code'));
    await user.type(screen.getByLabelText('Beta Code'), '1234');
    await user.click(screen.getByRole('button', { name: 'Verify Code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Beta code must be 8 digits');
    expect(api.callsTo('POST /api/verify-beta-code')).toHaveLength(0);
  });

  it('keeps-only-digits-in-the-code-field', async () => {
    mockApi(OPEN_BETA);
    const { user } = renderApp('/');
    const code = await screen.findByLabelText('Beta Code');
    await user.type(code, '12ab34-56 78 9');
    expect(code).toHaveValue('12345678');
  });

  it('shows-the-server-message-for-a-wrong-code', async () => {
    mockApi({
      ...OPEN_BETA,
      'POST /api/verify-beta-code': {
        status: 400,
        body: errorBody(
          'BETA_CODE_INVALID',
          'Invalid or expired beta code. Please check the code or request a new one.',
        ),
      },
    });
    const { user, location } = renderApp('/');
    await enterCode(user, 'a@example.com', '11111111');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Invalid or expired beta code. Please check the code or request a new one.',
    );
    expect(location().pathname).toBe('/');
  });

  it('falls-back-to-request-failed-and-unexpected-error', async () => {
    const api = mockApi({ ...OPEN_BETA, 'POST /api/verify-beta-code': { status: 502 } });
    const { user } = renderApp('/');
    await enterCode(user, 'a@example.com', '11111111');
    expect(await screen.findByRole('alert')).toHaveTextContent('Request failed');

    api.set('POST /api/verify-beta-code', { networkError: true });
    await user.click(screen.getByRole('button', { name: 'Verify Code' }));
    expect(await screen.findByText('Unexpected error')).toBeInTheDocument();
  });

  it('shows-verifying-while-busy', async () => {
    const pending = deferred<MockResponse>();
    mockApi({ ...OPEN_BETA, 'POST /api/verify-beta-code': () => pending.promise });
    const { user } = renderApp('/');
    await enterCode(user, 'a@example.com', '11111111');
    expect(await screen.findByRole('button', { name: 'Verifying...' })).toBeDisabled();
    pending.resolve({ status: 400, body: errorBody('BETA_CODE_INVALID', 'Wrong code') });
    expect(await screen.findByRole('button', { name: 'Verify Code' })).toBeEnabled();
  });

  it('shows-the-closed-beta-full-screen-when-every-seat-is-taken', async () => {
    const api = mockApi(FULL_BETA);
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Closed Beta Full' })).toBeInTheDocument();
    expect(screen.getByText('The closed beta is full. Please check back later.')).toBeInTheDocument();
    expect(screen.getByText('100 / 100')).toBeInTheDocument();
    expect(screen.queryByLabelText('Beta Code')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Join the Waiting List' })).toHaveAttribute(
      'href',
      '/request-beta#request-code',
    );
    expect(api.callsTo('POST /api/verify-beta-code')).toHaveLength(0);
  });

  it('shows-the-closed-beta-full-screen-on-a-403', async () => {
    mockApi({
      ...OPEN_BETA,
      'POST /api/verify-beta-code': {
        status: 403,
        body: errorBody('BETA_FULL', 'The closed beta is full. Please check back later.'),
      },
    });
    const { user } = renderApp('/');
    await enterCode(user, 'late@example.com', '12345678');
    expect(await screen.findByRole('heading', { name: 'Closed Beta Full' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Verify Code' })).not.toBeInTheDocument();
  });

  it('treats-the-beta-as-open-when-the-status-cannot-be-read', async () => {
    mockApi({ 'GET /api/auth/beta-status': { status: 503, body: errorBody('SERVICE_UNAVAILABLE', 'x') } });
    renderApp('/');
    expect(await screen.findByRole('button', { name: 'Verify Code' })).toBeInTheDocument();
    // The maximum defaults to 100, and nothing is counted (see docs/product.md#beta-code-pages).
    expect(screen.getByText('100 of 100 beta spots left')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Closed Beta Full' })).not.toBeInTheDocument();
  });

  it('shows-a-loading-state-while-the-seats-are-read', async () => {
    const pending = deferred<MockResponse>();
    mockApi({ 'GET /api/auth/beta-status': () => pending.promise });
    renderApp('/');
    expect(await screen.findByText('Checking beta availability...')).toBeInTheDocument();
    pending.resolve({ body: { currentCount: 1, maxCount: 100 } });
    expect(await screen.findByRole('button', { name: 'Verify Code' })).toBeInTheDocument();
  });
});

describe('beta code request', () => {
  const requestForm = async () =>
    (await screen.findByRole('heading', { name: 'Request a beta code' })).closest('section')!;

  it('shows-the-marketing-panel-and-links-back-to-code-entry', async () => {
    mockApi(OPEN_BETA);
    renderApp('/request-beta');
    expect(
      await screen.findByRole('heading', { name: 'The Future of Trading is Connected.', level: 1 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Enter it here' })).toHaveAttribute('href', '/');
  });

  it('requests-a-code-shows-the-green-alert-and-clears-the-field', async () => {
    const pending = deferred<MockResponse>();
    const api = mockApi({ ...OPEN_BETA, 'POST /api/send-beta-code': () => pending.promise });
    const { user } = renderApp('/request-beta');
    const form = await requestForm();
    const email = within(form).getByLabelText('Email');
    await user.type(email, 'hopeful@example.com');
    await user.click(within(form).getByRole('button', { name: 'Request Code' }));

    expect(await within(form).findByRole('button', { name: 'Requesting...' })).toBeDisabled();
    pending.resolve({
      body: {
        success: true,
        message: "Request received! If you're selected for the beta, you'll receive an email with your code soon.",
      },
    });

    expect(await within(form).findByRole('status')).toHaveTextContent(
      "Request received! If you're selected for the beta, you'll receive an email with your code soon.",
    );
    expect(email).toHaveValue('');
    expect(api.callsTo('POST /api/send-beta-code')[0]?.body).toEqual({ email: 'hopeful@example.com' });
  });

  it('shows-the-server-message-or-the-defaults-on-failure', async () => {
    const api = mockApi({
      ...OPEN_BETA,
      'POST /api/send-beta-code': {
        status: 429,
        body: errorBody('RATE_LIMITED', 'Too many requests. Please try again later.'),
      },
    });
    const { user } = renderApp('/request-beta');
    const form = await requestForm();
    await user.type(within(form).getByLabelText('Email'), 'hopeful@example.com');
    await user.click(within(form).getByRole('button', { name: 'Request Code' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Too many requests. Please try again later.');
    expect(within(form).getByLabelText('Email')).toHaveValue('hopeful@example.com');

    api.set('POST /api/send-beta-code', { status: 500 });
    await user.click(within(form).getByRole('button', { name: 'Request Code' }));
    expect(await within(form).findByText('Failed to send beta code')).toBeInTheDocument();

    api.set('POST /api/send-beta-code', { networkError: true });
    await user.click(within(form).getByRole('button', { name: 'Request Code' }));
    expect(await within(form).findByText('An unexpected error occurred.')).toBeInTheDocument();
  });

  it('uses-the-browser-email-check', async () => {
    mockApi(OPEN_BETA);
    renderApp('/request-beta');
    const form = await requestForm();
    const email = within(form).getByLabelText('Email');
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toBeRequired();
    expect(within(form).getByRole('button', { name: 'Request Code' }).closest('form')).not.toHaveAttribute(
      'novalidate',
    );
  });

  it('keeps-the-request-form-as-a-waiting-list-when-the-beta-is-full', async () => {
    mockApi(FULL_BETA);
    renderApp('/request-beta');
    expect(await screen.findByRole('heading', { name: 'Closed Beta Full' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Request Code' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Join the Waiting List' })).toHaveAttribute('href', '#request-code');
  });
});
