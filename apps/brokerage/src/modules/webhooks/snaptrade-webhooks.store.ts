import type { DataSource, EntityManager } from 'typeorm';
import type { SnaptradeWebhook } from './snaptrade-webhook.parser';

const TABLE = 'brokerage.snaptrade_webhooks';
const PURGE_BATCH = 1_000;

/**
 * Records the webhook once, inside the caller's transaction: false when its webhookId is already there (a
 * redelivery). A concurrent delivery of the same id waits on the primary key until the first commits, then sees it.
 */
export async function recordSnaptradeWebhook(
  manager: EntityManager,
  webhook: SnaptradeWebhook,
  outcome: 'accepted' | 'ignored',
): Promise<boolean> {
  const inserted = (await manager.query(
    `INSERT INTO ${TABLE} (webhook_id, event_type, provider_user_id, account_id, event_timestamp, outcome)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (webhook_id) DO NOTHING
     RETURNING webhook_id`,
    [webhook.webhookId, webhook.eventType, webhook.userId, webhook.accountId, webhook.eventTimestamp, outcome],
  )) as unknown[];
  return inserted.length === 1;
}

/** Deletes rows received before `cutoff`, in small batches (short statements, short locks). */
export async function purgeSnaptradeWebhooks(dataSource: DataSource, cutoff: Date): Promise<number> {
  let total = 0;
  for (;;) {
    const [, deleted] = (await dataSource.query(
      `DELETE FROM ${TABLE} WHERE ctid IN (SELECT ctid FROM ${TABLE} WHERE received_at < $1 LIMIT ${PURGE_BATCH})`,
      [cutoff],
    )) as [unknown[], number];
    total += deleted;
    if (deleted < PURGE_BATCH) return total;
  }
}
