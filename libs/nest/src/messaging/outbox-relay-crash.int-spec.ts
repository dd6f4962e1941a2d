import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import type { PubAck } from '@nats-io/jetstream';
import { createTestDatabase, expectEventually, natsUrl, uniqueSuffix, type TestDatabase } from '@copytrade/testing';
import { DurableEventConsumer } from './durable-event-consumer';
import { OutboxRelay } from './outbox-relay';
import { OutboxWriter } from './outbox-writer';
import { MessagingTestContext, TEST_PRODUCER, TEST_SCHEMA } from './test-support/messaging-test-context';
import { SilentLogger } from './test-support/silent-logger';

// The root config's per-project testTimeout is not applied by Jest; integration suites set their own.
jest.setTimeout(30_000);

const REPO_ROOT = resolve(__dirname, '../../../..');
const CRASHING_RELAY = resolve(__dirname, 'test-support/crashing-relay.script.ts');

interface ChildExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  output: string;
}

/** Runs the relay in its own process (tsx, no build step) and reports how it ended. */
function runRelayProcess(env: Record<string, string>): Promise<ChildExit> {
  return new Promise((resolveExit, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CRASHING_RELAY], {
      cwd: REPO_ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code, signal) => resolveExit({ code, signal, output }));
  });
}

describe('Outbox relay crash between publish and mark', () => {
  let database: TestDatabase;
  let ctx: MessagingTestContext;
  let nats: string;

  beforeAll(async () => {
    database = await createTestDatabase('outbox_crash');
    nats = await natsUrl();
    ctx = await MessagingTestContext.create(database.url, nats, uniqueSuffix());
  });

  afterAll(async () => {
    await ctx?.close();
    await database?.drop();
  });

  it('relay-killed-after-publish-before-mark-republishes-as-a-duplicate-and-the-event-is-handled-once', async () => {
    const definition = ctx.definition('crash');
    const writer = new OutboxWriter({ schema: TEST_SCHEMA, producer: TEST_PRODUCER });
    const envelope = await ctx.dataSource.transaction((manager) =>
      writer.add(
        manager,
        definition,
        { thingId: 'thing-crash' },
        { correlationId: 'req-crash', aggregateId: 'thing:crash' },
      ),
    );

    const crashed = await runRelayProcess({
      DATABASE_URL: database.url,
      NATS_URL: nats,
      OUTBOX_SCHEMA: TEST_SCHEMA,
      CRASH_AFTER_PUBLISH: '1',
      LEASE_MS: '1000',
    });
    expect(crashed).toMatchObject({ signal: 'SIGKILL', output: expect.stringContaining(`published ${envelope.id}`) });

    // The broker has the event, the outbox does not know: the window the relay must survive.
    expect(await ctx.streamMessageCount(definition.subject)).toBe(1);
    const [afterCrash] = await ctx.dataSource.query(`SELECT published_at FROM ${TEST_SCHEMA}.outbox WHERE id = $1`, [
      envelope.id,
    ]);
    expect(afterCrash.published_at).toBeNull();

    const acks: PubAck[] = [];
    const relay = new OutboxRelay(ctx.dataSource, ctx.nc, {
      schema: TEST_SCHEMA,
      leaseMs: 1000,
      logger: new SilentLogger(),
      hooks: { afterPublish: (_row, ack) => void acks.push(ack) },
    });
    // Claimed by the killed relay: nobody else may publish it until its lease runs out.
    expect(await relay.relayOnce()).toBe(0);
    await expectEventually(async () => expect(await relay.relayOnce()).toBe(1));

    expect(acks).toEqual([expect.objectContaining({ duplicate: true })]);
    const [afterRelay] = await ctx.dataSource.query(`SELECT published_at FROM ${TEST_SCHEMA}.outbox WHERE id = $1`, [
      envelope.id,
    ]);
    expect(afterRelay.published_at).toBeInstanceOf(Date);
    expect(await ctx.streamMessageCount(definition.subject)).toBe(1);

    const consumer = new DurableEventConsumer({
      dataSource: ctx.dataSource,
      nc: ctx.nc,
      schema: TEST_SCHEMA,
      stream: ctx.stream,
      durableName: 'crash',
      filterSubject: definition.subject,
      handler: ctx.recordHandled('crash'),
      logger: new SilentLogger(),
    });
    await consumer.start();
    try {
      await expectEventually(async () => expect(await ctx.handledCount('crash', envelope.id)).toBe(1));
      await expectEventually(async () =>
        expect(await ctx.consumerBacklog('crash')).toEqual({ pending: 0, ackPending: 0 }),
      );
      expect(await ctx.handledCount('crash', envelope.id)).toBe(1);
    } finally {
      await consumer.stop();
    }
  });
});
