import { jetstream, type JetStreamClient } from '@nats-io/jetstream';
import { createTestDatabase, expectEventually, natsUrl, uniqueSuffix, type TestDatabase } from '@copytrade/testing';
import { defineEvent, OpsAlertSubject, type OpsAlert } from '@copytrade/contracts';
import { register } from 'prom-client';
import { connectNats, ensureEventsStream } from './jetstream-connection';
import { SetAsideOutbox } from './outbox-set-aside';
import { MessagingException } from './messaging.exception';
import { OutboxRelay } from './outbox-relay';
import { OutboxWriter } from './outbox-writer';
import {
  MessagingTestContext,
  TEST_PRODUCER,
  TEST_SCHEMA,
  type ThingHappenedV1,
} from './test-support/messaging-test-context';
import { SilentLogger } from './test-support/silent-logger';

// The root config's per-project testTimeout is not applied by Jest; integration suites set their own.
jest.setTimeout(30_000);

interface OutboxRowState {
  id: string;
  published_at: Date | null;
  attempts: number;
  last_error: string | null;
}

describe('Outbox writer and relay', () => {
  let database: TestDatabase;
  let ctx: MessagingTestContext;
  let js: JetStreamClient;
  let writer: OutboxWriter;
  let relay: OutboxRelay;

  beforeAll(async () => {
    database = await createTestDatabase('outbox_relay');
    ctx = await MessagingTestContext.create(database.url, await natsUrl(), uniqueSuffix());
    js = jetstream(ctx.nc);
    writer = new OutboxWriter({ schema: TEST_SCHEMA, producer: TEST_PRODUCER });
  });

  beforeEach(async () => {
    // Each test starts from an empty outbox so relay counts are its own.
    await ctx.dataSource.query(`DELETE FROM ${TEST_SCHEMA}.outbox`);
    relay = new OutboxRelay(ctx.dataSource, ctx.nc, {
      schema: TEST_SCHEMA,
      pollIntervalMs: 50,
      logger: new SilentLogger(),
    });
  });

  afterEach(async () => {
    await relay.stop();
  });

  afterAll(async () => {
    await ctx?.close();
    await database?.drop();
  });

  async function outboxRows(): Promise<OutboxRowState[]> {
    return ctx.dataSource.query(
      `SELECT id, published_at, attempts, last_error FROM ${TEST_SCHEMA}.outbox ORDER BY created_at, position`,
    );
  }

  async function thingsCount(thingId: string): Promise<number> {
    return ctx.count(`SELECT count(*) FROM ${TEST_SCHEMA}.things WHERE id = $1`, [thingId]);
  }

  /** Payloads on a subject, in stream order. */
  async function publishedThingIds(subject: string): Promise<string[]> {
    const consumer = await js.consumers.get(ctx.stream, { filter_subjects: subject });
    const ids: string[] = [];
    const pending = (await ctx.streamMessageCount(subject)) as number;
    if (pending === 0) return ids;
    const messages = await consumer.fetch({ max_messages: pending, expires: 2_000 });
    for await (const msg of messages) ids.push(msg.json<{ data: ThingHappenedV1 }>().data.thingId);
    return ids;
  }

  it('business-row-and-event-committed-together-are-published-once-with-the-event-id-as-msg-id', async () => {
    const definition = ctx.definition('committed');
    const envelope = await ctx.dataSource.transaction(async (manager) => {
      await manager.query(`INSERT INTO ${TEST_SCHEMA}.things (id) VALUES ('thing-committed')`);
      return writer.add(
        manager,
        definition,
        { thingId: 'thing-committed' },
        { correlationId: 'req-1', aggregateId: 'thing:committed' },
      );
    });

    expect(await relay.relayOnce()).toBe(1);
    expect(await relay.relayOnce()).toBe(0);

    expect(await thingsCount('thing-committed')).toBe(1);
    expect(await outboxRows()).toEqual([
      expect.objectContaining({ id: envelope.id, published_at: expect.any(Date), attempts: 0 }),
    ]);
    expect(await ctx.streamMessageCount(definition.subject)).toBe(1);
    const stored = await ctx.jsm.streams.getMessage(ctx.stream, { last_by_subj: definition.subject });
    expect(stored?.header.get('Nats-Msg-Id')).toBe(envelope.id);
    expect(stored?.json()).toEqual(envelope);
    expect(envelope).toMatchObject({
      producer: TEST_PRODUCER,
      correlationId: 'req-1',
      type: 'ThingHappened',
      version: 1,
      aggregateId: 'thing:committed',
      aggregateVersion: 1,
    });
  });

  it('events-written-in-bulk-keep-their-order-and-their-text-exactly', async () => {
    const definition = ctx.definition('bulk');
    const awkward = 'quote " backslash \\ newline \n tab \t emoji 😀 accents éü {"json":[1]}';
    const envelopes = await ctx.dataSource.transaction((manager) =>
      writer.addMany(
        manager,
        ['x1', awkward, 'x3', 'y1'].map((thingId) => ({
          definition,
          data: { thingId },
          meta: { correlationId: 'req-bulk', aggregateId: thingId === 'y1' ? 'thing:y' : 'thing:x' },
        })),
      ),
    );

    const rows: Array<{ id: string; envelope: unknown; aggregate_id: string; aggregate_version: string }> =
      await ctx.dataSource.query(
        `SELECT id, envelope, aggregate_id, aggregate_version FROM ${TEST_SCHEMA}.outbox ORDER BY position`,
      );
    expect(rows.map((row) => row.id)).toEqual(envelopes.map((envelope) => envelope.id));
    expect(rows.map((row) => row.envelope)).toEqual(envelopes);
    expect(rows.map((row) => [row.aggregate_id, Number(row.aggregate_version)])).toEqual([
      ['thing:x', 1],
      ['thing:x', 2],
      ['thing:x', 3],
      ['thing:y', 1],
    ]);
    expect((rows[1]!.envelope as { data: ThingHappenedV1 }).data.thingId).toBe(awkward);
  });

  it('rolled-back-transaction-leaves-neither-business-row-nor-event', async () => {
    const definition = ctx.definition('rolled-back');
    await expect(
      ctx.dataSource.transaction(async (manager) => {
        await manager.query(`INSERT INTO ${TEST_SCHEMA}.things (id) VALUES ('thing-rolled-back')`);
        await writer.add(
          manager,
          definition,
          { thingId: 'thing-rolled-back' },
          { correlationId: 'req-2', aggregateId: 'thing:rolled-back' },
        );
        throw new Error('business rule failed after the event was written');
      }),
    ).rejects.toThrow('business rule failed');

    expect(await relay.relayOnce()).toBe(0);
    expect(await thingsCount('thing-rolled-back')).toBe(0);
    expect(await outboxRows()).toEqual([]);
    expect(await ctx.streamMessageCount(definition.subject)).toBe(0);
  });

  it('writing-an-event-outside-a-transaction-is-refused', async () => {
    const attempt = writer.add(
      ctx.dataSource.manager,
      ctx.definition('no-tx'),
      { thingId: 'thing-no-tx' },
      { correlationId: 'req-3', aggregateId: 'thing:no-tx' },
    );
    await expect(attempt).rejects.toBeInstanceOf(MessagingException);
    await expect(attempt).rejects.toMatchObject({ code: 'OUTBOX_REQUIRES_TRANSACTION' });
    expect(await outboxRows()).toEqual([]);
  });

  it('running-relay-publishes-each-aggregates-events-in-the-order-they-were-written', async () => {
    const definition = ctx.definition('ordered');
    await ctx.dataSource.transaction(async (manager) => {
      for (const thingId of ['a', 'b', 'c'])
        await writer.add(manager, definition, { thingId }, { correlationId: 'req-4', aggregateId: 'thing:ordered' });
    });
    await ctx.dataSource.transaction(async (manager) => {
      for (const thingId of ['d', 'e'])
        await writer.add(manager, definition, { thingId }, { correlationId: 'req-5', aggregateId: `thing:${thingId}` });
    });

    relay.start();
    await expectEventually(async () =>
      expect((await outboxRows()).every((row) => row.published_at !== null)).toBe(true),
    );
    // Different aggregates' rows are in flight together: the order holds within an aggregate (what consumers apply).
    const published = await publishedThingIds(definition.subject);
    expect(published.filter((id) => ['a', 'b', 'c'].includes(id))).toEqual(['a', 'b', 'c']);
    expect([...published].sort()).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('writer-numbers-each-aggregate-in-commit-order-without-gaps', async () => {
    const definition = ctx.definition('versions');
    const write = (thingId: string, aggregateId: string) =>
      ctx.dataSource.transaction((manager) =>
        writer.add(manager, definition, { thingId }, { correlationId: 'req-v', aggregateId }),
      );
    await write('a1', 'thing:a');
    // A rolled-back write takes no version.
    await expect(
      ctx.dataSource.transaction(async (manager) => {
        await writer.add(manager, definition, { thingId: 'lost' }, { correlationId: 'req-v', aggregateId: 'thing:a' });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    // The first transaction to start waits on the aggregate lock held by one that started later: it numbers after it.
    const blocker = ctx.dataSource.createQueryRunner();
    await blocker.startTransaction();
    const early = await writer.add(
      blocker.manager,
      definition,
      { thingId: 'a2' },
      { correlationId: 'req-v', aggregateId: 'thing:a' },
    );
    const late = write('a3', 'thing:a');
    await new Promise((resolve) => setTimeout(resolve, 200));
    await blocker.commitTransaction();
    await blocker.release();
    const other = await write('b1', 'thing:b');

    expect(early.aggregateVersion).toBe(2);
    expect((await late).aggregateVersion).toBe(3);
    expect(other).toMatchObject({ aggregateId: 'thing:b', aggregateVersion: 1 });
    const rows: Array<{ thing_id: string; aggregate_version: string }> = await ctx.dataSource.query(
      `SELECT envelope->'data'->>'thingId' AS thing_id, aggregate_version FROM ${TEST_SCHEMA}.outbox
        WHERE aggregate_id = 'thing:a' ORDER BY position`,
    );
    expect(rows.map((row) => [row.thing_id, Number(row.aggregate_version)])).toEqual([
      ['a1', 1],
      ['a2', 2],
      ['a3', 3],
    ]);
  });

  describe('giving way to the bulk work of its service', () => {
    const writeOne = (thingId: string) =>
      ctx.dataSource.transaction((manager) =>
        writer.add(manager, ctx.definition('give-way'), { thingId }, { correlationId: 'req-g', aggregateId: thingId }),
      );
    const published = async () => (await outboxRows()).filter((row) => row.published_at !== null).length;

    it('holds-its-events-while-the-work-runs-and-publishes-them-when-it-ends', async () => {
      let busy = true;
      relay.giveWayWhile(() => busy, 60_000);
      await writeOne('held-1');
      relay.start();
      relay.kick();
      await new Promise((resolve) => setTimeout(resolve, 500)); // ten poll intervals
      expect(await published()).toBe(0);

      busy = false;
      await expectEventually(async () => expect(await published()).toBe(1));
    });

    it('holds-them-no-longer-than-its-limit-when-the-work-never-pauses', async () => {
      relay.giveWayWhile(() => true, 400);
      await writeOne('held-2');
      const started = Date.now();
      relay.start();
      await expectEventually(async () => expect(await published()).toBe(1));
      expect(Date.now() - started).toBeGreaterThanOrEqual(400);
    });
  });

  it('publishing-holds-no-transaction-open-and-another-relay-never-takes-claimed-rows', async () => {
    const definition = ctx.definition('claims');
    await ctx.dataSource.transaction(async (manager) => {
      for (const thingId of ['c1', 'c2', 'c3'])
        await writer.add(manager, definition, { thingId }, { correlationId: 'req-c', aggregateId: `thing:${thingId}` });
    });
    const idleInTransaction: number[] = [];
    const secondRelayTook: number[] = [];
    const other = new OutboxRelay(ctx.dataSource, ctx.nc, { schema: TEST_SCHEMA, logger: new SilentLogger() });
    relay = new OutboxRelay(ctx.dataSource, ctx.nc, {
      schema: TEST_SCHEMA,
      logger: new SilentLogger(),
      // One row at a time: the hook's own claim (the other relay) must not be counted by a sibling's hook.
      publishConcurrency: 1,
      hooks: {
        afterPublish: async () => {
          idleInTransaction.push(
            await ctx.count(
              `SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND state LIKE 'idle in transaction%'`,
              [],
            ),
          );
          secondRelayTook.push(await other.relayOnce());
        },
      },
    });

    expect(await relay.relayOnce()).toBe(3);
    expect(idleInTransaction).toEqual([0, 0, 0]);
    expect(secondRelayTook).toEqual([0, 0, 0]);
    expect(await ctx.streamMessageCount(definition.subject)).toBe(3);
  });

  describe('a row that cannot be published', () => {
    // A subject no stream captures: JetStream refuses this row, and only this row.
    const unroutedDefinition = () =>
      defineEvent<ThingHappenedV1>({
        type: 'ThingHappened',
        version: 1,
        subject: `unrouted-${ctx.subjectPrefix}.thing.happened.v1`,
        producer: TEST_PRODUCER,
      });

    it('is-retried-then-set-aside-with-its-error-while-other-aggregates-keep-flowing-and-its-own-wait', async () => {
      const logger = new SilentLogger();
      relay = new OutboxRelay(ctx.dataSource, ctx.nc, {
        schema: TEST_SCHEMA,
        maxAttempts: 3,
        retryDelayMs: 1,
        maxRetryDelayMs: 1,
        logger,
      });
      const routed = ctx.definition('set-aside');
      await ctx.dataSource.transaction(async (manager) => {
        await writer.add(
          manager,
          unroutedDefinition(),
          { thingId: 'poison' },
          { correlationId: 'r', aggregateId: 'thing:p' },
        );
        await writer.add(manager, routed, { thingId: 'after-poison' }, { correlationId: 'r', aggregateId: 'thing:p' });
        await writer.add(manager, routed, { thingId: 'other' }, { correlationId: 'r', aggregateId: 'thing:q' });
      });
      const setAsideBefore = await metricValue('copytrade_outbox_set_aside_total');
      const alerts: OpsAlert[] = [];
      const subscription = ctx.nc.subscribe(OpsAlertSubject, {
        callback: (_error, message) => alerts.push(message.json<OpsAlert>()),
      });

      expect(await relay.relayOnce()).toBe(1); // the other aggregate is not stopped by the poison row
      expect(await publishedThingIds(routed.subject)).toEqual(['other']);
      const rowsAfterFirst = await rowsByThing();
      expect(rowsAfterFirst.poison).toMatchObject({ attempts: 1, set_aside_at: null, last_error: expect.any(String) });
      expect(rowsAfterFirst['after-poison']).toMatchObject({ attempts: 0, published_at: null }); // waits behind it

      for (let attempt = 2; attempt <= 3; attempt += 1) {
        await new Promise((resolve) => setTimeout(resolve, 20)); // its retry delay
        expect(await relay.relayOnce()).toBe(0);
      }
      const rows = await rowsByThing();
      expect(rows.poison).toMatchObject({
        attempts: 3,
        set_aside_at: expect.any(Date),
        last_error: expect.stringMatching(/jetstream|no responders/i),
      });
      expect(rows['after-poison']).toMatchObject({ attempts: 0, published_at: null, set_aside_at: null });
      expect(await relay.relayOnce()).toBe(0); // set aside: neither it nor its aggregate's later event is retried
      expect((await rowsByThing()).poison.attempts).toBe(3);
      expect(logger.lines.filter((line) => line.startsWith('error:') && line.includes('set aside'))).toHaveLength(1);
      expect(await metricValue('copytrade_outbox_set_aside_total')).toBe(setAsideBefore + 1);
      await ctx.nc.flush();
      expect(alerts).toEqual([
        {
          kind: 'outbox_set_aside',
          service: TEST_SCHEMA,
          id: rows.poison.id,
          subject: unroutedDefinition().subject,
          error: expect.any(String),
          occurredAt: expect.any(String),
        },
      ]);
      subscription.unsubscribe();

      // The operator fixes the cause (the stream now captures the subject) and hands the row back: its
      // aggregate's events then leave in order.
      await ensureEventsStream(ctx.nc, {
        stream: ctx.stream,
        subjects: [`${ctx.subjectPrefix}.>`, `unrouted-${ctx.subjectPrefix}.>`],
      });
      expect(await new SetAsideOutbox(ctx.dataSource, TEST_SCHEMA).retry()).toEqual([rows.poison.id]);
      expect(await relay.relayOnce()).toBe(2);
      expect(await publishedThingIds(routed.subject)).toEqual(['other', 'after-poison']);
      const poisonMsg = await ctx.jsm.streams.getMessage(ctx.stream, { last_by_subj: unroutedDefinition().subject });
      const afterMsg = await ctx.jsm.streams.getMessage(ctx.stream, { last_by_subj: routed.subject });
      expect(poisonMsg!.seq).toBeLessThan(afterMsg!.seq);
      await ensureEventsStream(ctx.nc, { stream: ctx.stream, subjects: [`${ctx.subjectPrefix}.>`] });
    });

    it('does-not-count-attempts-when-the-whole-stream-refuses', async () => {
      const definition = ctx.definition('stream-down');
      await ctx.dataSource.transaction((manager) =>
        writer.add(manager, definition, { thingId: 'waits' }, { correlationId: 'r', aggregateId: 'thing:w' }),
      );
      const closed = await connectNats(await natsUrl(), 'closed-relay-connection');
      await closed.close();
      const offline = new OutboxRelay(ctx.dataSource, closed, { schema: TEST_SCHEMA, logger: new SilentLogger() });

      const result = await offline.publishBatch();
      expect(result).toMatchObject({ published: 0, failed: true, rowFailures: 0 });
      expect((await rowsByThing()).waits).toMatchObject({ attempts: 0, published_at: null, claimed_until: null });
      expect(await relay.relayOnce()).toBe(1); // handed back at once, not left to its lease
    });
  });

  async function rowsByThing(): Promise<
    Record<string, OutboxRowState & { set_aside_at: Date | null; claimed_until: Date | null }>
  > {
    const rows: Array<OutboxRowState & { thing_id: string; set_aside_at: Date | null; claimed_until: Date | null }> =
      await ctx.dataSource.query(
        `SELECT envelope->'data'->>'thingId' AS thing_id, id, published_at, attempts, last_error, set_aside_at, claimed_until
           FROM ${TEST_SCHEMA}.outbox`,
      );
    return Object.fromEntries(rows.map((row) => [row.thing_id, row]));
  }
});

async function metricValue(name: string, labels: Record<string, string> = { service: TEST_SCHEMA }): Promise<number> {
  const metric = register.getSingleMetric(name);
  if (!metric) return 0;
  const { values } = await metric.get();
  const match = values.find((value) => Object.entries(labels).every(([key, wanted]) => value.labels[key] === wanted));
  return match?.value ?? 0;
}
