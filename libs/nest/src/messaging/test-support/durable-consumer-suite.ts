import { randomUUID } from 'node:crypto';
import { jetstream, type JetStreamClient, type PubAck } from '@nats-io/jetstream';
import { createTestDatabase, expectEventually, natsUrl, uniqueSuffix, type TestDatabase } from '@copytrade/testing';
import { DurableEventConsumer, type DurableEventConsumerOptions } from '../durable-event-consumer';
import { MessagingTestContext, TEST_SCHEMA, type ThingHappenedV1 } from './messaging-test-context';
import { SilentLogger } from './silent-logger';

/** What a test chooses for its consumer; everything else comes from the suite's context. */
export type TestConsumerOptions = Pick<DurableEventConsumerOptions<ThingHappenedV1>, 'durableName' | 'handler'> &
  Partial<DurableEventConsumerOptions<ThingHappenedV1>>;

/**
 * The fixture of a DurableEventConsumer suite. Call it inside `describe`: it registers the suite's hooks,
 * so `ctx` and `js` are set from `beforeAll` on, and the consumers the tests create are stopped after each test.
 */
export interface DurableConsumerSuite {
  /** The suite's own database, stream and subject prefix (see MessagingTestContext). */
  readonly ctx: MessagingTestContext;
  /** JetStream on the context's connection, for publishing the test events. */
  readonly js: JetStreamClient;
  /**
   * A consumer of the test event on `topic`'s subject, in the context's schema and stream (ack wait 5 s, a
   * silent logger, unless `options` say otherwise). Not started; it is stopped after the test.
   */
  consumer(topic: string, options: TestConsumerOptions): DurableEventConsumer<ThingHappenedV1>;
  /** Publishes the test event `eventId` about `thingId` on `topic`'s subject (JetStream de-duplicates by `msgID`). */
  publish(topic: string, thingId: string, eventId: string, msgID?: string): Promise<PubAck>;
  /** Publishes the test event as version `version` of aggregate `aggregateId`. */
  publishVersion(topic: string, thingId: string, aggregateId: string, version: number): Promise<PubAck>;
  /** Waits until the durable has nothing left to deliver and nothing awaiting an ack. */
  expectSettled(durableName: string): Promise<void>;
  /** Stops every consumer created since the last stop (done after each test anyway). */
  stopConsumers(): Promise<void>;
}

/** Registers the hooks of a DurableEventConsumer suite on a fresh database named after `databaseLabel`. */
export function useDurableConsumerSuite(databaseLabel: string): DurableConsumerSuite {
  let database: TestDatabase | undefined;
  let ctx: MessagingTestContext | undefined;
  let js: JetStreamClient | undefined;
  const running: Array<DurableEventConsumer<ThingHappenedV1>> = [];
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('The durable consumer suite is used before its beforeAll ran');
    return value;
  };

  beforeAll(async () => {
    database = await createTestDatabase(databaseLabel);
    ctx = await MessagingTestContext.create(database.url, await natsUrl(), uniqueSuffix());
    js = jetstream(ctx.nc);
  });

  const suite: DurableConsumerSuite = {
    get ctx() {
      return started(ctx);
    },
    get js() {
      return started(js);
    },
    consumer(topic, options) {
      const consumer = new DurableEventConsumer<ThingHappenedV1>({
        dataSource: suite.ctx.dataSource,
        nc: suite.ctx.nc,
        schema: TEST_SCHEMA,
        stream: suite.ctx.stream,
        filterSubject: suite.ctx.definition(topic).subject,
        ackWaitMs: 5_000,
        logger: new SilentLogger(),
        ...options,
      });
      running.push(consumer);
      return consumer;
    },
    publish(topic, thingId, eventId, msgID = eventId) {
      return suite.js.publish(
        suite.ctx.definition(topic).subject,
        JSON.stringify(suite.ctx.envelope(thingId, eventId)),
        { msgID },
      );
    },
    publishVersion(topic, thingId, aggregateId, version) {
      const envelope = suite.ctx.envelope(thingId, randomUUID(), { id: aggregateId, version });
      return suite.js.publish(suite.ctx.definition(topic).subject, JSON.stringify(envelope), { msgID: envelope.id });
    },
    async expectSettled(durableName) {
      await expectEventually(async () =>
        expect(await suite.ctx.consumerBacklog(durableName)).toEqual({ pending: 0, ackPending: 0 }),
      );
    },
    async stopConsumers() {
      await Promise.all(running.splice(0).map((consumer) => consumer.stop()));
    },
  };

  afterEach(() => suite.stopConsumers());

  afterAll(async () => {
    await ctx?.close();
    await database?.drop();
  });

  return suite;
}
