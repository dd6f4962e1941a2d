import type { DataSource, EntityManager } from 'typeorm';
import type { EventEnvelope } from '@copytrade/contracts';
import { returnedRows } from '../database/returned-rows';
import { MessagingException } from './messaging.exception';
import { messagingTableName } from './messaging-table-name.util';

export interface AggregateRef {
  producer: string;
  id: string;
  version: number;
}

/** Where an event stands against the last version its consumer applied for its aggregate. */
export type VersionCheck = 'next' | 'stale' | 'early';

/**
 * The aggregate of an envelope, or null for a legacy event written before aggregates were recorded (applied
 * in arrival order, as before). Half-present or ill-typed fields cannot become valid on redelivery.
 */
export function aggregateOf(envelope: EventEnvelope): AggregateRef | null {
  const { aggregateId, aggregateVersion, producer } = envelope;
  if (aggregateId === undefined && aggregateVersion === undefined) return null;
  if (typeof aggregateId !== 'string' || aggregateId === '' || !Number.isSafeInteger(aggregateVersion)) {
    throw new MessagingException(
      'MALFORMED_EVENT_ENVELOPE',
      'Malformed event envelope: aggregateId must be a non-empty string with an integer aggregateVersion',
    );
  }
  if ((aggregateVersion as number) < 1)
    throw new MessagingException('MALFORMED_EVENT_ENVELOPE', 'Malformed event envelope: aggregateVersion must be ≥ 1');
  return { producer, id: aggregateId, version: aggregateVersion as number };
}

/**
 * Per consumer, the last version applied per aggregate (inbox_aggregate, one row per aggregate) and the
 * hold-backs of events that arrived before their predecessor (inbox_held, deleted once the event is applied
 * or dead-lettered, and purged with the inbox).
 */
export class AggregateOrder {
  private readonly positions: string;
  private readonly held: string;

  constructor(
    private readonly dataSource: DataSource,
    schema: string,
    private readonly consumer: string,
  ) {
    this.positions = messagingTableName(schema, 'inbox_aggregate');
    this.held = messagingTableName(schema, 'inbox_held');
  }

  /**
   * Inside the event's transaction: locks the aggregate's row (so replicas apply one aggregate one event at a
   * time) and, for the next version, records it as applied; the caller then runs the handler in the same
   * transaction, so a rollback also rolls the version back.
   */
  async claim(manager: EntityManager, aggregate: AggregateRef): Promise<VersionCheck> {
    const key = [this.consumer, aggregate.producer, aggregate.id];
    // The usual case in one statement: the aggregate's row created at version 1 (a first event; a later one
    // creates it at 0, then is early) or moved to the next version; the upsert locks the row either way.
    const [advanced] = (await manager.query(
      `INSERT INTO ${this.positions} AS p (consumer, producer, aggregate_id, last_version)
       VALUES ($1, $2, $3, CASE WHEN $4::bigint = 1 THEN 1 ELSE 0 END)
       ON CONFLICT (consumer, producer, aggregate_id)
         DO UPDATE SET last_version = $4::bigint, updated_at = now() WHERE p.last_version = $4::bigint - 1
       RETURNING last_version`,
      [...key, aggregate.version],
    )) as Array<{ last_version: string }>;
    if (advanced && Number(advanced.last_version) === aggregate.version) return 'next';
    // Not the next version: created at 0 just now (early), or not moved; the row is locked by the upsert.
    const [row] = advanced
      ? [advanced]
      : ((await manager.query(
          `SELECT last_version FROM ${this.positions} WHERE consumer = $1 AND producer = $2 AND aggregate_id = $3`,
          key,
        )) as Array<{ last_version: string }>);
    const last = Number(row!.last_version);
    return aggregate.version <= last ? 'stale' : 'early';
  }

  /**
   * `claim` for a group of events of distinct aggregates, in three statements whatever their number: the missing rows
   * created at 0, the ones at their event's previous version moved to it (locked), the rest read to tell a stale event
   * from an early one. Answers each aggregate's check, in the order given.
   */
  async claimAll(manager: EntityManager, aggregates: AggregateRef[]): Promise<VersionCheck[]> {
    if (new Set(aggregates.map((aggregate) => `${aggregate.producer}\u0000${aggregate.id}`)).size !== aggregates.length)
      throw new Error('claimAll needs distinct aggregates');
    const columns = [
      aggregates.map((aggregate) => aggregate.producer),
      aggregates.map((aggregate) => aggregate.id),
      aggregates.map((aggregate) => String(aggregate.version)),
    ];
    const input = `unnest($2::text[], $3::text[], $4::bigint[]) AS i(producer, aggregate_id, version)`;
    await manager.query(
      `INSERT INTO ${this.positions} (consumer, producer, aggregate_id, last_version)
       SELECT $1, i.producer, i.aggregate_id, 0 FROM ${input}
       ON CONFLICT (consumer, producer, aggregate_id) DO NOTHING`,
      [this.consumer, ...columns],
    );
    const advanced = returnedRows<{ producer: string; aggregate_id: string }>(
      await manager.query(
        `UPDATE ${this.positions} p SET last_version = i.version, updated_at = now()
         FROM ${input}
        WHERE p.consumer = $1 AND p.producer = i.producer AND p.aggregate_id = i.aggregate_id
          AND p.last_version = i.version - 1
       RETURNING p.producer, p.aggregate_id`,
        [this.consumer, ...columns],
      ),
    );
    const moved = new Set(advanced.map((row) => `${row.producer}\u0000${row.aggregate_id}`));
    const checks = aggregates.map((aggregate): VersionCheck | null =>
      moved.has(`${aggregate.producer}\u0000${aggregate.id}`) ? 'next' : null,
    );
    if (checks.every((check) => check === 'next')) return checks as VersionCheck[];
    const rows = (await manager.query(
      `SELECT p.producer, p.aggregate_id, p.last_version FROM ${this.positions} p JOIN ${input}
          ON p.producer = i.producer AND p.aggregate_id = i.aggregate_id
        WHERE p.consumer = $1`,
      [this.consumer, ...columns],
    )) as Array<{ producer: string; aggregate_id: string; last_version: string }>;
    const last = new Map(rows.map((row) => [`${row.producer}\u0000${row.aggregate_id}`, Number(row.last_version)]));
    return aggregates.map((aggregate, index) => {
      if (checks[index]) return checks[index]!;
      return aggregate.version <= last.get(`${aggregate.producer}\u0000${aggregate.id}`)! ? 'stale' : 'early';
    });
  }

  /** Records one more hold-back of the event; returns how many so far and for how long it has been held. */
  async hold(eventId: string): Promise<{ holds: number; heldMs: number }> {
    const [row] = (await this.dataSource.query(
      `INSERT INTO ${this.held} AS h (consumer, event_id, holds) VALUES ($1, $2, 1)
       ON CONFLICT (consumer, event_id) DO UPDATE SET holds = h.holds + 1
       RETURNING holds, (extract(epoch FROM now() - first_held_at) * 1000)::float8 AS held_ms`,
      [this.consumer, eventId],
    )) as Array<{ holds: number; held_ms: number }>;
    return { holds: row.holds, heldMs: row.held_ms };
  }

  /** Deliveries of the event that were hold-backs, not failures. */
  async holds(eventId: string): Promise<number> {
    const [row] = (await this.dataSource.query(`SELECT holds FROM ${this.held} WHERE consumer = $1 AND event_id = $2`, [
      this.consumer,
      eventId,
    ])) as Array<{ holds: number }>;
    return row?.holds ?? 0;
  }

  async release(eventId: string, manager: EntityManager | DataSource = this.dataSource): Promise<void> {
    await manager.query(`DELETE FROM ${this.held} WHERE consumer = $1 AND event_id = $2`, [this.consumer, eventId]);
  }
}
