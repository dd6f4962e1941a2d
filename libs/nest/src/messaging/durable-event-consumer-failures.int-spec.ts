import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { OpsAlertSubject, type EventEnvelope, type OpsAlert } from '@copytrade/contracts';
import { expectEventually } from '@copytrade/testing';
import { register } from 'prom-client';
import type { DurableEventConsumerOptions } from './durable-event-consumer';
import { useDurableConsumerSuite } from './test-support/durable-consumer-suite';
import type { ThingHappenedV1 } from './test-support/messaging-test-context';

// The root config's per-project testTimeout is not applied by Jest; integration suites set their own.
jest.setTimeout(30_000);

class RejectedByBusinessRule extends Error {}

async function redeliveries(consumer: string): Promise<number> {
  const metric = register.getSingleMetric('copytrade_consumer_redeliveries_total');
  const values = metric ? (await metric.get()).values : [];
  return values.find((value) => value.labels.consumer === consumer)?.value ?? 0;
}

describe('DurableEventConsumer failures', () => {
  const suite = useDurableConsumerSuite('consumer_failures');

  async function startConsumer(
    name: string,
    handler: (envelope: EventEnvelope<ThingHappenedV1>, manager: EntityManager) => Promise<void>,
    options: Partial<DurableEventConsumerOptions<ThingHappenedV1>> = {},
  ): Promise<void> {
    await suite.consumer(name, { durableName: name, handler, backoffMs: [100, 200], ...options }).start();
  }

  async function publish(name: string, eventId: string): Promise<void> {
    await suite.publish(name, `thing-${name}`, eventId);
  }

  it('handler-failing-transiently-twice-is-retried-and-its-effect-happens-once', async () => {
    let attempts = 0;
    const record = suite.ctx.recordHandled('transient');
    await startConsumer('transient', async (envelope, manager) => {
      attempts += 1;
      await record(envelope, manager); // written before the failure: must be rolled back with it
      if (attempts <= 2) throw new Error(`database hiccup #${attempts}`);
    });
    const eventId = randomUUID();
    const redeliveriesBefore = await redeliveries('transient');
    await publish('transient', eventId);

    await expectEventually(async () => expect(await suite.ctx.handledCount('transient', eventId)).toBe(1));
    await suite.expectSettled('transient');
    expect(attempts).toBe(3);
    expect(await redeliveries('transient')).toBe(redeliveriesBefore + 2);
    expect(await suite.ctx.handledCount('transient', eventId)).toBe(1);
    expect(await suite.ctx.inboxCount('transient', eventId)).toBe(1);
    expect(await suite.ctx.deadLetters('transient')).toEqual([]);
  });

  it('handler-failing-permanently-ends-in-dead-letter-with-no-effect-and-no-redelivery', async () => {
    let attempts = 0;
    const record = suite.ctx.recordHandled('permanent');
    await startConsumer(
      'permanent',
      async (envelope, manager) => {
        attempts += 1;
        await record(envelope, manager);
        throw new RejectedByBusinessRule('copy target no longer exists');
      },
      { isPermanentError: (error) => error instanceof RejectedByBusinessRule },
    );
    const alerts: OpsAlert[] = [];
    const subscription = suite.ctx.nc.subscribe(OpsAlertSubject, {
      callback: (_error, message) => alerts.push(message.json<OpsAlert>()),
    });
    const eventId = randomUUID();
    await publish('permanent', eventId);

    await expectEventually(async () =>
      expect(await suite.ctx.deadLetters('permanent')).toEqual([
        expect.objectContaining({ event_id: eventId, error: 'copy target no longer exists', deliveries: 1 }),
      ]),
    );
    await suite.expectSettled('permanent'); // terminated: the server will not deliver it again
    expect(attempts).toBe(1);
    expect(await suite.ctx.handledCount('permanent', eventId)).toBe(0);
    expect(await suite.ctx.inboxCount('permanent', eventId)).toBe(0);
    const [deadLetter] = await suite.ctx.deadLetters('permanent');
    expect(JSON.parse(deadLetter.payload)).toMatchObject({ id: eventId, data: { thingId: 'thing-permanent' } });
    // Announced to the admins once recorded (identity's notifications), keyed by the dead letter's id.
    await expectEventually(() =>
      expect(alerts.filter((alert) => alert.error === 'copy target no longer exists')).toEqual([
        {
          kind: 'event_dead_lettered',
          service: 'svc',
          id: deadLetter.id,
          subject: expect.stringContaining('thing'),
          error: 'copy target no longer exists',
          occurredAt: expect.any(String),
        },
      ]),
    );
    subscription.unsubscribe();
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
      expect(await suite.ctx.deadLetters('exhausted')).toEqual([
        expect.objectContaining({ event_id: eventId, error: 'broker API unavailable', deliveries: 3 }),
      ]),
    );
    await suite.expectSettled('exhausted');
    expect(attempts).toBe(3);
    expect(await suite.ctx.inboxCount('exhausted', eventId)).toBe(0);
  });

  it('malformed-envelopes-go-to-dead-letter-without-reaching-the-handler', async () => {
    let attempts = 0;
    await startConsumer('malformed', async () => {
      attempts += 1;
    });
    const subject = suite.ctx.definition('malformed').subject;
    await suite.js.publish(subject, 'not json at all');
    await suite.js.publish(subject, JSON.stringify({ id: 'not-a-uuid', type: 'ThingHappened' }));

    await expectEventually(async () => expect(await suite.ctx.deadLetters('malformed')).toHaveLength(2));
    await suite.expectSettled('malformed');
    const deadLetters = await suite.ctx.deadLetters('malformed');
    expect(deadLetters.map((row) => row.event_id).sort()).toEqual(['not-a-uuid', null].sort());
    expect(deadLetters.map((row) => row.payload)).toContain('not json at all');
    expect(deadLetters.every((row) => row.error.startsWith('Malformed event envelope'))).toBe(true);
    expect(attempts).toBe(0);
  });
});
