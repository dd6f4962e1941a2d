import type { NotificationView } from '@copytrade/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { buildUser } from '@/testing/data';
import { errorBody, mockApi, signedInAs, type MockRoutes } from '@/testing/mock-api';
import { renderApp } from '@/testing/test-utils';

const user = buildUser();
const LIST = 'GET /api/notifications';
const COUNT = 'GET /api/notifications/unread-count';

const notification = (index: number, unread = false): NotificationView => ({
  id: `6f1c2d8e-2222-4a2b-9c3d-${String(index).padStart(12, '0')}`,
  kind: 'trade_shared',
  title: `Trade shared ${index}`,
  body: `Trace shared trade number ${index}.`,
  link: `/trace/trace-${index}`,
  createdAt: new Date(Date.now() - index * 60_000).toISOString(),
  readAt: unread ? null : new Date().toISOString(),
});

function mockPage(routes: MockRoutes) {
  return mockApi({ ...signedInAs(user), ...routes });
}

vi.setConfig({ testTimeout: 15_000 });

beforeAll(async () => {
  await Promise.all([import('@/app/routes/app/notifications'), import('@/app/routes/app/root')]);
}, 60_000);

describe('/notifications', () => {
  it('lists the newest page and loads more with the cursor until the last page', async () => {
    const first = Array.from({ length: 20 }, (_, index) => notification(index + 1, index < 2));
    const second = [notification(21)];
    let asks = 0;
    // The mock's routes see the path without its query: the cursors sent are read from fetch's arguments below.
    const api = mockPage({
      [COUNT]: { body: { success: true, unreadCount: 2 } },
      [LIST]: () =>
        (asks += 1) === 1
          ? { body: { success: true, notifications: first, nextCursor: 'cursor-2', unreadCount: 2 } }
          : { body: { success: true, notifications: second, nextCursor: null, unreadCount: 2 } },
    });
    const { user: actor } = renderApp('/notifications');
    expect(await screen.findByRole('heading', { name: 'Notifications' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Notifications' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(20);
    expect(screen.getByText('2 unread', { selector: '.page__note' })).toBeInTheDocument();
    expect(within(list).getAllByRole('button', { name: /^Mark as read:/ })).toHaveLength(2);
    await actor.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(21));
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    const asked = api.fetchMock.mock.calls
      .map(([input]) => String(input))
      .filter((url) => url.startsWith('/api/notifications?'));
    expect(asked).toEqual(['/api/notifications?limit=20', '/api/notifications?limit=20&cursor=cursor-2']);
  });

  it('marks one read, and all read', async () => {
    const unread = notification(1, true);
    let read = false;
    const api = mockPage({
      [COUNT]: { body: { success: true, unreadCount: 1 } },
      [LIST]: () => ({
        body: {
          success: true,
          notifications: [{ ...unread, readAt: read ? new Date().toISOString() : null }, notification(2)],
          nextCursor: null,
          unreadCount: read ? 0 : 1,
        },
      }),
      [`POST /api/notifications/${unread.id}/read`]: () => {
        read = true;
        return { body: { success: true, unreadCount: 0 } };
      },
      'POST /api/notifications/read-all': { body: { success: true, unreadCount: 0 } },
    });
    const { user: actor } = renderApp('/notifications');
    await actor.click(await screen.findByRole('button', { name: 'Mark as read: Trade shared 1' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Mark as read:/ })).not.toBeInTheDocument());
    expect(api.callsTo(`POST /api/notifications/${unread.id}/read`)).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });

  it('mark all as read calls read-all; following one marks it read and opens its link', async () => {
    const unread = notification(1, true);
    const api = mockPage({
      [COUNT]: { body: { success: true, unreadCount: 1 } },
      [LIST]: { body: { success: true, notifications: [unread], nextCursor: null, unreadCount: 1 } },
      [`POST /api/notifications/${unread.id}/read`]: { body: { success: true, unreadCount: 0 } },
      'POST /api/notifications/read-all': { body: { success: true, unreadCount: 0 } },
    });
    const { user: actor, location } = renderApp('/notifications');
    await actor.click(await screen.findByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(api.callsTo('POST /api/notifications/read-all')).toHaveLength(1));
    await actor.click(screen.getByRole('link', { name: /Trade shared 1/ }));
    expect(location().pathname).toBe('/trace/trace-1');
    await waitFor(() => expect(api.callsTo(`POST /api/notifications/${unread.id}/read`)).toHaveLength(1));
  });

  it('shows loading, then the empty state', async () => {
    mockPage({});
    renderApp('/notifications');
    expect(await screen.findByText("You're all caught up")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });

  it('shows an error with Retry that reads again', async () => {
    const api = mockPage({ [LIST]: { status: 503, body: errorBody('SERVICE_UNAVAILABLE', 'Down') } });
    const { user: actor } = renderApp('/notifications');
    expect(await screen.findByText("Couldn't load your notifications.")).toBeInTheDocument();
    api.set(LIST, { body: { success: true, notifications: [notification(1)], nextCursor: null, unreadCount: 0 } });
    await actor.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: /Trade shared 1/ })).toBeInTheDocument();
  });
});
