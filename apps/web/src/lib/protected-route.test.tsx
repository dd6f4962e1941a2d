import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { buildUser } from '@/testing/data';
import { deferred, mockApi, signedInAs, type MockResponse } from '@/testing/mock-api';
import { renderApp } from '@/testing/test-utils';
import { authKeys } from './auth';

describe('protected routes', () => {
  it('redirects-signed-out-visitors-to-login', async () => {
    mockApi();
    const { location } = renderApp('/dashboard');

    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(location().pathname).toBe('/login');
    expect(screen.queryByRole('heading', { name: /^Welcome back, .+!$/ })).not.toBeInTheDocument();
  });

  it('replaces-the-history-entry-when-redirecting', async () => {
    mockApi();
    const { navigationType } = renderApp('/settings');
    await screen.findByRole('button', { name: 'Sign In' });
    expect(navigationType()).toBe('REPLACE');
  });

  it('shows-a-spinner-while-the-session-loads', async () => {
    const pending = deferred<MockResponse>();
    mockApi({ 'GET /api/verify-token': () => pending.promise });
    renderApp('/dashboard');

    expect(await screen.findByText('Checking your session')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /^Welcome back, .+!$/ })).not.toBeInTheDocument();
    pending.resolve({ status: 401, body: { success: false, code: 'UNAUTHENTICATED', message: 'x', traceId: 't' } });
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('shows-the-screen-inside-the-shell-to-signed-in-users', async () => {
    mockApi(signedInAs(buildUser()));
    renderApp('/dashboard');

    expect(await screen.findByRole('heading', { name: /^Welcome back, .+!$/, level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Welcome back, Demo!' })).toBeInTheDocument();
    expect(screen.getByRole('complementary', { name: 'Sidebar' })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
  });

  it('keeps-the-session-when-re-verification-is-rate-limited', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const api = mockApi(signedInAs(buildUser()));
    const { queryClient } = renderApp('/dashboard');
    await screen.findByRole('heading', { name: /^Welcome back, .+!$/, level: 1 });

    api.set('GET /api/verify-token', {
      status: 429,
      body: { success: false, code: 'RATE_LIMITED', message: 'Slow down', traceId: 't' },
    });
    await queryClient.refetchQueries({ queryKey: authKeys.session() });

    await waitFor(() => expect(warn).toHaveBeenCalled());
    expect(screen.getByRole('heading', { name: /^Welcome back, .+!$/, level: 1 })).toBeInTheDocument();
    expect(queryClient.getQueryData(authKeys.session())).toMatchObject({ id: 'user-1' });
  });

  it('redirects-to-login-when-re-verification-says-signed-out', async () => {
    const api = mockApi(signedInAs(buildUser()));
    const { queryClient, location } = renderApp('/dashboard');
    await screen.findByRole('heading', { name: /^Welcome back, .+!$/, level: 1 });

    api.set('GET /api/verify-token', {
      status: 401,
      body: { success: false, code: 'UNAUTHENTICATED', message: 'x', traceId: 't' },
    });
    await queryClient.refetchQueries({ queryKey: authKeys.session() });

    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(location().pathname).toBe('/login');
  });
});
