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
}

/**
 * Writes events into the outbox inside the caller's transaction, so the event exists if and only if the
 * business change commits. Publishing is the relay's job.
 */
export class OutboxWriter {
  private readonly table: string;

  constructor(private readonly options: OutboxWriterOptions) {
    this.table = messagingTableName(options.schema, 'outbox');
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
    const envelope: EventEnvelope<T> = {
      id: randomUUID(),
      type: definition.type,
      version: definition.version,
      occurredAt: new Date().toISOString(),
      producer: this.options.producer,
      correlationId: meta.correlationId,
      ...(meta.causationId === undefined ? {} : { causationId: meta.causationId }),
      data,
    };
    await manager.query(`INSERT INTO ${this.table} (id, subject, envelope) VALUES ($1, $2, $3)`, [
      envelope.id,
      definition.subject,
      JSON.stringify(envelope),
    ]);
    markOutboxWritten(queryRunner);
    return envelope;
  }
}
