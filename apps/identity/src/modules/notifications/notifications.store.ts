import type { NotificationKind, NotificationView } from '@copytrade/contracts';
import { returnedRows, selectList, type ColumnMap } from '@copytrade/nest';
import type { EntityManager } from 'typeorm';
import { emailTopicOf } from './notification-kinds';

export const NOTIFICATIONS_TABLE = 'identity.notifications';

/** A notification to store: the same text for every recipient of one statement. */
export interface NewNotification {
  kind: NotificationKind;
  title: string;
  body: string;
  link: string;
  /** What it is about, unique per recipient: a repeat of the same key notifies no one twice. */
  dedupeKey: string;
}

/** A follower's switch (identity.notification_preferences; no row: on) that must be on for the notification. */
export type FollowerSwitch = 'notifyOnTradeShared' | 'notifyOnTradeSold' | 'notifyOnCopiedTradeSold';
const SWITCH_COLUMNS: Record<FollowerSwitch, string> = {
  notifyOnTradeShared: 'notify_on_trade_shared',
  notifyOnTradeSold: 'notify_on_trade_sold',
  notifyOnCopiedTradeSold: 'notify_on_copied_trade_sold',
};

/** One row as the bell shows it, with its position for the keyset cursor (microseconds since the epoch). */
export interface NotificationRow extends NotificationView {
  createdMicros: string;
}

export const NOTIFICATION_COLUMNS: ColumnMap<NotificationRow> = {
  id: '$.id::text',
  kind: '$.kind',
  title: '$.title',
  body: '$.body',
  link: '$.link',
  createdAt: `to_char($.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
  readAt: `to_char($.read_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
  createdMicros: `(extract(epoch FROM $.created_at) * 1000000)::bigint::text`,
};

const values = (notification: NewNotification) => [
  notification.kind,
  notification.title,
  notification.body,
  notification.link,
  notification.dedupeKey,
  emailTopicOf(notification.kind),
];

/**
 * Stores the notification for each of `userIds` that is a user (and, with `only`, has that switch on), in one
 * statement whatever their number; a recipient who already has its key gets nothing. Returns those who got it.
 */
export async function notifyUsers(
  manager: EntityManager,
  userIds: string[],
  notification: NewNotification,
  only: FollowerSwitch | null = null,
): Promise<string[]> {
  if (userIds.length === 0) return [];
  const gate = only ? `AND coalesce(preferences.${SWITCH_COLUMNS[only]}, true)` : '';
  const rows = returnedRows<{ userId: string }>(
    await manager.query(
      `INSERT INTO ${NOTIFICATIONS_TABLE} (user_id, kind, title, body, link, dedupe_key, email_topic)
       SELECT users.id, $2, $3, $4, $5, $6, $7
         FROM identity.users users
         LEFT JOIN identity.notification_preferences preferences ON preferences.user_id = users.id
        WHERE users.id = ANY($1::uuid[]) ${gate}
       ON CONFLICT (user_id, dedupe_key) DO NOTHING
       RETURNING user_id::text AS "userId"`,
      [userIds, ...values(notification)],
    ),
  );
  return rows.map((row) => row.userId);
}

/** One recipient's own text of a notification stored for many at once (notifyEach). */
export interface OwnNotification {
  userId: string;
  title: string;
  body: string;
  dedupeKey: string;
}

/**
 * notifyUsers with a text per recipient (a group of a fan-out's copies: each follower's own copy), in one statement;
 * returns those who got theirs.
 */
export async function notifyEach(
  manager: EntityManager,
  kind: NotificationKind,
  link: string,
  notifications: OwnNotification[],
): Promise<string[]> {
  if (notifications.length === 0) return [];
  const rows = returnedRows<{ userId: string }>(
    await manager.query(
      `INSERT INTO ${NOTIFICATIONS_TABLE} (user_id, kind, title, body, link, dedupe_key, email_topic)
       SELECT users.id, $5, own.title, own.body, $6, own.dedupe_key, $7
         FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[]) AS own(user_id, title, body, dedupe_key)
         JOIN identity.users users ON users.id = own.user_id
       ON CONFLICT (user_id, dedupe_key) DO NOTHING
       RETURNING user_id::text AS "userId"`,
      [
        notifications.map((notification) => notification.userId),
        notifications.map((notification) => notification.title),
        notifications.map((notification) => notification.body),
        notifications.map((notification) => notification.dedupeKey),
        kind,
        link,
        emailTopicOf(kind),
      ],
    ),
  );
  return rows.map((row) => row.userId);
}

/** Stores the notification for every admin; returns those who got it (not those who already had its key). */
export async function notifyAdmins(manager: EntityManager, notification: NewNotification): Promise<string[]> {
  const rows = returnedRows<{ userId: string }>(
    await manager.query(
      `INSERT INTO ${NOTIFICATIONS_TABLE} (user_id, kind, title, body, link, dedupe_key, email_topic)
       SELECT users.id, $1, $2, $3, $4, $5, $6 FROM identity.users users WHERE users.is_admin
       ON CONFLICT (user_id, dedupe_key) DO NOTHING
       RETURNING user_id::text AS "userId"`,
      values(notification),
    ),
  );
  return rows.map((row) => row.userId);
}

/**
 * An aggregated notification (one row per key, its text kept current): created, or rewritten, moved to the top and
 * made unread — and to be mailed — again.
 */
export async function upsertNotification(
  manager: EntityManager,
  userId: string,
  notification: NewNotification,
): Promise<void> {
  await manager.query(
    `INSERT INTO ${NOTIFICATIONS_TABLE} (user_id, kind, title, body, link, dedupe_key, email_topic)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (user_id, dedupe_key) DO UPDATE
       SET title = excluded.title, body = excluded.body, link = excluded.link, created_at = now(), updated_at = now(),
           read_at = NULL, emailed_at = NULL`,
    [userId, ...values(notification)],
  );
}

/** Where a page starts: after the row at (createdMicros, id), newest first. */
export interface NotificationsPosition {
  createdMicros: string;
  id: string;
}

/** One page of the user's notifications, newest first; one row more than `limit` tells whether more follow. */
export function listNotifications(
  manager: EntityManager,
  userId: string,
  limit: number,
  after: NotificationsPosition | null,
): Promise<NotificationRow[]> {
  return manager.query(
    `SELECT ${selectList(NOTIFICATION_COLUMNS, 'n')}
       FROM ${NOTIFICATIONS_TABLE} n
      WHERE n.user_id = $1
        AND ($2::bigint IS NULL
             OR (n.created_at, n.id) < (timestamptz 'epoch' + $2::bigint * interval '1 microsecond', $3::uuid))
      ORDER BY n.created_at DESC, n.id DESC
      LIMIT $4`,
    [userId, after?.createdMicros ?? null, after?.id ?? null, limit],
  );
}

export async function unreadCount(manager: EntityManager, userId: string): Promise<number> {
  const [row] = (await manager.query(
    `SELECT count(*)::int AS count FROM ${NOTIFICATIONS_TABLE} WHERE user_id = $1 AND read_at IS NULL`,
    [userId],
  )) as Array<{ count: number }>;
  return row!.count;
}

/** Marks one of the user's notifications read (kept as first read); false when the user has no such notification. */
export async function markRead(manager: EntityManager, userId: string, id: string): Promise<boolean> {
  const rows = returnedRows<{ id: string }>(
    await manager.query(
      `UPDATE ${NOTIFICATIONS_TABLE} SET read_at = coalesce(read_at, now()) WHERE id = $1 AND user_id = $2 RETURNING id`,
      [id, userId],
    ),
  );
  return rows.length > 0;
}

export async function markAllRead(manager: EntityManager, userId: string): Promise<void> {
  await manager.query(`UPDATE ${NOTIFICATIONS_TABLE} SET read_at = now() WHERE user_id = $1 AND read_at IS NULL`, [
    userId,
  ]);
}

/** Deletes up to `batch` notifications created before `cutoff`; returns how many. */
export async function purgeNotifications(manager: EntityManager, cutoff: Date, batch: number): Promise<number> {
  const [, deleted] = (await manager.query(
    `DELETE FROM ${NOTIFICATIONS_TABLE}
      WHERE id IN (SELECT id FROM ${NOTIFICATIONS_TABLE} WHERE created_at < $1 ORDER BY created_at LIMIT $2)`,
    [cutoff, batch],
  )) as [unknown, number];
  return deleted;
}
