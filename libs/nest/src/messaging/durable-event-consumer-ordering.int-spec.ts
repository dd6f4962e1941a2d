import { randomUUID } from 'node:crypto';
import { expectEventually } from '@copytrade/testing';
import { register } from 'prom-client';
import { OutboxWriter } from './outbox-writer';
import { useDurableConsumerSuite } from './test-support/durable-consumer-suite';
import { TEST_PRODUCER, TEST_SCHEMA } from './test-support/messaging-test-context';

// The root config's per-project testTimeout is not applied by Jest; integration suites set their own.
jest.setTimeout(30_000);

async function heldBackCount(consumer: string): Promise<number> {
  const metric = register.getSingleMetric('copytrade_consumer_held_back_total');
  const values = metric ? (await metric.get()).values : [];
  return values.find((value) => value.labels.consumer === consumer)?.value ?? 0;
}

describe('DurableEventConsumer per-aggregate order', () => {
  const suite = useDurableConsumerSuite('consumer_ordering');

  async function start(name: string, options: { maxDeliver?: number; orderingHoldMs?: number } = {}) {
    await suite
      .consumer(name, {
        durableName: name,
        handler: suite.ctx.recordHandled(name),
        holdBackoffMs: [50, 100],
        ...options,
      })
      .start();
  }

  async function lastApplied(consumer: string, aggregateId: string): Promise<number> {
    const [row] = await suite.ctx.dataSource.query(
      `SELECT last_version FROM ${TEST_SCHEMA}.inbox_aggregate WHERE consumer = $1 AND aggregate_id = $2`,
      [consumer, aggregateId],
    );
    return Number(row?.last_version ?? 0);
  }

  it('second-commit-of-an-aggregate-published-first-is-applied-after-the-first', async () => {
    // Two commits of one aggregate through the writer; the relay is overtaken: the second reaches the stream first.
    const writer = new OutboxWriter({ schema: TEST_SCHEMA, producer: TEST_PRODUCER });
    const definition = suite.ctx.definition('overtaken');
    const write = (thingId: string) =>
      suite.ctx.dataSource.transaction((manager) =>
        writer.add(manager, definition, { thingId }, { correlationId: 'req', aggregateId: 'thing:overtaken' }),
      );
    const first = await write('first');
    const second = await write('second');
    const heldBefore = await heldBackCount('overtaken');
    await start('overtaken');

    await suite.js.publish(definition.subject, JSON.stringify(second), { msgID: second.id });
    await expectEventually(async () => expect(await heldBackCount('overtaken')).toBeGreaterThan(heldBefore));
    expect(await suite.ctx.handledThingIds('overtaken')).toEqual([]);
    await suite.js.publish(definition.subject, JSON.stringify(first), { msgID: first.id });

    await expectEventually(async () =>
      expect(await suite.ctx.handledThingIds('overtaken')).toEqual(['first', 'second']),
    );
    await suite.expectSettled('overtaken');
    expect(await lastApplied('overtaken', 'thing:overtaken')).toBe(2);
    expect(await suite.ctx.count(`SELECT count(*) FROM ${TEST_SCHEMA}.inbox_held`, [])).toBe(0);
  });

  it('an-older-or-repeated-version-is-acked-and-skipped', async () => {
    await start('stale');
    await suite.publishVersion('stale', 'v1', 'thing:stale', 1);
    await suite.publishVersion('stale', 'v2', 'thing:stale', 2);
    await expectEventually(async () => expect(await suite.ctx.handledThingIds('stale')).toEqual(['v1', 'v2']));

    await suite.publishVersion('stale', 'v1-again', 'thing:stale', 1); // another event id, an old version
    await suite.publishVersion('stale', 'v3', 'thing:stale', 3);
    await expectEventually(async () => expect(await suite.ctx.handledThingIds('stale')).toEqual(['v1', 'v2', 'v3']));
    await suite.expectSettled('stale');
    expect(await suite.ctx.deadLetters('stale')).toEqual([]);
  });

  it('hold-backs-do-not-count-as-failures-toward-dead-lettering', async () => {
    await start('patient', { maxDeliver: 2 });
    const heldBefore = await heldBackCount('patient');
    await suite.publishVersion('patient', 'second', 'thing:patient', 2);
    await expectEventually(async () => expect(await heldBackCount('patient')).toBeGreaterThanOrEqual(heldBefore + 3));
    await suite.publishVersion('patient', 'first', 'thing:patient', 1);

    await expectEventually(async () => expect(await suite.ctx.handledThingIds('patient')).toEqual(['first', 'second']));
    expect(await suite.ctx.deadLetters('patient')).toEqual([]);
  });

  it('a-gap-that-never-fills-is-dead-lettered-after-the-hold-bound-and-others-are-not-delayed', async () => {
    await start('gap', { orderingHoldMs: 400 });
    await suite.publishVersion('gap', 'orphan', 'thing:gap', 2);
    await suite.publishVersion('gap', 'unrelated', 'thing:other', 1);
    const legacy = randomUUID();
    await suite.publish('gap', 'legacy', legacy); // no aggregate: applied on arrival, as before

    await expectEventually(async () =>
      expect(await suite.ctx.deadLetters('gap')).toEqual([
        expect.objectContaining({ error: expect.stringContaining('Version 2 of thing:gap waited') }),
      ]),
    );
    await suite.expectSettled('gap');
    expect(await suite.ctx.handledThingIds('gap')).toEqual(['unrelated', 'legacy']);
    expect(await lastApplied('gap', 'thing:gap')).toBe(0);
  });

  it('an-envelope-with-a-malformed-aggregate-is-dead-lettered', async () => {
    await start('bad-aggregate');
    const envelope = { ...suite.ctx.envelope('bad', randomUUID()), aggregateId: 'thing:bad', aggregateVersion: 'two' };
    await suite.js.publish(suite.ctx.definition('bad-aggregate').subject, JSON.stringify(envelope));
    await expectEventually(async () =>
      expect(await suite.ctx.deadLetters('bad-aggregate')).toEqual([
        expect.objectContaining({ error: expect.stringContaining('aggregateVersion') }),
      ]),
    );
    expect(await suite.ctx.handledThingIds('bad-aggregate')).toEqual([]);
  });
});
