import { Logger } from '@nestjs/common';
import type { DataSource, EntityManager, EntitySubscriberInterface, TransactionCommitEvent } from 'typeorm';
import { errorMessage } from '../messaging/messaging-logger';

const AFTER_COMMIT = 'copytradeAfterCommit';
type Callback = () => Promise<void> | void;

/** Runs the callbacks queued on a query runner once its outermost transaction commits (awaited by the commit). */
class AfterCommitSubscriber implements EntitySubscriberInterface {
  private readonly logger = new Logger('AfterCommit');

  async afterTransactionCommit({ queryRunner }: TransactionCommitEvent): Promise<void> {
    const callbacks = queryRunner.data[AFTER_COMMIT] as Callback[] | undefined;
    if (queryRunner.isTransactionActive || !callbacks) return;
    delete queryRunner.data[AFTER_COMMIT];
    // The transaction is committed: a failing callback must not make the caller believe it was not.
    for (const callback of callbacks)
      await Promise.resolve()
        .then(callback)
        .catch((error: unknown) => this.logger.warn(`After-commit work failed: ${errorMessage(error)}`));
  }

  afterTransactionRollback({ queryRunner }: TransactionCommitEvent): void {
    if (!queryRunner.isTransactionActive) delete queryRunner.data[AFTER_COMMIT];
  }
}

const installed = new WeakSet<DataSource>();

/**
 * Queues work that must only happen once the caller's transaction is visible to others (telling caches to
 * drop what the transaction changed). TypeORM awaits it inside `commitTransaction`, so it has run before the
 * transaction's promise resolves and before any reply is sent; a failure is logged, never thrown (the change is
 * committed). Without an open transaction it runs at once.
 */
export async function runAfterCommit(manager: EntityManager, callback: Callback): Promise<void> {
  const queryRunner = manager.queryRunner;
  if (!queryRunner?.isTransactionActive) return callback();
  const dataSource = manager.connection;
  if (!installed.has(dataSource)) {
    dataSource.subscribers.push(new AfterCommitSubscriber());
    installed.add(dataSource);
  }
  ((queryRunner.data[AFTER_COMMIT] ??= []) as Callback[]).push(callback);
}
