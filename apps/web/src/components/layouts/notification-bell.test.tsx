import type { NotificationView } from '@copytrade/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { buildUser } from '@/testing/data';
import { errorBody, mockApi, signedInAs, type MockRoutes } from '@/testing/mock-api';
import { renderApp } from '@/testing/test-utils';

const user = buildUser();
const COUNT = 'GET /api/notifications/unread-count';
const LIST = 'GET /api/notifications';

const notification = (overrides: Partial<NotificationView> = {}): NotificationView => ({
  id: '6f1c2d8e-1111-4a2b-9c3d-000000000001',
  kind: 'copy_opened',
  title: 'Copy opened',
  body: 'Your copy of AAPL opened: 3 shares at $190.00.',
  link: '/my-copies',
  createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
  readAt: null,
  ...overrides,
});

const page = (notifications: NotificationView[], unreadCount: number) => ({
  body: { success: true, notifications, nextCursor: null, unreadCount },
});

function mockBell(unreadCount: number, routes: MockRoutes = {}) {
  return mockApi({ ...signedInAs(user), [COUNT]: { body: { success: true, unreadCount } }, ...routes });
}

vi.setConfig({ testTimeout: 15_000 });

beforeAll(async () => {
  await Promise.all([
    import('@/app/routes/app/settings'),
    import('@/app/routes/app/root'),
    import('./notification-bell'),
  ]);
}, 60_000);

describe('the notification bell', () => {
  it('shows the unread count as a badge, none at 0, and 99+ past the maximum', async () => {
    mockBell(3);
    const first = renderApp('/settings');
    const bell = await screen.findByRole('button', { name: 'Notifications (3)' });
    expect(bell).toHaveTextContent('3');
    expect(bell).toHaveAccessibleDescription('3 unread');
    first.unmount();

    mockBell(150);
    const second = renderApp('/settings');
    expect(await screen.findByRole('button', { name: 'Notifications (99+)' })).toHaveTextContent('99+');
    second.unmount();

    mockBell(0);
    renderApp('/settings');
    const quiet = await screen.findByRole('button', { name: 'Notifications' });
    expect(quiet.querySelector('.count-badge')).toBeNull();
  });

  it('opens a panel with the newest notifications: title, body, time and an unread dot', async () => {
    const api = mockBell(1, {
      [LIST]: page(
        [
          notification(),
          notification({
            id: '6f1c2d8e-1111-4a2b-9c3d-000000000002',
            title: 'Trade shared',
            body: 'Momentum Masters shared MSFT.',
            link: '/trace/abc',
            createdAt: new Date(Date.now() - 3 * 3_600_000).toISOString(),
            readAt: new Date().toISOString(),
          }),
        ],
        1,
      ),
    });
    const { user: actor } = renderApp('/settings');
    await actor.click(await screen.findByRole('button', { name: 'Notifications (1)' }));
    const menu = await screen.findByRole('menu', { name: 'Notifications' });
    const items = await within(menu).findAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Mark all as read',
      'Copy opened (unread)Your copy of AAPL opened: 3 shares at $190.00.5m ago',
      'Trade sharedMomentum Masters shared MSFT.3h ago',
      'View all',
    ]);
    expect(items[1]!.querySelector('.notification__dot')).not.toBeNull();
    expect(items[2]!.querySelector('.notification__dot')).toBeNull();
    // Read when the panel opens, the newest page only.
    expect(api.callsTo(LIST)).toHaveLength(1);
  });

  it('choosing an unread notification marks it read and follows its link', async () => {
    const id = '6f1c2d8e-1111-4a2b-9c3d-000000000001';
    const api = mockBell(2, {
      [LIST]: page([notification({ id })], 2),
      [`POST /api/notifications/${id}/read`]: { body: { success: true, unreadCount: 1 } },
    });
    const { user: actor, location } = renderApp('/settings');
    await actor.click(await screen.findByRole('button', { name: 'Notifications (2)' }));
    await actor.click(await screen.findByRole('menuitem', { name: /Copy opened/ }));
    expect(location().pathname).toBe('/my-copies');
    await waitFor(() => expect(api.callsTo(`POST /api/notifications/${id}/read`)).toHaveLength(1));
    // The badge takes the count the server answered.
    expect(await screen.findByRole('button', { name: 'Notifications (1)' })).toBeInTheDocument();
  });

  it('a read notification is followed without marking it again', async () => {
    const api = mockBell(0, {
      [LIST]: page([notification({ readAt: new Date().toISOString(), link: '/trace/t-1' })], 0),
    });
    const { user: actor, location } = renderApp('/settings');
    await actor.click(await screen.findByRole('button', { name: 'Notifications' }));
    await actor.click(await screen.findByRole('menuitem', { name: /Copy opened/ }));
    expect(location().pathname).toBe('/trace/t-1');
    expect(api.calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('marks all as read, and "View all" goes to /notifications', async () => {
    const api = mockBell(4, {
      [LIST]: page([notification()], 4),
      'POST /api/notifications/read-all': { body: { success: true, unreadCount: 0 } },
    });
    const { user: actor, location } = renderApp('/settings');
    await actor.click(await screen.findByRole('button', { name: 'Notifications (4)' }));
    await actor.click(await screen.findByRole('menuitem', { name: 'Mark all as read' }));
    await waitFor(() => expect(api.callsTo('POST /api/notifications/read-all')).toHaveLength(1));
    const bell = await screen.findByRole('button', { name: 'Notifications' });
    await actor.click(bell);
    expect(within(await screen.findByRole('menu')).queryByRole('menuitem', { name: 'Mark all as read' })).toBeNull();
    await actor.click(screen.getByRole('menuitem', { name: 'View all' }));
    expect(location().pathname).toBe('/notifications');
  });

  it('shows the empty state, and an error with Retry', async () => {
    mockBell(0);
    const first = renderApp('/settings');
    await first.user.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText("You're all caught up")).toBeInTheDocument();
    first.unmount();

    const api = mockBell(0, { [LIST]: { status: 503, body: errorBody('SERVICE_UNAVAILABLE', 'Try again') } });
    const { user: actor } = renderApp('/settings');
    await actor.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText("Couldn't load your notifications.")).toBeInTheDocument();
    api.set(LIST, page([notification()], 0));
    await actor.click(screen.getByRole('menuitem', { name: 'Retry' }));
    await actor.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByRole('menuitem', { name: /Copy opened/ })).toBeInTheDocument();
  });
});
