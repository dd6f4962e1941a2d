import { randomUUID } from 'node:crypto';
import { jetstream, type JetStreamClient } from '@nats-io/jetstream';
import { createTestDatabase, expectEventually, natsUrl, uniqueSuffix, type TestDatabase } from '@copytrade/testing';
import { DurableEventConsumer } from './durable-event-consumer';
import { connectNats } from './jetstream-connection';
import { MessagingTestContext, TEST_SCHEMA, type ThingHappenedV1 } from './test-support/messaging-test-context';
import { SilentLogger } from './test-support/silent-logger';
import { TcpProxy } from './test-support/tcp-proxy';

// The root config's per-project testTimeout is not applied by Jest; integration suites set their own.
jest.setTimeout(30_000);

describe('DurableEventConsumer delivery', () => {
  let database: TestDatabase;
  let ctx: MessagingTestContext;
  let js: JetStreamClient;
  const running: Array<DurableEventConsumer<ThingHappenedV1>> = [];

  beforeAll(async () => {
    database = await createTestDatabase('consumer_delivery');
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

  function consumer(durableName: string, topic: string, nc = ctx.nc, ackWaitMs = 5_000): DurableEventConsumer<ThingHappenedV1> {
    const instance = new DurableEventConsumer({
      dataSource: ctx.dataSource,
      nc,
      schema: TEST_SCHEMA,
      stream: ctx.stream,
      durableName,
      filterSubject: ctx.definition(topic).subject,
      handler: ctx.recordHandled(durableName),
      ackWaitMs,
      logger: new SilentLogger(),
    });
    running.push(instance);
    return instance;
  }

  async function publish(topic: string, thingId: string, eventId: string, msgID = eventId) {
    return js.publish(ctx.definition(topic).subject, JSON.stringify(ctx.envelope(thingId, eventId)), { msgID });
  }

  async function expectSettled(durableName: string): Promise<void> {
    await expectEventually(async () => expect(await ctx.consumerBacklog(durableName)).toEqual({ pending: 0, ackPending: 0 }));
  }

  it('event-published-while-its-consumer-is-down-is-handled-once-when-it-comes-up', async () => {
    const first = consumer('down', 'down');
    await first.start();
    await first.stop();

    const eventId = randomUUID();
    await publish('down', 'thing-down', eventId);
    expect(await ctx.consumerBacklog('down')).toEqual({ pending: 1, ackPending: 0 });
    expect(await ctx.handledCount('down', eventId)).toBe(0);

    await consumer('down', 'down').start();

    await expectEventually(async () => expect(await ctx.handledCount('down', eventId)).toBe(1));
    await expectSettled('down');
    expect(await ctx.inboxCount('down', eventId)).toBe(1);
  });

  it('duplicate-publish-with-the-same-msg-id-is-stored-once-and-handled-once', async () => {
    const eventId = randomUUID();
    const firstAck = await publish('dup', 'thing-dup', eventId);
    const secondAck = await publish('dup', 'thing-dup', eventId);

    expect(firstAck.duplicate).toBe(false);
    expect(secondAck).toMatchObject({ duplicate: true, seq: firstAck.seq });
    expect(await ctx.streamMessageCount(ctx.definition('dup').subject)).toBe(1);

    await consumer('dup', 'dup').start();
    await expectEventually(async () => expect(await ctx.handledCount('dup', eventId)).toBe(1));
    await expectSettled('dup');
    expect(await ctx.handledCount('dup', eventId)).toBe(1);
  });

  it('same-event-delivered-again-as-a-new-stream-message-changes-nothing', async () => {
    // A re-publish after the duplicate window (or a replay) reaches the stream as a second message.
    const eventId = randomUUID();
    await publish('redeliver', 'thing-redeliver', eventId);
    await consumer('redeliver', 'redeliver').start();
    await expectEventually(async () => expect(await ctx.handledCount('redeliver', eventId)).toBe(1));

    const replay = await publish('redeliver', 'thing-redeliver', eventId, `${eventId}-after-window`);
    expect(replay.duplicate).toBe(false);
    expect(await ctx.streamMessageCount(ctx.definition('redeliver').subject)).toBe(2);

    await expectSettled('redeliver');
    expect(await ctx.handledCount('redeliver', eventId)).toBe(1);
    expect(await ctx.inboxCount('redeliver', eventId)).toBe(1);
  });

  it('consumer-keeps-handling-events-after-its-nats-connection-drops', async () => {
    const proxy = await TcpProxy.start(await natsUrl());
    const proxiedNc = await connectNats(proxy.url, 'consumer-behind-proxy', { reconnectTimeWait: 200 });
    const statuses: string[] = [];
    void (async () => {
      for await (const status of proxiedNc.status()) statuses.push(status.type);
    })();
    try {
      await consumer('reconnect', 'reconnect', proxiedNc).start();
      const before = randomUUID();
      await publish('reconnect', 'thing-before', before);
      await expectEventually(async () => expect(await ctx.handledCount('reconnect', before)).toBe(1));

      proxy.cut();
      await expectEventually(() => expect(statuses).toContain('disconnect'));
      const during = randomUUID();
      await publish('reconnect', 'thing-during', during);
      expect(await ctx.handledCount('reconnect', during)).toBe(0);
      proxy.restore();

      await expectEventually(async () => expect(await ctx.handledCount('reconnect', during)).toBe(1), { timeoutMs: 15_000 });
      expect(statuses).toContain('reconnect');
      await expectSettled('reconnect');
      expect(await ctx.handledCount('reconnect', during)).toBe(1);
    } finally {
      await Promise.all(running.splice(0).map((c) => c.stop()));
      await proxiedNc.close();
      await proxy.close();
    }
  });

  it('durable-deleted-under-a-running-consumer-is-recreated-and-its-replay-is-skipped-by-the-inbox', async () => {
    await consumer('recreated', 'recreated').start();
    const before = randomUUID();
    await publish('recreated', 'thing-before', before);
    await expectEventually(async () => expect(await ctx.handledCount('recreated', before)).toBe(1));

    await ctx.jsm.consumers.delete(ctx.stream, 'recreated');
    const after = randomUUID();
    await publish('recreated', 'thing-after', after);

    // Recreated with DeliverPolicy.All, the durable replays `before` too; the inbox turns it into a no-op.
    await expectEventually(async () => expect(await ctx.handledCount('recreated', after)).toBe(1), { timeoutMs: 15_000 });
    await expectSettled('recreated');
    expect(await ctx.handledCount('recreated', before)).toBe(1);
    expect(await ctx.handledCount('recreated', after)).toBe(1);
  });

  it('restarting-with-a-different-ack-wait-updates-the-existing-durable', async () => {
    const first = consumer('updated', 'updated', ctx.nc, 5_000);
    await first.start();
    await first.stop();
    await consumer('updated', 'updated', ctx.nc, 7_000).start();

    const info = await ctx.jsm.consumers.info(ctx.stream, 'updated');
    expect(info.config).toMatchObject({ ack_wait: 7_000 * 1_000_000, max_deliver: -1, filter_subject: ctx.definition('updated').subject });
  });
});
