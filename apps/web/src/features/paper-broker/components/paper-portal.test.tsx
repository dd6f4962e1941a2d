import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildUser } from '@/testing/data';
import { errorBody, mockApi, signedInAs, type MockResponse } from '@/testing/mock-api';
import { renderApp } from '@/testing/test-utils';

const SESSION_ID = '7d1c3f8e-5b2a-4c7e-9f00-1a2b3c4d5e6f';
const me = buildUser({ snaptradeUserId: 'st-1', snaptradeUserSecret: 's-1' });

const session = (overrides: Record<string, unknown> = {}) => ({
  success: true,
  session: {
    sessionId: SESSION_ID,
    status: 'PENDING',
    expiresAt: new Date(Date.now() + 5 * 60_000).toISOString(),
    brokerage: {
      slug: 'WEBULL',
      name: 'Webull',
      display_name: 'Webull',
      description: 'Webull paper trading: simulated accounts, prices and fills.',
      aws_s3_logo_url: null,
    },
    connectionType: 'trade',
    redirectUrl: 'http://localhost/settings',
    connectionId: null,
    accounts: [
      { name: 'Webull Individual (Paper)', startingCash: 100000 },
      { name: 'Webull Roth IRA (Paper)', startingCash: 25000 },
    ],
    ...overrides,
  },
});

const routes = (portal: MockResponse, connect?: MockResponse) => ({
  ...signedInAs(me),
  [`GET /api/paper/portal/${SESSION_ID}`]: portal,
  ...(connect ? { [`POST /api/paper/portal/${SESSION_ID}/connect`]: connect } : {}),
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('paper broker portal page', () => {
  it('shows-the-brokerage-and-the-accounts-that-will-be-created', async () => {
    mockApi(routes({ body: session() }));
    renderApp(`/paper/portal/${SESSION_ID}`);
    expect(await screen.findByTestId('portal-brokerage')).toHaveTextContent('Webull');
    const accounts = screen.getByRole('list', { name: 'Accounts that will be created' });
    expect(accounts).toHaveTextContent('Webull Individual (Paper)');
    expect(accounts).toHaveTextContent('$100,000.00 starting cash');
    expect(accounts).toHaveTextContent('$25,000.00 starting cash');
    expect(screen.getByRole('button', { name: 'Connect' })).toBeEnabled();
    // Outside the signed-in shell.
    expect(screen.queryByRole('complementary', { name: 'Sidebar' })).not.toBeInTheDocument();
  });

  it('closes-itself-after-connecting-when-it-is-the-popup', async () => {
    const close = vi.fn();
    vi.stubGlobal('opener', {});
    vi.stubGlobal('close', close);
    const api = mockApi(
      routes(
        { body: session() },
        {
          body: {
            success: true,
            connectionId: 'conn-1',
            redirectUrl: 'http://localhost/settings?status=SUCCESS&connection_id=conn-1',
          },
        },
      ),
    );
    const { user } = renderApp(`/paper/portal/${SESSION_ID}`);
    await user.click(await screen.findByRole('button', { name: 'Connect' }));
    await waitFor(() => expect(close).toHaveBeenCalled());
    expect(api.callsTo(`POST /api/paper/portal/${SESSION_ID}/connect`)).toHaveLength(1);
  });

  it('goes-to-the-redirect-when-it-is-not-a-popup', async () => {
    mockApi({
      ...routes(
        { body: session() },
        {
          body: {
            success: true,
            connectionId: 'conn-1',
            redirectUrl: 'http://localhost:3000/settings?status=SUCCESS&connection_id=conn-1',
          },
        },
      ),
      'GET /api/user/notification-preferences': { body: { success: true, preferences: {} } },
    });
    const { user, location } = renderApp(`/paper/portal/${SESSION_ID}`);
    await user.click(await screen.findByRole('button', { name: 'Connect' }));
    // jsdom's origin is http://localhost:3000: the redirect is on this origin, so the router takes it.
    await waitFor(() => expect(location().pathname).toBe('/settings'));
    expect(location().search).toBe('?status=SUCCESS&connection_id=conn-1');
  });

  it('says-the-link-expired', async () => {
    mockApi(routes({ body: session({ status: 'EXPIRED' }) }));
    renderApp(`/paper/portal/${SESSION_ID}`);
    expect(
      await screen.findByText('This connection link has expired. Please start the connection again.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Connect' })).not.toBeInTheDocument();
  });

  it('says-the-link-expired-when-connecting-answers-410', async () => {
    mockApi(
      routes(
        { body: session() },
        {
          status: 410,
          body: errorBody(
            'PORTAL_SESSION_EXPIRED',
            'This connection link has expired. Please start the connection again.',
          ),
        },
      ),
    );
    const { user } = renderApp(`/paper/portal/${SESSION_ID}`);
    await user.click(await screen.findByRole('button', { name: 'Connect' }));
    expect(await screen.findByRole('heading', { name: 'Link expired' })).toBeInTheDocument();
    expect(
      screen.getByText('This connection link has expired. Please start the connection again.'),
    ).toBeInTheDocument();
  });

  it('says-an-unknown-link-is-invalid', async () => {
    mockApi(routes({ status: 404, body: errorBody('PORTAL_SESSION_NOT_FOUND', 'This connection link is invalid.') }));
    renderApp(`/paper/portal/${SESSION_ID}`);
    expect(await screen.findByText('This connection link is invalid.')).toBeInTheDocument();
  });

  it('asks-a-signed-out-visitor-to-sign-in', async () => {
    mockApi({
      [`GET /api/paper/portal/${SESSION_ID}`]: {
        status: 401,
        body: errorBody('UNAUTHENTICATED', 'Please sign in to continue.'),
      },
    });
    renderApp(`/paper/portal/${SESSION_ID}`);
    expect(await screen.findByRole('heading', { name: 'Sign in required' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
  });

  it('is-not-hidden-by-beta-launch-mode', async () => {
    mockApi({
      ...routes({ body: session() }),
      'GET /api/maintenance-status': { body: { isMaintenanceModeEnabled: true } },
    });
    renderApp(`/paper/portal/${SESSION_ID}`);
    expect(await screen.findByRole('button', { name: 'Connect' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Beta Launch Coming Soon' })).not.toBeInTheDocument();
  });
});
