import type { EntitySubscriberInterface, QueryRunner, TransactionCommitEvent, TransactionRollbackEvent } from 'typeorm';

/** Key in `queryRunner.data` set by OutboxWriter when a transaction holds new outbox rows. */
const OUTBOX_WRITTEN = 'copytradeOutboxWritten';

export function markOutboxWritten(queryRunner: QueryRunner): void {
  queryRunner.data[OUTBOX_WRITTEN] = true;
}

/**
 * Kicks the relay right after a transaction that wrote outbox rows commits, so an event leaves within
 * milliseconds instead of waiting for the next poll. Polling still covers anything this misses.
 */
export class OutboxCommitSubscriber implements EntitySubscriberInterface {
  constructor(private readonly onOutboxCommitted: () => void) {}

  afterTransactionCommit(event: TransactionCommitEvent): void {
    // A savepoint release also reports a commit; only the outermost COMMIT makes rows visible.
    if (event.queryRunner.isTransactionActive || !event.queryRunner.data[OUTBOX_WRITTEN]) return;
    delete event.queryRunner.data[OUTBOX_WRITTEN];
    this.onOutboxCommitted();
  }

  afterTransactionRollback(event: TransactionRollbackEvent): void {
    if (!event.queryRunner.isTransactionActive) delete event.queryRunner.data[OUTBOX_WRITTEN];
  }
}
