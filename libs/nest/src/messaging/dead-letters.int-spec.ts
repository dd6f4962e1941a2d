import { randomUUID } from 'node:crypto';
import { expectEventually } from '@copytrade/testing';
import { register } from 'prom-client';
import { DeadLetters } from './dead-letters';
import { registerMessagingStats } from './messaging-metrics';
import { useDurableConsumerSuite } from './test-support/durable-consumer-suite';
import { TEST_SCHEMA } from './test-support/messaging-test-context';

// The root config's per-project testTimeout is not applied by Jest; integration suites set their own.
jest.setTimeout(30_000);

class CopyTargetGone extends Error {}

async function deadLetterGauge(consumer: string): Promise<number> {
  const metric = register.getSingleMetric('copytrade_dead_letters');
  const values = metric ? (await metric.get()).values : [];
  return values.find((value) => value.labels.consumer === consumer && value.labels.service === 'dl-test')?.value ?? 0;
}

describe('Dead letters', () => {
  const suite = useDurableConsumerSuite('dead_letters');

  it('redriven-dead-letter-is-applied-once-by-its-consumer-only-and-marked-redriven', async () => {
    const unregister = registerMessagingStats({
      service: 'dl-test',
      dataSource: suite.ctx.dataSource,
      schema: TEST_SCHEMA,
    });
    try {
      let targetExists = false;
      const recordPicky = suite.ctx.recordHandled('picky');
      await suite
        .consumer('redrive', {
          durableName: 'picky',
          handler: async (envelope, manager) => {
            if (!targetExists) throw new CopyTargetGone('copy target not found');
            await recordPicky(envelope, manager);
          },
          isPermanentError: (error) => error instanceof CopyTargetGone,
        })
        .start();
      await suite
        .consumer('redrive', { durableName: 'bystander', handler: suite.ctx.recordHandled('bystander') })
        .start();
      const eventId = randomUUID();
      await suite.publish('redrive', 'thing-redrive', eventId);

      const deadLetters = new DeadLetters(suite.ctx.dataSource, TEST_SCHEMA);
      await expectEventually(async () => expect(await deadLetters.list()).toHaveLength(1));
      await expectEventually(async () => expect(await suite.ctx.handledCount('bystander', eventId)).toBe(1));
      const [deadLetter] = await deadLetters.list();
      expect(deadLetter).toMatchObject({ consumer: 'picky', event_id: eventId, error: 'copy target not found' });
      expect(await deadLetterGauge('picky')).toBe(1);

      targetExists = true; // the cause is fixed
      const redriven = await deadLetters.redrive(suite.ctx.nc, { id: deadLetter.id });

      expect(redriven).toEqual([expect.objectContaining({ id: deadLetter.id, redriven_at: expect.any(Date) })]);
      await expectEventually(async () => expect(await suite.ctx.handledCount('picky', eventId)).toBe(1));
      await suite.expectSettled('picky');
      await suite.expectSettled('bystander');
      expect(await suite.ctx.handledCount('bystander', eventId)).toBe(1); // the redrive was not for it
      expect(await deadLetters.list()).toEqual([]);
      expect(await deadLetters.list({ includeRedriven: true })).toEqual([
        expect.objectContaining({ id: deadLetter.id, redriven_at: expect.any(Date) }),
      ]);
      expect(await deadLetterGauge('picky')).toBe(0);
      // Already redriven: a second redrive sends nothing.
      expect(await deadLetters.redrive(suite.ctx.nc, { all: true })).toEqual([]);
    } finally {
      unregister();
    }
  });
});
