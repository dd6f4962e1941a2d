import { randomUUID } from 'node:crypto';
import {
  DEFAULT_OWNER_NOTIFICATION_PREFERENCES,
  NotificationsRpc,
  type ListNotificationsQueryDto,
  type MarkNotificationReadRpcPayload,
  type NotificationsPageRpcReply,
  type OwnerNotificationPreferencesRpcReply,
  type RpcActor,
  type UnreadNotificationsRpcReply,
  type UpdateOwnerNotificationPreferencesDto,
} from '@copytrade/contracts';
import { NotificationsRetention } from '../../src/modules/notifications/notifications-retention';
import { useIdentityService } from '../support/identity-under-test';
import { newUser } from '../support/notifications-world';

/**
 * The bell's calls over NATS on the running identity service: a user lists (newest first, keyset pages), counts and
 * marks read only their own notifications; another user's id is 404 like one that does not exist. The owner's
 * notification switches; the retention of notifications.
 */
jest.setTimeout(60_000);

const identity = useIdentityService('identity_notifications_rpc');
const db = () => identity.db;
const actorOf = (userId: string): RpcActor => ({ userId, isAdmin: false });
const call = <P, R>(subject: string, userId: string, payload: P) =>
  identity.rpc.request<P, R>(subject, payload, { requestId: randomUUID(), actor: actorOf(userId) });
const list = (userId: string, payload: Partial<ListNotificationsQueryDto> = {}) =>
  call<Partial<ListNotificationsQueryDto>, NotificationsPageRpcReply>(NotificationsRpc.list, userId, payload);
const unread = (userId: string) =>
  call<Record<string, never>, UnreadNotificationsRpcReply>(NotificationsRpc.unreadCount, userId, {});
const markRead = (userId: string, id: string) =>
  call<MarkNotificationReadRpcPayload, UnreadNotificationsRpcReply>(NotificationsRpc.markRead, userId, { id });
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => 'ok',
    (error: { status: number; message: string }) => `${error.status} ${error.message}`,
  );

/** `count` notifications for the user, one a minute apart (the last the newest); answers their ids, newest first. */
async function seed(userId: string, count: number, minutesAgo = 0): Promise<string[]> {
  const rows: Array<{ id: string }> = await db().query(
    `INSERT INTO identity.notifications (user_id, kind, title, body, link, dedupe_key, email_topic, created_at)
     SELECT $1, 'copy_opened', 'Copy opened', 'Your copy of AAPL opened: ' || g, '/my-copies', 'seed:' || gen_random_uuid(),
            'copy_activity', now() - ($2 + $3 - g) * interval '1 minute'
       FROM generate_series(1, $3) g
     RETURNING id`,
    [userId, minutesAgo, count],
  );
  return rows.map((row) => row.id).reverse();
}

it('lists the user’s own notifications newest first, in keyset pages, with the unread count; never another user’s', async () => {
  const [me, other] = [await newUser(db()), await newUser(db())];
  const ids = await seed(me, 5);
  await seed(other, 3);
  // Two in the same microsecond: the id breaks the tie, so no page skips or repeats one.
  await db().query(
    `UPDATE identity.notifications SET created_at = (SELECT created_at FROM identity.notifications WHERE id = $1) WHERE id = $2`,
    [ids[1], ids[2]],
  );

  const seen: string[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const page = await list(me, { limit: 2, ...(cursor ? { cursor } : {}) });
    expect(page.unreadCount).toBe(5);
    expect(page.notifications.length).toBeLessThanOrEqual(2);
    seen.push(...page.notifications.map((n) => n.id));
    cursor = page.nextCursor ?? undefined;
    pages += 1;
  } while (cursor);
  expect(pages).toBe(3);
  expect(new Set(seen)).toEqual(new Set(ids));
  expect(seen).toHaveLength(5);
  const all = await list(me);
  expect(all.notifications.map((n) => n.id)).toEqual(seen);
  expect(all.nextCursor).toBeNull();
  expect(all.notifications[0]).toEqual({
    id: ids[0],
    kind: 'copy_opened',
    title: 'Copy opened',
    body: 'Your copy of AAPL opened: 5',
    link: '/my-copies',
    createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    readAt: null,
  });
  const createdAt = all.notifications.map((n) => n.createdAt);
  expect(createdAt).toEqual([...createdAt].sort().reverse());
});

it('refuses a cursor it did not hand out, and a limit out of bounds, with 400', async () => {
  const me = await newUser(db());
  expect(await refusal(list(me, { cursor: 'bm90LWEtY3Vyc29y' }))).toBe('400 cursor is not valid');
  expect(await refusal(list(me, { cursor: 'a b' }))).toMatch(/^400 /);
  // Well formed, but a position past PostgreSQL's bigint: still the client's mistake, never a 500.
  const huge = Buffer.from(`99999999999999999999.${randomUUID()}`).toString('base64url');
  expect(await refusal(list(me, { cursor: huge }))).toBe('400 cursor is not valid');
  expect(await refusal(list(me, { limit: 51 }))).toMatch(/^400 /);
  expect(await refusal(list(me, { limit: 0 }))).toMatch(/^400 /);
});

it('marks read only the actor’s own: another user’s notification is 404 and stays unread', async () => {
  const [me, other] = [await newUser(db()), await newUser(db())];
  const [mine] = await seed(me, 2);
  const [theirs] = await seed(other, 1);
  expect(await unread(me)).toEqual({ unreadCount: 2 });
  expect(await markRead(me, mine!)).toEqual({ unreadCount: 1 });
  expect(await markRead(me, mine!)).toEqual({ unreadCount: 1 }); // again: still read, nothing else changes
  expect(await refusal(markRead(me, theirs!))).toBe('404 Notification not found');
  expect(await refusal(markRead(me, randomUUID()))).toBe('404 Notification not found');
  expect(await refusal(markRead(me, 'not-an-id'))).toBe('400 id must be a valid id');
  expect(await unread(other)).toEqual({ unreadCount: 1 });
  const page = await list(me);
  expect(page.notifications.find((n) => n.id === mine)!.readAt).toEqual(expect.any(String));
});

it('marks all of the actor’s own read, no one else’s', async () => {
  const [me, other] = [await newUser(db()), await newUser(db())];
  await seed(me, 3);
  await seed(other, 2);
  expect(await call(NotificationsRpc.markAllRead, me, {})).toEqual({ unreadCount: 0 });
  expect(await unread(me)).toEqual({ unreadCount: 0 });
  expect(await unread(other)).toEqual({ unreadCount: 2 });
});

it('a call without a signed-in actor is 401', async () => {
  const status = await identity.rpc.request(NotificationsRpc.unreadCount, {}, { requestId: randomUUID() }).then(
    () => 200,
    (error: { status: number }) => error.status,
  );
  expect(status).toBe(401);
});

it('the owner’s notification switches: the defaults, then a partial update that keeps the rest', async () => {
  const owner = await newUser(db());
  const get = () =>
    call<Record<string, never>, OwnerNotificationPreferencesRpcReply>(NotificationsRpc.getOwnerPreferences, owner, {});
  const update = (payload: UpdateOwnerNotificationPreferencesDto) =>
    call<UpdateOwnerNotificationPreferencesDto, OwnerNotificationPreferencesRpcReply>(
      NotificationsRpc.updateOwnerPreferences,
      owner,
      payload,
    );
  expect(await get()).toEqual({ preferences: DEFAULT_OWNER_NOTIFICATION_PREFERENCES });
  const changed = { ...DEFAULT_OWNER_NOTIFICATION_PREFERENCES, pushNotifications: false, emailComments: true };
  expect(await update({ pushNotifications: false, emailComments: true })).toEqual({ preferences: changed });
  expect(await update({ emailRevenue: false })).toEqual({ preferences: { ...changed, emailRevenue: false } });
  expect(await get()).toEqual({ preferences: { ...changed, emailRevenue: false } });
  expect(
    await refusal(
      call(NotificationsRpc.updateOwnerPreferences, owner, { pushNotifications: 'yes' } as unknown as object),
    ),
  ).toBe('400 pushNotifications must be true or false');
});

it('retention: notifications older than NOTIFICATIONS_RETENTION_DAYS (90) are deleted in batches, newer ones kept', async () => {
  const me = await newUser(db());
  const kept = await seed(me, 2, 89 * 24 * 60);
  await seed(me, 1_205, 91 * 24 * 60); // more than one batch
  await identity.get(NotificationsRetention).drain();
  const rows: Array<{ id: string }> = await db().query(`SELECT id FROM identity.notifications WHERE user_id = $1`, [
    me,
  ]);
  expect(rows.map((row) => row.id).sort()).toEqual([...kept].sort());
});
