import { jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { DataSource, type EntityManager } from 'typeorm';
import { defineEvent, type EventDefinition, type EventEnvelope } from '@copytrade/contracts';
import { connectNats, ensureEventsStream } from '../jetstream-connection';
import { createMessagingTables, upgradeMessagingTablesForOrdering } from '../messaging-tables.migration-helper';

export const TEST_SCHEMA = 'svc';
export const TEST_PRODUCER = 'test-producer';

export interface ThingHappenedV1 {
  thingId: string;
}

/**
 * Real Postgres (a fresh database per suite) and a stream and subject prefix of the suite's own, plus a
 * `handled_events` table WITHOUT a unique key, so a handler effect that ran twice shows up as two rows.
 */
export class MessagingTestContext {
  private constructor(
    readonly dataSource: DataSource,
    readonly nc: NatsConnection,
    readonly jsm: JetStreamManager,
    readonly stream: string,
    readonly subjectPrefix: string,
  ) {}

  static async create(databaseUrl: string, natsUrl: string, suffix: string): Promise<MessagingTestContext> {
    const dataSource = new DataSource({ type: 'postgres', url: databaseUrl, poolSize: 8 });
    await dataSource.initialize();
    const queryRunner = dataSource.createQueryRunner();
    try {
      await createMessagingTables(queryRunner, TEST_SCHEMA);
      await upgradeMessagingTablesForOrdering(queryRunner, TEST_SCHEMA);
      await queryRunner.query(`
        CREATE TABLE ${TEST_SCHEMA}.handled_events (
          id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
          consumer text NOT NULL,
          event_id uuid NOT NULL,
          thing_id text NOT NULL
        )`);
      await queryRunner.query(`CREATE TABLE ${TEST_SCHEMA}.things (id text PRIMARY KEY)`);
    } finally {
      await queryRunner.release();
    }
    const nc = await connectNats(natsUrl, `messaging-test-${suffix}`);
    const stream = `TEST_MESSAGING_${suffix}`;
    const subjectPrefix = `test-${suffix}`;
    await ensureEventsStream(nc, { stream, subjects: [`${subjectPrefix}.>`] });
    return new MessagingTestContext(dataSource, nc, await jetstreamManager(nc), stream, subjectPrefix);
  }

  /** The test event on its own subject per test (`<prefix>.<topic>.thing.happened.v1`), so tests never see each other's events. */
  definition(topic: string): EventDefinition<ThingHappenedV1> {
    return defineEvent<ThingHappenedV1>({
      type: 'ThingHappened',
      version: 1,
      subject: `${this.subjectPrefix}.${topic}.thing.happened.v1`,
      producer: TEST_PRODUCER,
    });
  }

  /** The effect every test handler performs: one row per handler run. */
  recordHandled(consumer: string): (envelope: EventEnvelope<ThingHappenedV1>, manager: EntityManager) => Promise<void> {
    return async (envelope, manager) => {
      await manager.query(
        `INSERT INTO ${TEST_SCHEMA}.handled_events (consumer, event_id, thing_id) VALUES ($1, $2, $3)`,
        [consumer, envelope.id, envelope.data.thingId],
      );
    };
  }

  /** The test event; with `aggregate`, as version `aggregate.version` of aggregate `aggregate.id`. */
  envelope(thingId: string, id: string, aggregate?: { id: string; version: number }): EventEnvelope<ThingHappenedV1> {
    return {
      id,
      type: 'ThingHappened',
      version: 1,
      occurredAt: new Date().toISOString(),
      producer: TEST_PRODUCER,
      correlationId: `corr-${thingId}`,
      ...(aggregate ? { aggregateId: aggregate.id, aggregateVersion: aggregate.version } : {}),
      data: { thingId },
    };
  }

  /** Thing ids a consumer's handler recorded, in the order it applied them. */
  async handledThingIds(consumer: string): Promise<string[]> {
    const rows: Array<{ thing_id: string }> = await this.dataSource.query(
      `SELECT thing_id FROM ${TEST_SCHEMA}.handled_events WHERE consumer = $1 ORDER BY id`,
      [consumer],
    );
    return rows.map((row) => row.thing_id);
  }

  async handledCount(consumer: string, eventId: string): Promise<number> {
    return this.count(`SELECT count(*) FROM ${TEST_SCHEMA}.handled_events WHERE consumer = $1 AND event_id = $2`, [
      consumer,
      eventId,
    ]);
  }

  async inboxCount(consumer: string, eventId: string): Promise<number> {
    return this.count(`SELECT count(*) FROM ${TEST_SCHEMA}.inbox WHERE consumer = $1 AND event_id = $2`, [
      consumer,
      eventId,
    ]);
  }

  async deadLetters(
    consumer: string,
  ): Promise<Array<{ id: string; event_id: string | null; error: string; deliveries: number; payload: string }>> {
    return this.dataSource.query(
      `SELECT id, event_id, error, deliveries, payload FROM ${TEST_SCHEMA}.dead_letter WHERE consumer = $1 ORDER BY created_at`,
      [consumer],
    );
  }

  async streamMessageCount(subject?: string): Promise<number> {
    const info = await this.jsm.streams.info(this.stream, subject ? { subjects_filter: subject } : undefined);
    return subject ? (info.state.subjects?.[subject] ?? 0) : info.state.messages;
  }

  /** Messages the durable has not yet received, or received and not yet acked/terminated. */
  async consumerBacklog(durableName: string): Promise<{ pending: number; ackPending: number }> {
    const info = await this.jsm.consumers.info(this.stream, durableName);
    return { pending: info.num_pending, ackPending: info.num_ack_pending };
  }

  async count(sql: string, params: unknown[]): Promise<number> {
    const [row] = (await this.dataSource.query(sql, params)) as Array<{ count: string }>;
    return Number(row.count);
  }

  async close(): Promise<void> {
    await this.jsm.streams.delete(this.stream).catch(() => undefined);
    await this.nc.drain().catch(() => undefined);
    await this.dataSource.destroy();
  }
}
