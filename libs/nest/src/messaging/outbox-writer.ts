import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import type { EventDefinition, EventEnvelope } from '@copytrade/contracts';
import { markOutboxWritten } from './outbox-commit.subscriber';
import { MessagingException } from './messaging.exception';
import { messagingTableName } from './messaging-table-name.util';

export interface OutboxWriterOptions {
  /** The service's own Postgres schema, holding its outbox table. */
  schema: string;
  /** The service name written into every envelope; must match each event definition's producer. */
  producer: string;
}

export interface EventMeta {
  correlationId: string;
  causationId?: string;
  /**
   * The aggregate the event is about, qualified by its kind: `user:<uuid>`, `beta-request:<uuid>`. The
   * writer numbers each aggregate's events 1, 2, 3… and consumers apply them in that order, so every
   * consumer that orders by an aggregate must subscribe to all of that aggregate's events (split an
   * aggregate by event family when consumers filter on one family, e.g. `provider-user:` vs `brokerage-link:`).
   */
  aggregateId: string;
}

/**
 * Writes events into the outbox inside the caller's transaction, so the event exists if and only if the
 * business change commits. Publishing is the relay's job.
 */
export class OutboxWriter {
  private readonly table: string;

  private readonly aggregateTable: string;

  constructor(private readonly options: OutboxWriterOptions) {
    this.table = messagingTableName(options.schema, 'outbox');
    this.aggregateTable = messagingTableName(options.schema, 'outbox_aggregate');
  }

  async add<T>(
    manager: EntityManager,
    definition: EventDefinition<T>,
    data: T,
    meta: EventMeta,
  ): Promise<EventEnvelope<T>> {
    const queryRunner = manager.queryRunner;
    // Outside a transaction the row would commit on its own: the very dual write the outbox exists to prevent.
    if (!queryRunner?.isTransactionActive) {
      throw new MessagingException(
        'OUTBOX_REQUIRES_TRANSACTION',
        `Event ${definition.type} must be written with the EntityManager of an open transaction`,
      );
    }
    if (definition.producer !== this.options.producer) {
      throw new MessagingException(
        'OUTBOX_PRODUCER_MISMATCH',
        `Event ${definition.type} belongs to producer ${definition.producer}, not ${this.options.producer}`,
      );
    }
    if (!meta.aggregateId) {
      throw new MessagingException('OUTBOX_AGGREGATE_REQUIRED', `Event ${definition.type} needs an aggregateId`);
    }
    const aggregateVersion = await this.nextVersion(manager, meta.aggregateId);
    const envelope: EventEnvelope<T> = {
      id: randomUUID(),
      type: definition.type,
      version: definition.version,
      occurredAt: new Date().toISOString(),
      producer: this.options.producer,
      correlationId: meta.correlationId,
      ...(meta.causationId === undefined ? {} : { causationId: meta.causationId }),
      aggregateId: meta.aggregateId,
      aggregateVersion,
      data,
    };
    await manager.query(
      `INSERT INTO ${this.table} (id, subject, envelope, aggregate_id, aggregate_version) VALUES ($1, $2, $3, $4, $5)`,
      [envelope.id, definition.subject, JSON.stringify(envelope), meta.aggregateId, aggregateVersion],
    );
    markOutboxWritten(queryRunner);
    return envelope;
  }

  /**
   * The aggregate's next version, from a counter row per aggregate rather than from the producer's tables:
   * gapless (a rolled-back transaction rolls its increment back), several events per aggregate in one
   * transaction just take consecutive numbers, and no producer table needs a version column. The upsert's
   * row lock is held until commit, so a second transaction on the same aggregate waits, then numbers after
   * the first: version order is commit order, and so is `position` order (assigned after the lock).
   */
  private async nextVersion(manager: EntityManager, aggregateId: string): Promise<number> {
    const [row] = (await manager.query(
      `INSERT INTO ${this.aggregateTable} AS a (aggregate_id, last_version) VALUES ($1, 1)
       ON CONFLICT (aggregate_id) DO UPDATE SET last_version = a.last_version + 1
       RETURNING last_version`,
      [aggregateId],
    )) as Array<{ last_version: string }>;
    return Number(row.last_version);
  }
}
