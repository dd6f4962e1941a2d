import { jetstream, type JetStreamClient } from '@nats-io/jetstream';
import { createTestDatabase, expectEventually, natsUrl, uniqueSuffix, type TestDatabase } from '@copytrade/testing';
import { defineEvent } from '@copytrade/contracts';
import { ensureEventsStream } from './jetstream-connection';
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
      return writer.add(manager, definition, { thingId: 'thing-committed' }, { correlationId: 'req-1' });
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
    });
  });

  it('rolled-back-transaction-leaves-neither-business-row-nor-event', async () => {
    const definition = ctx.definition('rolled-back');
    await expect(
      ctx.dataSource.transaction(async (manager) => {
        await manager.query(`INSERT INTO ${TEST_SCHEMA}.things (id) VALUES ('thing-rolled-back')`);
        await writer.add(manager, definition, { thingId: 'thing-rolled-back' }, { correlationId: 'req-2' });
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
      { correlationId: 'req-3' },
    );
    await expect(attempt).rejects.toBeInstanceOf(MessagingException);
    await expect(attempt).rejects.toMatchObject({ code: 'OUTBOX_REQUIRES_TRANSACTION' });
    expect(await outboxRows()).toEqual([]);
  });

  it('running-relay-publishes-events-in-the-order-they-were-written', async () => {
    const definition = ctx.definition('ordered');
    await ctx.dataSource.transaction(async (manager) => {
      for (const thingId of ['a', 'b', 'c'])
        await writer.add(manager, definition, { thingId }, { correlationId: 'req-4' });
    });
    await ctx.dataSource.transaction(async (manager) => {
      for (const thingId of ['d', 'e']) await writer.add(manager, definition, { thingId }, { correlationId: 'req-5' });
    });

    relay.start();
    await expectEventually(async () =>
      expect((await outboxRows()).every((row) => row.published_at !== null)).toBe(true),
    );
    expect(await publishedThingIds(definition.subject)).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('failed-publish-keeps-the-event-and-those-after-it-and-publishes-them-once-the-broker-accepts', async () => {
    // A subject no stream captures yet: JetStream refuses the publish, as during a stream outage.
    const unrouted = defineEvent<ThingHappenedV1>({
      type: 'ThingHappened',
      version: 1,
      subject: `unrouted-${ctx.subjectPrefix}.thing.happened.v1`,
      producer: TEST_PRODUCER,
    });
    const routed = ctx.definition('after-failure');
    await ctx.dataSource.transaction(async (manager) => {
      await writer.add(manager, unrouted, { thingId: 'first' }, { correlationId: 'req-6' });
      await writer.add(manager, routed, { thingId: 'second' }, { correlationId: 'req-6' });
    });

    expect(await relay.relayOnce()).toBe(0);
    const [first, second] = await outboxRows();
    expect(first).toMatchObject({ published_at: null, attempts: 1, last_error: expect.any(String) });
    expect(second).toMatchObject({ published_at: null, attempts: 0 }); // order kept: not published past the failure
    expect(await ctx.streamMessageCount(routed.subject)).toBe(0);

    await ensureEventsStream(ctx.nc, {
      stream: ctx.stream,
      subjects: [`${ctx.subjectPrefix}.>`, `unrouted-${ctx.subjectPrefix}.>`],
    });
    expect(await relay.relayOnce()).toBe(2);
    expect((await outboxRows()).every((row) => row.published_at !== null)).toBe(true);
    expect(await ctx.streamMessageCount(unrouted.subject)).toBe(1);
    expect(await ctx.streamMessageCount(routed.subject)).toBe(1);
  });

  it('purge-deletes-only-published-rows-older-than-the-cutoff', async () => {
    const definition = ctx.definition('purge');
    await ctx.dataSource.transaction(async (manager) => {
      for (const thingId of ['old', 'recent', 'unpublished'])
        await writer.add(manager, definition, { thingId }, { correlationId: 'req-7' });
    });
    await ctx.dataSource.query(
      `UPDATE ${TEST_SCHEMA}.outbox SET published_at = CASE envelope->'data'->>'thingId'
         WHEN 'old' THEN now() - interval '8 days' WHEN 'recent' THEN now() - interval '1 hour' END`,
    );

    expect(await relay.purgePublished(new Date(Date.now() - 7 * 24 * 3600 * 1000))).toBe(1);
    const remaining: Array<{ thing_id: string }> = await ctx.dataSource.query(
      `SELECT envelope->'data'->>'thingId' AS thing_id FROM ${TEST_SCHEMA}.outbox ORDER BY position`,
    );
    expect(remaining.map((row) => row.thing_id)).toEqual(['recent', 'unpublished']);
  });
});
