import type { DataSource, EntityManager, EntitySubscriberInterface, TransactionCommitEvent } from 'typeorm';

/**
 * Runs a callback right after the outermost commit of a transaction that asked for it (`mark`): a consumer that
 * records work inside its inbox transaction wakes the workers only once that work is visible to them. Polling still
 * covers a wake-up this misses.
 */
export class AfterCommit implements EntitySubscriberInterface {
  private readonly key: string;

  constructor(
    dataSource: DataSource,
    name: string,
    private readonly callback: () => void,
  ) {
    this.key = `copytradeAfterCommit:${name}`;
    dataSource.subscribers.push(this);
  }

  /** Inside the transaction: its commit runs the callback. */
  mark(manager: EntityManager): void {
    if (manager.queryRunner) manager.queryRunner.data[this.key] = true;
    else this.callback();
  }

  afterTransactionCommit(event: TransactionCommitEvent): void {
    if (event.queryRunner.isTransactionActive || !event.queryRunner.data[this.key]) return;
    delete event.queryRunner.data[this.key];
    this.callback();
  }

  afterTransactionRollback(event: TransactionCommitEvent): void {
    if (!event.queryRunner.isTransactionActive) delete event.queryRunner.data[this.key];
  }
}
