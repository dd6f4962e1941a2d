import { randomUUID } from 'node:crypto';
import { jetstream, type JetStreamClient } from '@nats-io/jetstream';
import { createTestDatabase, expectEventually, natsUrl, uniqueSuffix, type TestDatabase } from '@copytrade/testing';
import { subscribeToLatest } from './latest-state-subscriber';
import { MessagingTestContext } from './test-support/messaging-test-context';
import { SilentLogger } from './test-support/silent-logger';

// The root config's per-project testTimeout is not applied by Jest; integration suites set their own.
jest.setTimeout(30_000);

describe('subscribeToLatest', () => {
  let database: TestDatabase;
  let ctx: MessagingTestContext;
  let js: JetStreamClient;

  beforeAll(async () => {
    database = await createTestDatabase('latest_state');
    ctx = await MessagingTestContext.create(database.url, await natsUrl(), uniqueSuffix());
    js = jetstream(ctx.nc);
  });

  afterAll(async () => {
    await ctx?.close();
    await database?.drop();
  });

  async function publish(subject: string, thingId: string): Promise<void> {
    const id = randomUUID();
    await js.publish(subject, JSON.stringify(ctx.envelope(thingId, id)), { msgID: id });
  }

  it('late-subscriber-gets-the-latest-event-per-subject-then-follows-new-ones', async () => {
    const subjectA = `${ctx.subjectPrefix}.state.a.v1`;
    const subjectB = `${ctx.subjectPrefix}.state.b.v1`;
    await publish(subjectA, 'a1');
    await publish(subjectA, 'a2');
    await publish(subjectB, 'b1');

    const seen: string[] = [];
    const stop = await subscribeToLatest<{ thingId: string }>(ctx.nc, {
      stream: ctx.stream,
      subject: `${ctx.subjectPrefix}.state.>`,
      onEvent: (envelope) => void seen.push(envelope.data.thingId),
      logger: new SilentLogger(),
    });
    try {
      await expectEventually(() => expect(seen).toEqual(['a2', 'b1']));
      await publish(subjectA, 'a3');
      await expectEventually(() => expect(seen).toEqual(['a2', 'b1', 'a3']));
    } finally {
      await stop();
    }
  });

  it('a-handler-error-or-malformed-event-does-not-stop-the-subscription', async () => {
    const subject = `${ctx.subjectPrefix}.resilient.v1`;
    const seen: string[] = [];
    const logger = new SilentLogger();
    const stop = await subscribeToLatest<{ thingId: string }>(ctx.nc, {
      stream: ctx.stream,
      subject,
      onEvent: (envelope) => {
        if (envelope.data.thingId === 'explodes') throw new Error('view update failed');
        seen.push(envelope.data.thingId);
      },
      logger,
    });
    try {
      await js.publish(subject, 'not json');
      await publish(subject, 'explodes');
      await publish(subject, 'fine');
      await expectEventually(() => expect(seen).toEqual(['fine']));
      expect(logger.lines.filter((line) => line.startsWith('error:'))).toHaveLength(2);
    } finally {
      await stop();
    }
  });
});
