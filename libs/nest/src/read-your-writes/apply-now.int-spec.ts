import { randomUUID } from 'node:crypto';
import { expectEventually } from '@copytrade/testing';
import { useDurableConsumerSuite } from '../messaging/test-support/durable-consumer-suite';

jest.setTimeout(30_000);

/** Read-your-writes: an event applied synchronously first, then delivered by JetStream, takes effect once. */
describe('DurableEventConsumer.applyOnce (ProjectionSync / EventConsumerRegistry.applyNow)', () => {
  const suite = useDurableConsumerSuite('apply_now');

  it('applies the event at once, and the later JetStream delivery of it is a no-op', async () => {
    const durableName = 'apply-now';
    const consumer = suite.consumer('apply-now', { durableName, handler: suite.ctx.recordHandled(durableName) });
    await consumer.start();
    const eventId = randomUUID();

    expect(await consumer.applyOnce(suite.ctx.envelope('thing-now', eventId))).toBe('handled');
    expect(await suite.ctx.handledCount(durableName, eventId)).toBe(1);
    expect(await consumer.applyOnce(suite.ctx.envelope('thing-now', eventId))).toBe('duplicate');

    await suite.publish('apply-now', 'thing-now', eventId);
    await expectEventually(async () =>
      expect(await suite.ctx.consumerBacklog(durableName)).toEqual({ pending: 0, ackPending: 0 }),
    );
    await suite.expectSettled(durableName);
    expect(await suite.ctx.handledCount(durableName, eventId)).toBe(1);
  });
});
