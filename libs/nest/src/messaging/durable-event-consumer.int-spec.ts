import { randomUUID } from 'node:crypto';
import { expectEventually, natsUrl } from '@copytrade/testing';
import type { DurableEventConsumer } from './durable-event-consumer';
import { connectNats } from './jetstream-connection';
import { useDurableConsumerSuite } from './test-support/durable-consumer-suite';
import type { ThingHappenedV1 } from './test-support/messaging-test-context';
import { TcpProxy } from './test-support/tcp-proxy';

// The root config's per-project testTimeout is not applied by Jest; integration suites set their own.
jest.setTimeout(30_000);

describe('DurableEventConsumer delivery', () => {
  const suite = useDurableConsumerSuite('consumer_delivery');

  function consumer(
    durableName: string,
    topic: string,
    nc = suite.ctx.nc,
    ackWaitMs = 5_000,
  ): DurableEventConsumer<ThingHappenedV1> {
    return suite.consumer(topic, { durableName, handler: suite.ctx.recordHandled(durableName), nc, ackWaitMs });
  }

  it('event-published-while-its-consumer-is-down-is-handled-once-when-it-comes-up', async () => {
    const first = consumer('down', 'down');
    await first.start();
    await first.stop();

    const eventId = randomUUID();
    await suite.publish('down', 'thing-down', eventId);
    expect(await suite.ctx.consumerBacklog('down')).toEqual({ pending: 1, ackPending: 0 });
    expect(await suite.ctx.handledCount('down', eventId)).toBe(0);

    await consumer('down', 'down').start();

    await expectEventually(async () => expect(await suite.ctx.handledCount('down', eventId)).toBe(1));
    await suite.expectSettled('down');
    expect(await suite.ctx.inboxCount('down', eventId)).toBe(1);
  });

  it('duplicate-publish-with-the-same-msg-id-is-stored-once-and-handled-once', async () => {
    const eventId = randomUUID();
    const firstAck = await suite.publish('dup', 'thing-dup', eventId);
    const secondAck = await suite.publish('dup', 'thing-dup', eventId);

    expect(firstAck.duplicate).toBe(false);
    expect(secondAck).toMatchObject({ duplicate: true, seq: firstAck.seq });
    expect(await suite.ctx.streamMessageCount(suite.ctx.definition('dup').subject)).toBe(1);

    await consumer('dup', 'dup').start();
    await expectEventually(async () => expect(await suite.ctx.handledCount('dup', eventId)).toBe(1));
    await suite.expectSettled('dup');
    expect(await suite.ctx.handledCount('dup', eventId)).toBe(1);
  });

  it('same-event-delivered-again-as-a-new-stream-message-changes-nothing', async () => {
    // A re-publish after the duplicate window (or a replay) reaches the stream as a second message.
    const eventId = randomUUID();
    await suite.publish('redeliver', 'thing-redeliver', eventId);
    await consumer('redeliver', 'redeliver').start();
    await expectEventually(async () => expect(await suite.ctx.handledCount('redeliver', eventId)).toBe(1));

    const replay = await suite.publish('redeliver', 'thing-redeliver', eventId, `${eventId}-after-window`);
    expect(replay.duplicate).toBe(false);
    expect(await suite.ctx.streamMessageCount(suite.ctx.definition('redeliver').subject)).toBe(2);

    await suite.expectSettled('redeliver');
    expect(await suite.ctx.handledCount('redeliver', eventId)).toBe(1);
    expect(await suite.ctx.inboxCount('redeliver', eventId)).toBe(1);
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
      await suite.publish('reconnect', 'thing-before', before);
      await expectEventually(async () => expect(await suite.ctx.handledCount('reconnect', before)).toBe(1));

      proxy.cut();
      await expectEventually(() => expect(statuses).toContain('disconnect'));
      const during = randomUUID();
      await suite.publish('reconnect', 'thing-during', during);
      expect(await suite.ctx.handledCount('reconnect', during)).toBe(0);
      proxy.restore();

      await expectEventually(async () => expect(await suite.ctx.handledCount('reconnect', during)).toBe(1), {
        timeoutMs: 15_000,
      });
      expect(statuses).toContain('reconnect');
      await suite.expectSettled('reconnect');
      expect(await suite.ctx.handledCount('reconnect', during)).toBe(1);
    } finally {
      await suite.stopConsumers();
      await proxiedNc.close();
      await proxy.close();
    }
  });

  it('durable-deleted-under-a-running-consumer-is-recreated-and-its-replay-is-skipped-by-the-inbox', async () => {
    await consumer('recreated', 'recreated').start();
    const before = randomUUID();
    await suite.publish('recreated', 'thing-before', before);
    await expectEventually(async () => expect(await suite.ctx.handledCount('recreated', before)).toBe(1));

    await suite.ctx.jsm.consumers.delete(suite.ctx.stream, 'recreated');
    const after = randomUUID();
    await suite.publish('recreated', 'thing-after', after);

    // Recreated with DeliverPolicy.All, the durable replays `before` too; the inbox turns it into a no-op.
    await expectEventually(async () => expect(await suite.ctx.handledCount('recreated', after)).toBe(1), {
      timeoutMs: 15_000,
    });
    await suite.expectSettled('recreated');
    expect(await suite.ctx.handledCount('recreated', before)).toBe(1);
    expect(await suite.ctx.handledCount('recreated', after)).toBe(1);
  });

  it('restarting-with-a-different-ack-wait-updates-the-existing-durable', async () => {
    const first = consumer('updated', 'updated', suite.ctx.nc, 5_000);
    await first.start();
    await first.stop();
    await consumer('updated', 'updated', suite.ctx.nc, 7_000).start();

    const info = await suite.ctx.jsm.consumers.info(suite.ctx.stream, 'updated');
    expect(info.config).toMatchObject({
      ack_wait: 7_000 * 1_000_000,
      max_deliver: -1,
      filter_subject: suite.ctx.definition('updated').subject,
    });
  });
});
