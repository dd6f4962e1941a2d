import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import type { EventEnvelope } from '@copytrade/contracts';
import { expectEventually } from '@copytrade/testing';
import { useDurableConsumerSuite } from './test-support/durable-consumer-suite';
import { TEST_SCHEMA, type ThingHappenedV1 } from './test-support/messaging-test-context';

// The root config's per-project testTimeout is not applied by Jest; integration suites set their own.
jest.setTimeout(30_000);

describe('DurableEventConsumer group commit', () => {
  const suite = useDurableConsumerSuite('consumer_groups');

  /** Publishes `count` events about things `<prefix>-0…` before the consumer starts: a burst waiting for it. */
  async function burst(topic: string, prefix: string, count: number): Promise<string[]> {
    const ids: string[] = [];
    for (let index = 0; index < count; index += 1) {
      const id = randomUUID();
      ids.push(id);
      await suite.publish(topic, `${prefix}-${index}`, id);
    }
    return ids;
  }

  it('a-burst-is-applied-in-groups-each-event-once-in-stream-order', async () => {
    const groups: number[] = [];
    const record = suite.ctx.recordHandled('burst');
    await burst('burst', 'thing', 60);
    await suite
      .consumer('burst', {
        durableName: 'burst',
        handler: record,
        groupSize: 25,
        groupHandler: async (envelopes, manager) => {
          groups.push(envelopes.length);
          for (const envelope of envelopes) await record(envelope, manager);
        },
      })
      .start();

    await expectEventually(async () => expect(await suite.ctx.handledThingIds('burst')).toHaveLength(60));
    await suite.expectSettled('burst');
    expect(await suite.ctx.handledThingIds('burst')).toEqual(
      Array.from({ length: 60 }, (_, index) => `thing-${index}`),
    );
    expect(Math.max(...groups)).toBeGreaterThan(1);
    expect(Math.max(...groups)).toBeLessThanOrEqual(25);
  });

  it('a-poison-event-in-a-group-fails-alone-and-the-others-are-applied-once', async () => {
    const record = suite.ctx.recordHandled('poison');
    const handler = async (envelope: EventEnvelope<ThingHappenedV1>, manager: EntityManager) => {
      await record(envelope, manager); // written before the failure: rolled back with its group
      if (envelope.data.thingId === 'thing-7') throw new Error('poison');
    };
    await burst('poison', 'thing', 20);
    await suite
      .consumer('poison', { durableName: 'poison', handler, groupSize: 10, maxDeliver: 2, backoffMs: [50] })
      .start();

    await expectEventually(async () => expect(await suite.ctx.deadLetters('poison')).toHaveLength(1));
    await suite.expectSettled('poison');
    const handled = await suite.ctx.handledThingIds('poison');
    expect([...handled].sort()).toEqual(
      Array.from({ length: 20 }, (_, index) => `thing-${index}`)
        .filter((thing) => thing !== 'thing-7')
        .sort(),
    );
    expect((await suite.ctx.deadLetters('poison'))[0]!.error).toContain('poison');
  });

  it('an-aggregate-whose-versions-arrive-out-of-order-in-a-group-is-applied-in-version-order', async () => {
    const record = suite.ctx.recordHandled('versions');
    // v2 reaches the stream before v1: the group meets v2 early, is rolled back and applied one by one (held back).
    await suite.publishVersion('versions', 'v2', 'thing:grouped', 2);
    await suite.publishVersion('versions', 'v1', 'thing:grouped', 1);
    await suite.publishVersion('versions', 'v3', 'thing:grouped', 3);
    await burst('versions', 'other', 5);
    await suite
      .consumer('versions', { durableName: 'versions', handler: record, groupSize: 10, holdBackoffMs: [50, 100] })
      .start();

    await expectEventually(async () => expect(await suite.ctx.handledThingIds('versions')).toHaveLength(8));
    await suite.expectSettled('versions');
    const handled = await suite.ctx.handledThingIds('versions');
    expect(handled.filter((thing) => thing.startsWith('v'))).toEqual(['v1', 'v2', 'v3']);
    expect(await suite.ctx.deadLetters('versions')).toEqual([]);
  });

  it('a-group-of-distinct-aggregates-skips-a-stale-version-and-holds-back-an-early-one', async () => {
    const record = suite.ctx.recordHandled('distinct');
    const consumer = suite.consumer('distinct', {
      durableName: 'distinct',
      handler: record,
      groupSize: 10,
      holdBackoffMs: [50, 100],
    });
    // thing:seen is at version 1 already; a second version-1 event of it is stale.
    await consumer.applyOnce(suite.ctx.envelope('seen-v1', randomUUID(), { id: 'thing:seen', version: 1 }));
    await suite.publishVersion('distinct', 'seen-v1-again', 'thing:seen', 1);
    for (let index = 0; index < 5; index += 1)
      await suite.publishVersion('distinct', `fresh-${index}`, `thing:fresh-${index}`, 1);
    // thing:late's version 2 comes before its version 1: the group is applied one by one, v2 held back until v1.
    await suite.publishVersion('distinct', 'late-v2', 'thing:late', 2);
    await consumer.start();
    await expectEventually(async () =>
      expect(await suite.ctx.handledThingIds('distinct')).toEqual(
        expect.arrayContaining(['fresh-0', 'fresh-1', 'fresh-2', 'fresh-3', 'fresh-4']),
      ),
    );
    await suite.publishVersion('distinct', 'late-v1', 'thing:late', 1);

    await expectEventually(async () => expect(await suite.ctx.handledThingIds('distinct')).toHaveLength(8));
    await suite.expectSettled('distinct');
    const handled = await suite.ctx.handledThingIds('distinct');
    expect(handled).not.toContain('seen-v1-again');
    expect(handled.indexOf('late-v1')).toBeLessThan(handled.indexOf('late-v2'));
  });

  it('a-burst-of-first-versions-is-claimed-together-and-each-aggregate-advances-once', async () => {
    const record = suite.ctx.recordHandled('claimed');
    for (let index = 0; index < 30; index += 1)
      await suite.publishVersion('claimed', `copy-${index}`, `thing:copy-${index}`, 1);
    await suite.consumer('claimed', { durableName: 'claimed', handler: record, groupSize: 30 }).start();

    await expectEventually(async () => expect(await suite.ctx.handledThingIds('claimed')).toHaveLength(30));
    await suite.expectSettled('claimed');
    const [positions] = await suite.ctx.dataSource.query(
      `SELECT count(*)::int AS n, min(last_version)::int AS min, max(last_version)::int AS max
         FROM ${TEST_SCHEMA}.inbox_aggregate WHERE consumer = 'claimed'`,
    );
    expect(positions).toEqual({ n: 30, min: 1, max: 1 });
  });

  it('an-event-already-applied-is-skipped-by-its-group', async () => {
    const record = suite.ctx.recordHandled('applied');
    const consumer = suite.consumer('applied', { durableName: 'applied', handler: record, groupSize: 10 });
    const [first, ...rest] = await burst('applied', 'thing', 6);
    // Applied synchronously first (read-your-writes), as a service does for its own writes.
    await consumer.applyOnce(suite.ctx.envelope('thing-0', first!));
    await consumer.start();

    await expectEventually(async () => expect(await suite.ctx.handledThingIds('applied')).toHaveLength(6));
    await suite.expectSettled('applied');
    expect(await suite.ctx.handledCount('applied', first!)).toBe(1);
    for (const id of rest) expect(await suite.ctx.inboxCount('applied', id)).toBe(1);
    expect(
      await suite.ctx.count(`SELECT count(*) FROM ${TEST_SCHEMA}.handled_events WHERE consumer = $1`, ['applied']),
    ).toBe(6);
  });
});
