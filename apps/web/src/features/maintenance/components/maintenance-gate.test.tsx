import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildAdmin, buildUser } from '@/testing/data';
import { deferred, errorBody, mockApi, signedInAs, type MockResponse } from '@/testing/mock-api';
import { renderApp } from '@/testing/test-utils';

const maintenanceOn = { 'GET /api/maintenance-status': { body: { isMaintenanceModeEnabled: true } } };

describe('maintenance gate', () => {
  it('shows-the-coming-soon-screen-on-a-non-exempt-path', async () => {
    mockApi(maintenanceOn);
    renderApp('/dashboard');

    expect(await screen.findByRole('heading', { name: 'Beta Launch Coming Soon', level: 1 })).toBeInTheDocument();
    expect(screen.getByText(/Monday at 9:00 AM EST/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Launch Details' })).toBeInTheDocument();
    expect(screen.getByText(/^Monday, [A-Z][a-z]+ \d{1,2}, \d{4}$/)).toBeInTheDocument();
    expect(screen.getByText(/^9:00 AM E[SD]T$/)).toBeInTheDocument();

    const coming = screen.getByRole('heading', { name: "What's Coming Monday" }).closest('section');
    expect(coming).not.toBeNull();
    const items = within(coming as HTMLElement)
      .getAllByRole('listitem')
      .map((item) => item.textContent?.trim());
    expect(items).toEqual([
      'Full trading platform access',
      'Social trading features',
      'Portfolio analytics and insights',
    ]);

    // Nothing of the app behind it: no shell, no login redirect.
    expect(screen.queryByRole('complementary', { name: 'Sidebar' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign In' })).not.toBeInTheDocument();
  });

  it('does-not-show-it-on-an-exempt-path', async () => {
    mockApi(maintenanceOn);
    renderApp('/login');

    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.queryByText('Beta Launch Coming Soon')).not.toBeInTheDocument();
  });

  it('goes-back-to-beta-entry', async () => {
    mockApi(maintenanceOn);
    const { user, location } = renderApp('/discovery');

    await user.click(await screen.findByRole('button', { name: 'Back to Beta Entry' }));
    expect(location().pathname).toBe('/');
    expect(await screen.findByRole('link', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByText('Beta Launch Coming Soon')).not.toBeInTheDocument();
  });

  it('covers-unknown-paths-too', async () => {
    mockApi(maintenanceOn);
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Beta Launch Coming Soon' })).toBeInTheDocument();
    expect(screen.queryByText('Oops! Page not found')).not.toBeInTheDocument();
  });

  it('applies-to-signed-in-non-admins', async () => {
    mockApi({ ...maintenanceOn, ...signedInAs(buildUser()) });
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Beta Launch Coming Soon' })).toBeInTheDocument();
  });

  it('lets-admins-use-the-app', async () => {
    mockApi({ ...maintenanceOn, ...signedInAs(buildAdmin()) });
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: /^Welcome back, .+!$/, level: 1 })).toBeInTheDocument();
    expect(screen.queryByText('Beta Launch Coming Soon')).not.toBeInTheDocument();
  });

  it('treats-a-failed-status-read-as-off', async () => {
    mockApi({ 'GET /api/maintenance-status': { status: 503, body: errorBody('SERVICE_UNAVAILABLE', 'x') } });
    renderApp('/contact');
    expect(await screen.findByRole('heading', { name: 'Contact' })).toBeInTheDocument();
  });

  it('treats-a-rate-limited-status-read-as-off', async () => {
    mockApi({ 'GET /api/maintenance-status': { status: 429, body: errorBody('RATE_LIMITED', 'x') } });
    renderApp('/contact');
    expect(await screen.findByRole('heading', { name: 'Contact' })).toBeInTheDocument();
  });

  it('shows-a-spinner-while-the-status-loads', async () => {
    const pending = deferred<MockResponse>();
    mockApi({ 'GET /api/maintenance-status': () => pending.promise });
    renderApp('/contact');

    expect(await screen.findByRole('status')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Contact' })).not.toBeInTheDocument();
    pending.resolve({ body: { isMaintenanceModeEnabled: false } });
    expect(await screen.findByRole('heading', { name: 'Contact' })).toBeInTheDocument();
  });
});
