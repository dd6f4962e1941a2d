import { randomUUID } from 'node:crypto';
import { expectEventually } from '@copytrade/testing';
import { useDurableConsumerSuite } from './test-support/durable-consumer-suite';
import { TEST_SCHEMA } from './test-support/messaging-test-context';

// The root config's per-project testTimeout is not applied by Jest; integration suites set their own.
jest.setTimeout(30_000);

/**
 * Messages pulled together are applied together: first deliveries in one transaction (one commit for the batch),
 * each with its own inbox row and version check; a failure inside the batch sends its messages one by one.
 */
describe('DurableEventConsumer batches', () => {
  const suite = useDurableConsumerSuite('consumer_batches');
  const EVENTS = 40;

  /** Publishes `count` events before the consumer starts, so its pulls find them waiting. */
  async function publishBacklog(topic: string, count: number): Promise<string[]> {
    const ids = Array.from({ length: count }, () => randomUUID());
    for (const [index, id] of ids.entries()) await suite.publish(topic, `thing-${index}`, id);
    return ids;
  }

  it('events-waiting-together-are-applied-in-shared-transactions-each-once-in-stream-order', async () => {
    const transactions = new Map<string, string>();
    const record = suite.ctx.recordHandled('together');
    const ids = await publishBacklog('together', EVENTS);
    await suite
      .consumer('together', {
        durableName: 'together',
        batchSize: 10,
        handler: async (envelope, manager) => {
          const [{ txid }] = (await manager.query('SELECT txid_current()::text AS txid')) as Array<{ txid: string }>;
          transactions.set(envelope.id, txid);
          await record(envelope, manager);
        },
      })
      .start();

    await expectEventually(async () => expect(await suite.ctx.handledThingIds('together')).toHaveLength(EVENTS));
    await suite.expectSettled('together');
    expect(await suite.ctx.handledThingIds('together')).toEqual(ids.map((_, index) => `thing-${index}`));
    for (const id of ids) expect(await suite.ctx.inboxCount('together', id)).toBe(1);
    // Fewer commits than events: the backlog went through in batches.
    expect(new Set(ids.map((id) => transactions.get(id))).size).toBeLessThan(EVENTS / 2);
  });

  it('a-failing-event-in-a-batch-is-retried-alone-and-the-others-take-effect-once', async () => {
    const record = suite.ctx.recordHandled('poisoned');
    const ids = await publishBacklog('poisoned', 12);
    const poison = ids[5]!;
    let poisonAttempts = 0;
    await suite
      .consumer('poisoned', {
        durableName: 'poisoned',
        batchSize: 10,
        backoffMs: [100],
        handler: async (envelope, manager) => {
          await record(envelope, manager); // rolled back with the batch when a later event fails
          if (envelope.id === poison && ++poisonAttempts <= 2) throw new Error('poison');
        },
      })
      .start();

    await expectEventually(async () => expect(await suite.ctx.handledThingIds('poisoned')).toHaveLength(12));
    await suite.expectSettled('poisoned');
    for (const id of ids) {
      expect(await suite.ctx.handledCount('poisoned', id)).toBe(1);
      expect(await suite.ctx.inboxCount('poisoned', id)).toBe(1);
    }
    // In the batch (rolled back with it), alone (failed, redelivered), then handled: the others were not held back by it.
    expect(poisonAttempts).toBe(3);
    expect(await suite.ctx.deadLetters('poisoned')).toEqual([]);
  });

  it('a-batch-waiting-on-a-locked-row-gives-way-and-its-events-are-applied-one-by-one', async () => {
    await suite.ctx.dataSource.query(`INSERT INTO ${TEST_SCHEMA}.things (id) VALUES ('locked') ON CONFLICT DO NOTHING`);
    const record = suite.ctx.recordHandled('locking');
    const transactions = new Map<string, string>();
    const ids = await publishBacklog('locking', 6);
    // Another writer holds the row every event of the batch wants, for longer than a batch waits for a lock.
    const holder = suite.ctx.dataSource.createQueryRunner();
    await holder.connect();
    await holder.startTransaction();
    await holder.query(`SELECT id FROM ${TEST_SCHEMA}.things WHERE id = 'locked' FOR UPDATE`);
    await suite
      .consumer('locking', {
        durableName: 'locking',
        batchSize: 10,
        handler: async (envelope, manager) => {
          await manager.query(`SELECT id FROM ${TEST_SCHEMA}.things WHERE id = 'locked' FOR UPDATE`);
          const [{ txid }] = (await manager.query('SELECT txid_current()::text AS txid')) as Array<{ txid: string }>;
          transactions.set(envelope.id, txid);
          await record(envelope, manager);
        },
      })
      .start();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await suite.ctx.handledThingIds('locking')).toEqual([]);
    await holder.commitTransaction();
    await holder.release();

    await expectEventually(async () => expect(await suite.ctx.handledThingIds('locking')).toHaveLength(6));
    await suite.expectSettled('locking');
    for (const id of ids) expect(await suite.ctx.handledCount('locking', id)).toBe(1);
    expect(await suite.ctx.deadLetters('locking')).toEqual([]);
    // The batch pulled first gave way: its first events were applied alone, each in its own transaction.
    expect(transactions.get(ids[0]!)).not.toBe(transactions.get(ids[1]!));
  });
});
