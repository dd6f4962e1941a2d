import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { asAdmin } from '@/features/admin/testing/admin-fixtures';
import { adminWithTraces } from '@/features/admin/testing/admin-traces-fixtures';
import { buildUser } from '@/testing/data';
import { deferred, errorBody, mockApi, signedInAs, TEST_CSRF_TOKEN, type MockResponse } from '@/testing/mock-api';
import { renderApp } from '@/testing/test-utils';

/** Signed in as the admin; the Users tab (opened first) and the Traces tab answer empty lists. */
const adminPanel = () => asAdmin(adminWithTraces());

describe('admin panel', () => {
  it('shows-access-denied-to-non-admins', async () => {
    const api = mockApi(signedInAs(buildUser()));
    renderApp('/admin');

    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(screen.getByText("You don't have admin privileges to access this panel.")).toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Admin Panel/ })).not.toBeInTheDocument();
    expect(api.callsTo('POST /api/set-maintenance-mode')).toHaveLength(0);
    // No tabs, and none of the admin reads is made for a non-admin.
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    expect(api.calls.filter((call) => call.path.startsWith('/api/admin/'))).toHaveLength(0);
  });

  it('shows-the-tabs-in-the-documented-order-with-users-selected-first', async () => {
    mockApi(adminPanel());
    const { user, location } = renderApp('/admin');

    const tablist = await screen.findByRole('tablist', { name: 'Admin sections' });
    expect(
      within(tablist)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual([
      'Users',
      'Statistics',
      'Traces',
      'Trades',
      'Feedback',
      'All Connections',
      'SnapTrade Users',
      'User Details',
      'Dev Only',
      'Audit Log',
    ]);
    // The first tab of the documented order opens (docs/product.md#admin-panel).
    expect(within(tablist).getByRole('tab', { name: 'Users' })).toHaveAttribute('aria-selected', 'true');
    const users = screen.getByRole('tabpanel', { name: 'Users' });
    expect(await within(users).findByText('No users found')).toBeInTheDocument();
    expect(location().search).toBe('');

    // The choice is kept in the address; the default tab leaves it clean.
    await user.click(within(tablist).getByRole('tab', { name: 'Traces' }));
    expect(await screen.findByRole('button', { name: 'Create Trace' })).toBeInTheDocument();
    expect(location().search).toBe('?tab=traces');

    await user.click(within(tablist).getByRole('tab', { name: 'Users' }));
    expect(location().search).toBe('');
  });

  it('opens-the-tab-named-in-the-address', async () => {
    mockApi(adminPanel());
    renderApp('/admin?tab=dev');
    const dev = await screen.findByRole('tabpanel', { name: 'Dev Only' });
    expect(await within(dev).findByRole('table', { name: 'Demo trades' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Dev Only' })).toHaveAttribute('aria-selected', 'true');
  });

  it('redirects-signed-out-visitors-to-login', async () => {
    mockApi();
    const { location } = renderApp('/admin');
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(location().pathname).toBe('/login');
  });

  it('turns-beta-launch-mode-on-only-after-the-server-accepts', async () => {
    const accepted = deferred<MockResponse>();
    const api = mockApi({ ...adminPanel(), 'POST /api/set-maintenance-mode': () => accepted.promise });
    const { user } = renderApp('/admin');

    expect(await screen.findByRole('heading', { name: 'Admin Panel', level: 1 })).toBeInTheDocument();
    const toggle = await screen.findByRole('switch', { name: 'Beta Launch Mode' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(screen.queryByText('Beta Launch Monday at 9 AM')).not.toBeInTheDocument();

    await user.click(toggle);

    // In flight: the switch still shows the server's value and cannot be pressed again.
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(toggle).toBeDisabled();
    const [call] = api.callsTo('POST /api/set-maintenance-mode');
    expect(call?.body).toEqual({ enabled: true });
    expect(call?.headers.get('x-csrf-token')).toBe(TEST_CSRF_TOKEN);

    accepted.resolve({ body: { success: true, isMaintenanceModeEnabled: true, message: 'Beta Launch Mode enabled' } });

    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'true'));
    expect(toggle).toBeEnabled();
    expect(screen.getByText('Beta Launch Monday at 9 AM')).toBeInTheDocument();
    expect(screen.getByRole('timer', { name: 'Time until launch' })).toHaveTextContent(/Days.*Hours.*Minutes.*Seconds/);
    expect(await screen.findByText('Beta Launch Mode enabled')).toBeInTheDocument();
  });

  it('keeps-the-switch-and-shows-an-error-toast-when-the-server-refuses', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi({
      ...adminPanel(),
      'POST /api/set-maintenance-mode': { status: 403, body: errorBody('FORBIDDEN', 'Admin access required') },
    });
    const { user } = renderApp('/admin');

    const toggle = await screen.findByRole('switch', { name: 'Beta Launch Mode' });
    await user.click(toggle);

    expect(await screen.findByText('Error')).toBeInTheDocument();
    expect(screen.getByText('Admin access required')).toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(logged).toHaveBeenCalledWith('Admin access required', expect.anything());
  });

  it('uses-the-default-failure-message-without-a-server-message', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi({ ...adminPanel(), 'POST /api/set-maintenance-mode': { status: 500 } });
    const { user } = renderApp('/admin');

    await user.click(await screen.findByRole('switch', { name: 'Beta Launch Mode' }));
    expect(await screen.findByText('Failed to update maintenance mode')).toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith('Failed to update maintenance mode', expect.anything());
  });

  it('ignores-a-rate-limited-change', async () => {
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockApi({
      ...adminPanel(),
      'POST /api/set-maintenance-mode': { status: 429, body: errorBody('RATE_LIMITED', 'Too many requests') },
    });
    const { user } = renderApp('/admin');

    const toggle = await screen.findByRole('switch', { name: 'Beta Launch Mode' });
    await user.click(toggle);

    await waitFor(() => expect(warned).toHaveBeenCalled());
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(screen.queryByText('Error')).not.toBeInTheDocument();
  });

  it('turns-it-off-again', async () => {
    mockApi({
      ...adminPanel(),
      'GET /api/maintenance-status': { body: { isMaintenanceModeEnabled: true } },
      'POST /api/set-maintenance-mode': {
        body: { success: true, isMaintenanceModeEnabled: false, message: 'Beta Launch Mode disabled' },
      },
    });
    const { user } = renderApp('/admin');

    const toggle = await screen.findByRole('switch', { name: 'Beta Launch Mode' });
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByText('Beta Launch Monday at 9 AM')).toBeInTheDocument();

    await user.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'false'));
    expect(screen.queryByText('Beta Launch Monday at 9 AM')).not.toBeInTheDocument();
  });

  it('shows-an-error-line-when-the-status-cannot-be-read', async () => {
    mockApi({
      ...adminPanel(),
      'GET /api/maintenance-status': { status: 503, body: errorBody('SERVICE_UNAVAILABLE', 'x') },
    });
    renderApp('/admin');
    expect(await screen.findByRole('alert')).toHaveTextContent("Couldn't load the Beta Launch Mode status.");
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
