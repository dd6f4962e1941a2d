import { randomUUID } from 'node:crypto';
import { expectEventually } from '@copytrade/testing';
import { register } from 'prom-client';
import { MetricNames } from '../observability/app-metrics';
import { useDurableConsumerSuite } from './test-support/durable-consumer-suite';

// The root config's per-project testTimeout is not applied by Jest; integration suites set their own.
jest.setTimeout(30_000);

/** The consumer's `copytrade_consumer_pending_messages` as a scrape reads it (undefined: no series). */
async function scrapedPending(consumer: string): Promise<number | undefined> {
  const line = (await register.metrics())
    .split('\n')
    .find(
      (candidate) => candidate.startsWith(MetricNames.consumerPending) && candidate.includes(`consumer="${consumer}"`),
    );
  return line === undefined ? undefined : Number(line.split(' ').pop());
}

describe('Consumer lag (copytrade_consumer_pending_messages)', () => {
  const suite = useDurableConsumerSuite('consumer_lag');

  it('reports the events a running consumer has not received yet, read from JetStream at scrape, until it stops', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const handled: string[] = [];
    const consumer = suite.consumer('lag', {
      durableName: 'lag',
      batchSize: 1,
      handler: async (envelope) => {
        await held;
        handled.push(envelope.id);
      },
    });
    await consumer.start();
    for (let i = 0; i < 6; i += 1) await suite.publish('lag', `thing-${i}`, randomUUID());

    // One event in hand (its handler held), the rest still in the stream for this consumer.
    await expectEventually(async () => expect(await scrapedPending('lag')).toBeGreaterThanOrEqual(4));
    release();
    await expectEventually(async () => expect(await scrapedPending('lag')).toBe(0));
    await expectEventually(() => expect(handled).toHaveLength(6));

    await consumer.stop();
    expect(await scrapedPending('lag')).toBeUndefined();
  });
});
