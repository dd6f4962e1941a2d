import { Injectable } from '@nestjs/common';
import type { EmailTopic } from '@copytrade/contracts';
import { returnedRows, selectList, type ColumnMap } from '@copytrade/nest';
import { DataSource, type EntityManager } from 'typeorm';
// The notifications module's table (entity NotificationEntity): the rows waiting for their e-mail.
import { NOTIFICATIONS_TABLE as NOTIFICATIONS } from '../notifications/notifications.store';

export const NOTIFICATION_EMAIL_RECIPIENTS = 'identity.notification_email_recipients';

/** A notification waiting for its e-mail (email_topic set, emailed_at null). */
export interface PendingNotification {
  id: string;
  title: string;
  body: string;
  link: string;
  topic: EmailTopic;
}
const PENDING_COLUMNS: ColumnMap<PendingNotification> = {
  id: 'id',
  title: 'title',
  body: 'body',
  link: 'link',
  topic: 'email_topic',
};

export interface ClaimedRecipient {
  userId: string;
  failures: number;
}
const RECIPIENT_COLUMNS: ColumnMap<ClaimedRecipient> = { userId: '$.user_id', failures: '$.failures' };

/** When a user is due: the coalescing window since their last e-mail and the gathering delay of the oldest row. */
export interface DueRule {
  windowSeconds: number;
  gatherSeconds: number;
  leaseSeconds: number;
}

/**
 * The e-mail queue is the notifications waiting for their e-mail (index notifications_email_pending), worked per
 * recipient: a recipient is claimed with a lease in notification_email_recipients, which also keeps when their last
 * e-mail went and when a failed one is retried. The claim is one upsert whose conflict branch re-checks the row, so
 * two replicas never hold one recipient.
 */
@Injectable()
export class NotificationEmailQueueStore {
  constructor(private readonly dataSource: DataSource) {}

  /** Notifications waiting for their e-mail, counted up to `cap` (the queue-depth gauge reads it at every scrape). */
  async waitingCount(cap: number): Promise<number> {
    const [row] = (await this.dataSource.query(
      `SELECT count(*)::int AS count FROM (
         SELECT 1 FROM ${NOTIFICATIONS} WHERE email_topic IS NOT NULL AND emailed_at IS NULL LIMIT $1) waiting`,
      [cap],
    )) as Array<{ count: number }>;
    return row?.count ?? 0;
  }

  /** Claims up to `limit` due recipients, those waiting longest first. */
  async claimDue(limit: number, rule: DueRule): Promise<ClaimedRecipient[]> {
    const free = (r: string) => `(${r}.last_sent_at IS NULL OR ${r}.last_sent_at <= now() - $1 * interval '1 second')
          AND (${r}.retry_at IS NULL OR ${r}.retry_at <= now())
          AND (${r}.claimed_until IS NULL OR ${r}.claimed_until <= now())`;
    const result: unknown = await this.dataSource.query(
      `WITH due AS (
         SELECT n.user_id, min(n.created_at) AS oldest
           FROM ${NOTIFICATIONS} n
           LEFT JOIN ${NOTIFICATION_EMAIL_RECIPIENTS} r ON r.user_id = n.user_id
          WHERE n.email_topic IS NOT NULL AND n.emailed_at IS NULL AND (r.user_id IS NULL OR ${free('r')})
          GROUP BY n.user_id
         HAVING min(n.created_at) <= now() - $2 * interval '1 second'
          ORDER BY oldest
          LIMIT $3)
       INSERT INTO ${NOTIFICATION_EMAIL_RECIPIENTS} AS k (user_id, claimed_until)
       SELECT user_id, now() + $4 * interval '1 second' FROM due
       ON CONFLICT (user_id) DO UPDATE SET claimed_until = EXCLUDED.claimed_until, updated_at = now()
        WHERE ${free('k')}
       RETURNING ${selectList(RECIPIENT_COLUMNS, 'k')}`,
      [rule.windowSeconds, rule.gatherSeconds, limit, rule.leaseSeconds],
    );
    return returnedRows<ClaimedRecipient>(result);
  }

  /** The recipient's notifications waiting for an e-mail, newest first (at most `limit`). */
  pendingOf(userId: string, limit: number): Promise<PendingNotification[]> {
    return this.dataSource.query(
      `SELECT ${selectList(PENDING_COLUMNS)} FROM ${NOTIFICATIONS}
        WHERE user_id = $1 AND email_topic IS NOT NULL AND emailed_at IS NULL
        ORDER BY created_at DESC, id DESC LIMIT $2`,
      [userId, limit],
    );
  }

  /** Marks notifications mailed, or ruled out by the recipient's switches. */
  async markEmailed(ids: string[], manager: EntityManager = this.dataSource.manager): Promise<void> {
    if (ids.length === 0) return;
    await manager.query(
      `UPDATE ${NOTIFICATIONS} SET emailed_at = now() WHERE id = ANY($1::uuid[]) AND emailed_at IS NULL`,
      [ids],
    );
  }

  /** The e-mail went: its notifications marked and the window started, in one transaction. */
  async recordSent(userId: string, ids: string[]): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await this.markEmailed(ids, manager);
      await manager.query(
        `UPDATE ${NOTIFICATION_EMAIL_RECIPIENTS}
            SET last_sent_at = now(), failures = 0, retry_at = NULL, claimed_until = NULL, updated_at = now()
          WHERE user_id = $1`,
        [userId],
      );
    });
  }

  /** The send failed: the notifications stay waiting and the recipient is retried after `retryMs`. */
  async recordFailure(userId: string, retryMs: number): Promise<void> {
    await this.dataSource.query(
      `UPDATE ${NOTIFICATION_EMAIL_RECIPIENTS}
          SET failures = failures + 1, retry_at = now() + $2 * interval '1 millisecond', claimed_until = NULL,
              updated_at = now()
        WHERE user_id = $1`,
      [userId, retryMs],
    );
  }

  /**
   * Gives recipients back: unworked (the service is stopping), or `settled` when nothing was left to send (any
   * earlier failure no longer matters).
   */
  async release(userIds: string[], settled = false): Promise<void> {
    if (userIds.length === 0) return;
    await this.dataSource.query(
      `UPDATE ${NOTIFICATION_EMAIL_RECIPIENTS}
          SET claimed_until = NULL, updated_at = now(),
              failures = CASE WHEN $2 THEN 0 ELSE failures END,
              retry_at = CASE WHEN $2 THEN NULL ELSE retry_at END
        WHERE user_id = ANY($1::uuid[])`,
      [userIds, settled],
    );
  }

  /** Forgets recipients whose row no longer holds anything back: their window is over and no retry waits. */
  async prune(windowSeconds: number, limit: number): Promise<number> {
    const result: unknown = await this.dataSource.query(
      `DELETE FROM ${NOTIFICATION_EMAIL_RECIPIENTS} WHERE user_id IN (
         SELECT user_id FROM ${NOTIFICATION_EMAIL_RECIPIENTS}
          WHERE (last_sent_at IS NULL OR last_sent_at <= now() - $1 * interval '1 second')
            AND retry_at IS NULL AND (claimed_until IS NULL OR claimed_until <= now())
          LIMIT $2)
       RETURNING user_id`,
      [windowSeconds, limit],
    );
    return returnedRows(result).length;
  }
}
