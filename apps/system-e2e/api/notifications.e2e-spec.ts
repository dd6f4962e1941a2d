import { DEFAULT_OWNER_NOTIFICATION_PREFERENCES, Messages } from '@copytrade/contracts';
import { expectEventually } from '@copytrade/testing';
import request from 'supertest';
import type { ApiSession } from '../src/support/api-session';
import { clientAt, signUp } from '../src/support/identity-flows';
import { seedUsers, signIn } from '../src/support/seeded-users';
import { demoOwnsTrace, ownerBuys, shareTrade, subscribeAt, type OwnedTrace } from '../src/support/shared-trade';
import { useTestPlatform } from '../src/support/test-platform';

/**
 * The notification routes through the started product: who may call them, what the gateway refuses before identity
 * is asked, the owner's switches, and a subscriber's notification of a shared trade read, marked and kept to its
 * owner. (The list, mark-read, owner switches and unsubscribe answers are identity's.)
 */
const suite = useTestPlatform('notifications', { TRUST_PROXY: '1' });
let user: ApiSession;
const NOT_A_UUID = 'not-a-uuid';
const SOME_ID = '7d0f1f8e-4bb6-4c5e-9d8f-2a6a4f0c1b11';

beforeAll(async () => {
  user = clientAt(suite.platform.url);
  await signUp(user);
});

describe('who may call', () => {
  it('every route but the unsubscribe link needs a session (401)', async () => {
    const visitor = clientAt(suite.platform.url);
    const calls = [
      visitor.get('/api/notifications'),
      visitor.get('/api/notifications/unread-count'),
      visitor.post('/api/notifications/read-all'),
      visitor.post(`/api/notifications/${SOME_ID}/read`),
      visitor.get('/api/user/owner-notification-preferences'),
      visitor.put('/api/user/owner-notification-preferences', { emailComments: true }),
    ];
    for (const response of await Promise.all(calls))
      expect([response.status, response.body.code]).toEqual([401, 'UNAUTHENTICATED']);
  });

  it('marking read needs the CSRF token like every other POST', async () => {
    const response = await user.agent.post('/api/notifications/read-all');
    expect([response.status, response.body.code]).toEqual([403, 'CSRF_INVALID']);
  });
});

describe('what the gateway refuses (400)', () => {
  it.each([
    ['limit=0', 'limit must be between 1 and 50'],
    ['limit=51', 'limit must be between 1 and 50'],
    ['limit=2.5', 'limit must be a whole number'],
    ['cursor=a%20b', 'cursor is not valid'],
    [`cursor=${'a'.repeat(201)}`, 'cursor is not valid'],
    ['page=2', 'property page should not exist'],
  ])('GET /api/notifications?%s', async (query, message) => {
    const response = await user.get(`/api/notifications?${query}`);
    expect([response.status, response.body.message]).toEqual([400, message]);
  });

  it('a limit that is no number', async () => {
    const response = await user.get('/api/notifications?limit=ten');
    expect([response.status, response.body.message]).toEqual([400, expect.stringMatching(/^limit must be/)]);
  });

  it('a notification id that cannot be one', async () => {
    const response = await user.post(`/api/notifications/${NOT_A_UUID}/read`);
    expect([response.status, response.body.message]).toEqual([400, 'id must be a valid id']);
  });

  it('owner switches that are not true or false, or unknown', async () => {
    const notBoolean = await user.put('/api/user/owner-notification-preferences', { emailRevenue: 'yes' });
    expect([notBoolean.status, notBoolean.body.message]).toEqual([400, 'emailRevenue must be true or false']);
    const unknown = await user.put('/api/user/owner-notification-preferences', { emailEverything: true });
    expect(unknown.status).toBe(400);
  });

  it('an unsubscribe link without a token', async () => {
    const response = await request(suite.platform.url)
      .post('/api/notifications/unsubscribe')
      .type('form')
      .send('List-Unsubscribe=One-Click');
    expect([response.status, response.body.message]).toEqual([400, 'This unsubscribe link is not valid.']);
  });
});

// Identity's answers (its notification handlers).
describe('identity behind the routes', () => {
  it('a forged unsubscribe token, posted one-click style without session or CSRF, is a 400 with identity’s message', async () => {
    const response = await request(suite.platform.url)
      .post('/api/notifications/unsubscribe?token=forged.token')
      .set('X-Forwarded-For', '10.9.9.9')
      .type('form')
      .send('List-Unsubscribe=One-Click');
    expect([response.status, response.body.success]).toEqual([400, false]);
    expect(response.body.message).toEqual(expect.any(String));
  });

  it('the owner switches start at their defaults and keep what is saved (a flag left out keeps its value)', async () => {
    const owner = clientAt(suite.platform.url);
    await signUp(owner);
    expect((await owner.get('/api/user/owner-notification-preferences')).body).toEqual({
      success: true,
      preferences: DEFAULT_OWNER_NOTIFICATION_PREFERENCES,
    });
    const saved = await owner.put('/api/user/owner-notification-preferences', {
      emailNewSubscribers: false,
      emailComments: true,
    });
    expect(saved.status).toBe(200);
    const expected = { ...DEFAULT_OWNER_NOTIFICATION_PREFERENCES, emailNewSubscribers: false, emailComments: true };
    expect(saved.body).toEqual({
      success: true,
      preferences: expected,
      message: Messages.notificationPreferencesSaved,
    });
    expect((await owner.get('/api/user/owner-notification-preferences')).body.preferences).toEqual(expected);
    // Another user's switches are untouched.
    expect((await user.get('/api/user/owner-notification-preferences')).body.preferences).toEqual(
      DEFAULT_OWNER_NOTIFICATION_PREFERENCES,
    );
  });

  describe('a subscriber’s notification of a shared trade', () => {
    let owned: OwnedTrace;
    let subscriber: ApiSession;
    let stranger: ApiSession;

    beforeAll(async () => {
      owned = await demoOwnsTrace(suite, { name: 'notified_trace', handle: 'notified_trace' });
      const [follower, other] = await seedUsers(suite.db, 'notified', 2);
      subscriber = (await signIn(suite.platform.url, follower!.username)).api;
      stranger = (await signIn(suite.platform.url, other!.username)).api;
      await subscribeAt(subscriber, follower!.id, owned.traceId);
      // Two shared trades: two notifications, so there is a second page of one.
      for (const symbol of ['MSFT', 'AAPL'])
        await shareTrade(
          owned,
          await ownerBuys(suite, owned, { symbol, price: 100, quantity: 3, orderPrefix: 'notify' }),
        );
    }, 120_000);

    it('is listed, counted, marked read in the very next read, and not the stranger’s to mark', async () => {
      const page = await expectEventually(async () => {
        const response = await subscriber.get('/api/notifications?limit=5');
        expect(response.status).toBe(200);
        const kinds = response.body.notifications.map((item: { kind: string }) => item.kind);
        expect(kinds.filter((kind: string) => kind === 'trade_shared')).toHaveLength(2);
        return response.body;
      });
      const shared = page.notifications.find((item: { kind: string }) => item.kind === 'trade_shared');
      expect(shared).toMatchObject({ readAt: null, link: `/trace/${owned.traceId}` });
      const before = (await subscriber.get('/api/notifications/unread-count')).body.unreadCount as number;
      expect(before).toBeGreaterThanOrEqual(1);

      const refused = await stranger.post(`/api/notifications/${shared.id}/read`);
      expect(refused.status).toBe(404);
      expect((await stranger.get('/api/notifications')).body.notifications).toEqual([]);

      const marked = await subscriber.post(`/api/notifications/${shared.id}/read`);
      expect(marked.body).toEqual({ success: true, unreadCount: before - 1 });
      const after = await subscriber.get('/api/notifications?limit=5');
      expect(after.body.notifications.find((item: { id: string }) => item.id === shared.id).readAt).not.toBeNull();
      expect(after.body.unreadCount).toBe(before - 1);

      expect((await subscriber.post('/api/notifications/read-all')).body).toEqual({ success: true, unreadCount: 0 });
      expect((await subscriber.get('/api/notifications/unread-count')).body).toEqual({ success: true, unreadCount: 0 });
    });

    it('pages by nextCursor, newest first, without repeating one', async () => {
      const first = (await subscriber.get('/api/notifications?limit=1')).body;
      expect(first.notifications).toHaveLength(1);
      expect(first.nextCursor).toEqual(expect.any(String));
      const second = (await subscriber.get(`/api/notifications?limit=1&cursor=${first.nextCursor}`)).body;
      expect(second.notifications[0]?.id).not.toBe(first.notifications[0].id);
      expect(Date.parse(second.notifications[0].createdAt)).toBeLessThanOrEqual(
        Date.parse(first.notifications[0].createdAt),
      );
    });
  });
});
