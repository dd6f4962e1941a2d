import { createTestDatabase, natsUrl, uniqueSuffix, type TestDatabase } from '@copytrade/testing';
import { register } from 'prom-client';
import { registerMessagingStats } from './messaging-metrics';
import { OutboxRelay } from './outbox-relay';
import { OutboxWriter } from './outbox-writer';
import { MessagingTestContext, TEST_PRODUCER, TEST_SCHEMA } from './test-support/messaging-test-context';
import { SilentLogger } from './test-support/silent-logger';

// The root config's per-project testTimeout is not applied by Jest; integration suites set their own.
jest.setTimeout(30_000);

/** The value of `name{service="metrics-test"}` in the default registry's exposition text. */
async function scraped(name: string): Promise<number> {
  const line = (await register.metrics())
    .split('\n')
    .find((candidate) => candidate.startsWith(`${name}{service="metrics-test"}`));
  return line ? Number(line.split(' ').pop()) : NaN;
}

describe('Messaging metrics on the default registry', () => {
  let database: TestDatabase;
  let ctx: MessagingTestContext;

  beforeAll(async () => {
    database = await createTestDatabase('messaging_metrics');
    ctx = await MessagingTestContext.create(database.url, await natsUrl(), uniqueSuffix());
  });

  afterAll(async () => {
    await ctx?.close();
    await database?.drop();
  });

  it('outbox-backlog-oldest-age-and-set-aside-gauges-follow-the-table', async () => {
    const unregister = registerMessagingStats({
      service: 'metrics-test',
      dataSource: ctx.dataSource,
      schema: TEST_SCHEMA,
    });
    try {
      expect(await scraped('copytrade_outbox_backlog')).toBe(0);
      expect(await scraped('copytrade_outbox_oldest_unpublished_age_seconds')).toBe(0);

      const writer = new OutboxWriter({ schema: TEST_SCHEMA, producer: TEST_PRODUCER });
      await ctx.dataSource.transaction(async (manager) => {
        for (const thingId of ['a', 'b'])
          await writer.add(
            manager,
            ctx.definition('metrics'),
            { thingId },
            { correlationId: 'r', aggregateId: thingId },
          );
      });
      await ctx.dataSource.query(`UPDATE ${TEST_SCHEMA}.outbox SET created_at = now() - interval '90 seconds'`);
      expect(await scraped('copytrade_outbox_backlog')).toBe(2);
      expect(await scraped('copytrade_outbox_oldest_unpublished_age_seconds')).toBeGreaterThanOrEqual(90);

      await ctx.dataSource.query(
        `UPDATE ${TEST_SCHEMA}.outbox SET set_aside_at = now() WHERE envelope->'data'->>'thingId' = 'a'`,
      );
      const relay = new OutboxRelay(ctx.dataSource, ctx.nc, { schema: TEST_SCHEMA, logger: new SilentLogger() });
      expect(await relay.relayOnce()).toBe(1);
      expect(await scraped('copytrade_outbox_backlog')).toBe(0);
      expect(await scraped('copytrade_outbox_oldest_unpublished_age_seconds')).toBe(0);
      expect(await scraped('copytrade_outbox_set_aside')).toBe(1);
    } finally {
      unregister();
    }
  });
});
