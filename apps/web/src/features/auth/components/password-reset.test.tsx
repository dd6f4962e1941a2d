import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferred, errorBody, mockApi, type MockResponse } from '@/testing/mock-api';
import { renderApp } from '@/testing/test-utils';

type Actor = ReturnType<typeof renderApp>['user'];

async function requestReset(user: Actor, email: string) {
  const field = await screen.findByLabelText('Email');
  await user.clear(field);
  if (email) await user.type(field, email);
  await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
}

describe('forgot password', () => {
  it.each(['/auth/forgot-password', '/forgot-password'])('is-reachable-at-%s', async (path) => {
    mockApi();
    renderApp(path);
    expect(await screen.findByRole('heading', { name: 'Forgot Password', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
  });

  it('checks-the-email-before-sending', async () => {
    const api = mockApi();
    const { user } = renderApp('/auth/forgot-password');
    await requestReset(user, '');
    expect(await screen.findByRole('alert')).toHaveTextContent('Email address is required');
    await requestReset(user, 'not-an-email');
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter a valid email address');
    expect(api.callsTo('POST /api/auth/forgot-password')).toHaveLength(0);
  });

  it('shows-the-server-answer-after-sending', async () => {
    const pending = deferred<MockResponse>();
    const api = mockApi({ 'POST /api/auth/forgot-password': () => pending.promise });
    const { user } = renderApp('/auth/forgot-password');
    await requestReset(user, ' member@example.com ');
    expect(await screen.findByRole('button', { name: 'Sending...' })).toBeDisabled();
    pending.resolve({
      body: {
        success: true,
        message: "If an account exists for that email, we've sent a link to reset your password.",
      },
    });
    expect(await screen.findByRole('status')).toHaveTextContent(
      "If an account exists for that email, we've sent a link to reset your password.",
    );
    expect(api.callsTo('POST /api/auth/forgot-password')[0]?.body).toEqual({ email: 'member@example.com' });
  });

  it('shows-the-rate-limit-failure-and-network-messages', async () => {
    const api = mockApi({ 'POST /api/auth/forgot-password': { status: 429 } });
    const { user } = renderApp('/auth/forgot-password');
    await requestReset(user, 'member@example.com');
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests. Please try again later.');

    api.set('POST /api/auth/forgot-password', { status: 500 });
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Failed to send reset email'));

    api.set('POST /api/auth/forgot-password', { networkError: true });
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Network error occurred. Please try again.'),
    );
  });
});

describe('reset password', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  async function choose(user: Actor, password: string, confirmation: string) {
    await user.type(await screen.findByLabelText('New Password'), password);
    await user.type(screen.getByLabelText('Confirm Password'), confirmation);
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
  }

  it('shows-the-missing-token-error-and-a-link-to-ask-again', async () => {
    mockApi();
    renderApp('/auth/reset-password');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Invalid or missing reset token. Please request a new password reset.',
    );
    expect(screen.getByRole('link', { name: 'Request a new password reset' })).toHaveAttribute(
      'href',
      '/auth/forgot-password',
    );
    expect(screen.queryByLabelText('New Password')).not.toBeInTheDocument();
  });

  it('checks-each-password-rule-and-the-confirmation', async () => {
    const api = mockApi();
    const { user } = renderApp('/auth/reset-password?token=abc');
    await choose(user, 'short', 'short');
    expect(await screen.findByRole('alert')).toHaveTextContent('Password must be at least 8 characters long');

    const cases: [string, string][] = [
      ['ALLUPPER1!', 'Password must contain at least one lowercase letter'],
      ['alllower1!', 'Password must contain at least one uppercase letter'],
      ['NoDigits!!', 'Password must contain at least one number'],
      ['NoSpecial12', 'Password must contain at least one special character (@$!%*?&.-_+=)'],
    ];
    for (const [password, message] of cases) {
      await user.clear(screen.getByLabelText('New Password'));
      await user.clear(screen.getByLabelText('Confirm Password'));
      await choose(user, password, password);
      await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(message));
    }

    await user.clear(screen.getByLabelText('New Password'));
    await user.clear(screen.getByLabelText('Confirm Password'));
    await choose(user, 'Good-Pass1', 'Good-Pass2');
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Passwords do not match'));
    expect(api.callsTo('POST /api/auth/reset-password')).toHaveLength(0);
  });

  it('resets-and-goes-to-sign-in-after-3-seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = mockApi({
      'POST /api/auth/reset-password': {
        body: { success: true, message: 'Your password has been reset. Please sign in with your new password.' },
      },
    });
    const { user, location } = renderApp('/auth/reset-password?token=tok-123', {
      advanceTimers: vi.advanceTimersByTime,
    });
    await choose(user, 'New-Pass-2026', 'New-Pass-2026');

    expect(
      await screen.findByText('Your password has been reset. Please sign in with your new password.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Redirecting to sign in in 3 seconds...')).toBeInTheDocument();
    expect(api.callsTo('POST /api/auth/reset-password')[0]?.body).toEqual({
      token: 'tok-123',
      newPassword: 'New-Pass-2026',
      confirmPassword: 'New-Pass-2026',
    });

    vi.advanceTimersByTime(2900);
    expect(location().pathname).toBe('/auth/reset-password');
    vi.advanceTimersByTime(200);
    await waitFor(() => expect(location().pathname).toBe('/login'));
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    // The login page carries the confirmation over.
    expect(screen.getByRole('status')).toHaveTextContent(
      'Your password has been reset. Please sign in with your new password.',
    );
  });

  it('shows-a-rejected-token-with-a-link-to-ask-again', async () => {
    mockApi({
      'POST /api/auth/reset-password': {
        status: 400,
        body: errorBody(
          'RESET_TOKEN_INVALID',
          'This password reset link is invalid or has expired. Please request a new password reset.',
        ),
      },
    });
    const { user } = renderApp('/auth/reset-password?token=old');
    await choose(user, 'New-Pass-2026', 'New-Pass-2026');
    expect(await screen.findByRole('alert')).toHaveTextContent('This password reset link is invalid or has expired.');
    expect(screen.getByRole('link', { name: 'Request a new password reset' })).toBeInTheDocument();
  });

  it('shows-the-default-rate-limit-and-network-messages', async () => {
    const api = mockApi({ 'POST /api/auth/reset-password': { status: 500 } });
    const { user } = renderApp('/auth/reset-password?token=t');
    await choose(user, 'New-Pass-2026', 'New-Pass-2026');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to reset password');

    api.set('POST /api/auth/reset-password', { status: 429 });
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Too many requests. Please try again later.'),
    );

    api.set('POST /api/auth/reset-password', { networkError: true });
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Network error occurred. Please try again.'),
    );
  });
});
