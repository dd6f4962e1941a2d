import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { buildAdmin, buildUser } from '@/testing/data';
import { deferred, errorBody, mockApi, signedInAs, type MockResponse } from '@/testing/mock-api';
import { renderApp } from '@/testing/test-utils';

const user = buildUser();

describe('signed-in shell', () => {
  it('lists-the-navigation-with-new-badges-and-no-admin-entry-for-non-admins', async () => {
    mockApi(signedInAs(user));
    renderApp('/dashboard');

    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Dashboard',
      'Trading TerminalNEW',
      'Discovery',
      'My CopiesNEW',
    ]);
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/dashboard',
      '/trading-terminal',
      '/discovery',
      '/my-copies',
    ]);
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  });

  it('shows-admin-panel-to-admins', async () => {
    mockApi(signedInAs(buildAdmin()));
    renderApp('/dashboard');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Admin Panel' })).toHaveAttribute('href', '/admin');
  });

  it('collapses-and-expands-the-sidebar', async () => {
    mockApi(signedInAs(user));
    const { user: actor } = renderApp('/dashboard');

    const sidebar = await screen.findByRole('complementary', { name: 'Sidebar' });
    await actor.click(screen.getByRole('button', { name: 'Collapse sidebar' }));
    expect(sidebar).toHaveClass('sidebar--collapsed');
    // Labels stay available to assistive tech in the narrow bar.
    expect(within(sidebar).getByRole('link', { name: 'Discovery' })).toBeInTheDocument();

    await actor.click(screen.getByRole('button', { name: 'Expand sidebar' }));
    expect(sidebar).not.toHaveClass('sidebar--collapsed');
  });

  it('shows-empty-trace-lists', async () => {
    mockApi(signedInAs(user));
    renderApp('/dashboard');
    expect(await screen.findByText('No owned traces yet')).toBeInTheDocument();
    expect(await screen.findByText('No joined traces yet')).toBeInTheDocument();
  });

  it('shows-loading-then-the-owned-and-joined-traces', async () => {
    const owned = deferred<MockResponse>();
    const api = mockApi({
      ...signedInAs(user),
      'GET /api/owned-traces': () => owned.promise,
      [`GET /api/subscriptions/${user.id}`]: {
        body: {
          success: true,
          subscriptions: [
            {
              id: 's1',
              traceId: 't-vip',
              status: 'active',
              tier: { name: 'VIP' },
              trace: { name: 'Alpha Desk', handle: '@alpha', avatar: null },
            },
            {
              id: 's2',
              traceId: 't-basic',
              status: 'active',
              tier: { name: 'Basic' },
              trace: { name: 'Beta Flow', handle: 'betaflow', avatar: null },
            },
          ],
        },
      },
    });
    renderApp('/dashboard');

    expect(await screen.findByText('Loading owned traces')).toBeInTheDocument();
    owned.resolve({
      body: {
        success: true,
        ownedTraces: [{ id: 't-own', name: 'My Trace', handle: '@mine', avatar: null, subscriberCount: 1200 }],
      },
    });

    const ownedLink = await screen.findByRole('link', { name: /My Trace/ });
    expect(ownedLink).toHaveAttribute('href', '/trace/t-own/dashboard');
    expect(ownedLink).toHaveTextContent('@mine');
    expect(ownedLink).toHaveTextContent('1.2K subscribers');
    expect(ownedLink.querySelector('[title]')).toHaveAttribute('title', '1200 subscribers');

    const vip = screen.getByRole('link', { name: /Alpha Desk/ });
    expect(vip).toHaveAttribute('href', '/trace/t-vip');
    expect(vip).toHaveTextContent('VIP');
    expect(vip.querySelector('[data-icon="crown"]')).not.toBeNull();
    const basic = screen.getByRole('link', { name: /Beta Flow/ });
    expect(basic).toHaveTextContent('@betaflow');
    expect(basic.querySelector('[data-icon="star"]')).not.toBeNull();

    // The owned-traces call carries the user id as a bearer value (see docs/product.md#rest-calls).
    expect(api.callsTo('GET /api/owned-traces')[0]?.headers.get('authorization')).toBe(`Bearer ${user.id}`);
  });

  it('shows-an-error-line-when-a-trace-list-fails', async () => {
    mockApi({
      ...signedInAs(user),
      'GET /api/owned-traces': { status: 503, body: errorBody('SERVICE_UNAVAILABLE', 'x') },
    });
    renderApp('/dashboard');
    expect(await screen.findByText("Couldn't load owned traces.")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('has-notifications-help-upgrade-and-a-user-menu', async () => {
    mockApi(signedInAs(user));
    const { user: actor, location } = renderApp('/dashboard');

    // The names contain the text the controls show (WCAG 2.5.3).
    // Nothing unread: the bell has no badge (src/components/layouts/notification-bell.test.tsx has the rest).
    const bell = await screen.findByRole('button', { name: 'Notifications' });
    expect(bell).toHaveTextContent('');
    await actor.click(bell);
    expect(await screen.findByRole('menu', { name: 'Notifications' })).toHaveTextContent("You're all caught up");
    await actor.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(bell).toHaveFocus();

    await actor.click(screen.getByRole('button', { name: 'Help' }));
    expect(
      within(screen.getByRole('menu', { name: 'Help' }))
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Support', 'Help Center', 'Trading Guides', 'Academy']);
    await actor.keyboard('{Escape}');

    expect(screen.getByRole('button', { name: 'Upgrade to Pro' })).toBeInTheDocument();

    const userButton = screen.getByRole('button', { name: 'User menu (demo)' });
    expect(userButton).toHaveTextContent('demo');
    await actor.click(userButton);
    const menu = screen.getByRole('menu', { name: 'User menu' });
    expect(menu).toHaveTextContent('demo');
    expect(menu).toHaveTextContent('demo@example.com');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent?.trim()),
    ).toEqual(['Profile', 'Billing', 'Settings', 'Sign Out']);
    await actor.click(within(menu).getByRole('menuitem', { name: 'Settings' }));
    expect(location().pathname).toBe('/settings');
    expect(await screen.findByRole('heading', { name: 'Settings', level: 1 })).toBeInTheDocument();
  });

  it('moves-through-menu-items-with-the-arrow-keys', async () => {
    mockApi(signedInAs(user));
    const { user: actor } = renderApp('/dashboard');

    const help = await screen.findByRole('button', { name: 'Help' });
    help.focus();
    await actor.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Support' })).toHaveFocus();
    await actor.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Help Center' })).toHaveFocus();
    await actor.keyboard('{End}');
    expect(screen.getByRole('menuitem', { name: 'Academy' })).toHaveFocus();
    await actor.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Support' })).toHaveFocus();
  });

  it('opens-the-navigation-as-a-drawer-that-traps-focus-and-closes-on-escape-and-on-navigation', async () => {
    mockApi(signedInAs(user));
    const { user: actor, location } = renderApp('/dashboard');

    const menuButton = await screen.findByRole('button', { name: 'Open navigation' });
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await actor.click(menuButton);
    const drawer = screen.getByRole('dialog', { name: 'Navigation' });
    expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    expect(within(drawer).getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    // Modal: the page behind is hidden from assistive tech and Tab stays inside.
    expect(screen.getAllByRole('navigation', { name: 'Main' })).toHaveLength(1);
    for (let step = 0; step < 12; step += 1) {
      await actor.tab();
      expect(drawer.contains(document.activeElement)).toBe(true);
    }

    await actor.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Navigation' })).not.toBeInTheDocument();
    expect(menuButton).toHaveFocus();

    await actor.click(menuButton);
    await actor.click(
      within(screen.getByRole('dialog', { name: 'Navigation' })).getByRole('link', { name: 'Discovery' }),
    );
    expect(location().pathname).toBe('/discovery');
    expect(screen.queryByRole('dialog', { name: 'Navigation' })).not.toBeInTheDocument();

    await actor.click(screen.getByRole('button', { name: 'Open navigation' }));
    await actor.click(screen.getByRole('button', { name: 'Close navigation' }));
    expect(screen.queryByRole('dialog', { name: 'Navigation' })).not.toBeInTheDocument();
  });

  it('signs-out-to-login-even-when-the-call-fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const api = mockApi({ ...signedInAs(user), 'POST /api/logout': { status: 500 } });
    const { user: actor, location } = renderApp('/dashboard');

    await actor.click(await screen.findByRole('button', { name: 'User menu (demo)' }));
    await actor.click(screen.getByRole('menuitem', { name: 'Sign Out' }));

    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(location().pathname).toBe('/login');
    expect(api.callsTo('POST /api/logout')).toHaveLength(1);
    await waitFor(() => expect(warn).toHaveBeenCalled());
  });
});
