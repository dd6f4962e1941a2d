import { randomUUID } from 'node:crypto';
import { jetstream, type JetStreamClient } from '@nats-io/jetstream';
import type { EntityManager } from 'typeorm';
import type { EventEnvelope } from '@copytrade/contracts';
import { createTestDatabase, expectEventually, natsUrl, uniqueSuffix, type TestDatabase } from '@copytrade/testing';
import { DurableEventConsumer, type DurableEventConsumerOptions } from './durable-event-consumer';
import { MessagingTestContext, TEST_SCHEMA, type ThingHappenedV1 } from './test-support/messaging-test-context';
import { SilentLogger } from './test-support/silent-logger';

// The root config's per-project testTimeout is not applied by Jest; integration suites set their own.
jest.setTimeout(30_000);

class RejectedByBusinessRule extends Error {}

describe('DurableEventConsumer failures', () => {
  let database: TestDatabase;
  let ctx: MessagingTestContext;
  let js: JetStreamClient;
  const running: Array<DurableEventConsumer<ThingHappenedV1>> = [];

  beforeAll(async () => {
    database = await createTestDatabase('consumer_failures');
    ctx = await MessagingTestContext.create(database.url, await natsUrl(), uniqueSuffix());
    js = jetstream(ctx.nc);
  });

  afterEach(async () => {
    await Promise.all(running.splice(0).map((consumer) => consumer.stop()));
  });

  afterAll(async () => {
    await ctx?.close();
    await database?.drop();
  });

  async function startConsumer(
    name: string,
    handler: (envelope: EventEnvelope<ThingHappenedV1>, manager: EntityManager) => Promise<void>,
    options: Partial<DurableEventConsumerOptions<ThingHappenedV1>> = {},
  ): Promise<void> {
    const consumer = new DurableEventConsumer<ThingHappenedV1>({
      dataSource: ctx.dataSource,
      nc: ctx.nc,
      schema: TEST_SCHEMA,
      stream: ctx.stream,
      durableName: name,
      filterSubject: ctx.definition(name).subject,
      handler,
      ackWaitMs: 5_000,
      backoffMs: [100, 200],
      logger: new SilentLogger(),
      ...options,
    });
    running.push(consumer);
    await consumer.start();
  }

  async function publish(name: string, eventId: string): Promise<void> {
    await js.publish(ctx.definition(name).subject, JSON.stringify(ctx.envelope(`thing-${name}`, eventId)), { msgID: eventId });
  }

  async function expectSettled(name: string): Promise<void> {
    await expectEventually(async () => expect(await ctx.consumerBacklog(name)).toEqual({ pending: 0, ackPending: 0 }));
  }

  it('handler-failing-transiently-twice-is-retried-and-its-effect-happens-once', async () => {
    let attempts = 0;
    const record = ctx.recordHandled('transient');
    await startConsumer('transient', async (envelope, manager) => {
      attempts += 1;
      await record(envelope, manager); // written before the failure: must be rolled back with it
      if (attempts <= 2) throw new Error(`database hiccup #${attempts}`);
    });
    const eventId = randomUUID();
    await publish('transient', eventId);

    await expectEventually(async () => expect(await ctx.handledCount('transient', eventId)).toBe(1));
    await expectSettled('transient');
    expect(attempts).toBe(3);
    expect(await ctx.handledCount('transient', eventId)).toBe(1);
    expect(await ctx.inboxCount('transient', eventId)).toBe(1);
    expect(await ctx.deadLetters('transient')).toEqual([]);
  });

  it('handler-failing-permanently-ends-in-dead-letter-with-no-effect-and-no-redelivery', async () => {
    let attempts = 0;
    const record = ctx.recordHandled('permanent');
    await startConsumer(
      'permanent',
      async (envelope, manager) => {
        attempts += 1;
        await record(envelope, manager);
        throw new RejectedByBusinessRule('copy target no longer exists');
      },
      { isPermanentError: (error) => error instanceof RejectedByBusinessRule },
    );
    const eventId = randomUUID();
    await publish('permanent', eventId);

    await expectEventually(async () =>
      expect(await ctx.deadLetters('permanent')).toEqual([
        expect.objectContaining({ event_id: eventId, error: 'copy target no longer exists', deliveries: 1 }),
      ]),
    );
    await expectSettled('permanent'); // terminated: the server will not deliver it again
    expect(attempts).toBe(1);
    expect(await ctx.handledCount('permanent', eventId)).toBe(0);
    expect(await ctx.inboxCount('permanent', eventId)).toBe(0);
    const [deadLetter] = await ctx.deadLetters('permanent');
    expect(JSON.parse(deadLetter.payload)).toMatchObject({ id: eventId, data: { thingId: 'thing-permanent' } });
  });

  it('handler-still-failing-at-max-deliver-ends-in-dead-letter-instead-of-being-dropped', async () => {
    let attempts = 0;
    await startConsumer(
      'exhausted',
      async () => {
        attempts += 1;
        throw new Error('broker API unavailable');
      },
      { maxDeliver: 3, backoffMs: [50] },
    );
    const eventId = randomUUID();
    await publish('exhausted', eventId);

    await expectEventually(async () =>
      expect(await ctx.deadLetters('exhausted')).toEqual([
        expect.objectContaining({ event_id: eventId, error: 'broker API unavailable', deliveries: 3 }),
      ]),
    );
    await expectSettled('exhausted');
    expect(attempts).toBe(3);
    expect(await ctx.inboxCount('exhausted', eventId)).toBe(0);
  });

  it('malformed-envelopes-go-to-dead-letter-without-reaching-the-handler', async () => {
    let attempts = 0;
    await startConsumer('malformed', async () => {
      attempts += 1;
    });
    const subject = ctx.definition('malformed').subject;
    await js.publish(subject, 'not json at all');
    await js.publish(subject, JSON.stringify({ id: 'not-a-uuid', type: 'ThingHappened' }));

    await expectEventually(async () => expect(await ctx.deadLetters('malformed')).toHaveLength(2));
    await expectSettled('malformed');
    const deadLetters = await ctx.deadLetters('malformed');
    expect(deadLetters.map((row) => row.event_id).sort()).toEqual(['not-a-uuid', null].sort());
    expect(deadLetters.map((row) => row.payload)).toContain('not json at all');
    expect(deadLetters.every((row) => row.error.startsWith('Malformed event envelope'))).toBe(true);
    expect(attempts).toBe(0);
  });
});
