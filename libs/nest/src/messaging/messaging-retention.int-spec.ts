import { createTestDatabase, natsUrl, uniqueSuffix, type TestDatabase } from '@copytrade/testing';
import { MessagingRetention } from './messaging-retention';
import { OutboxWriter } from './outbox-writer';
import { MessagingTestContext, TEST_PRODUCER, TEST_SCHEMA } from './test-support/messaging-test-context';
import { SilentLogger } from './test-support/silent-logger';

// The root config's per-project testTimeout is not applied by Jest; integration suites set their own.
jest.setTimeout(30_000);

const HOUR_MS = 3_600_000;

describe('MessagingRetention', () => {
  let database: TestDatabase;
  let ctx: MessagingTestContext;

  beforeAll(async () => {
    database = await createTestDatabase('messaging_retention');
    ctx = await MessagingTestContext.create(database.url, await natsUrl(), uniqueSuffix());
  });

  afterAll(async () => {
    await ctx?.close();
    await database?.drop();
  });

  it('deletes-published-outbox-rows-and-inbox-rows-past-their-retention-in-small-batches-and-nothing-else', async () => {
    const writer = new OutboxWriter({ schema: TEST_SCHEMA, producer: TEST_PRODUCER });
    const definition = ctx.definition('retention');
    await ctx.dataSource.transaction(async (manager) => {
      for (const thingId of ['old-1', 'old-2', 'old-3', 'recent', 'unpublished-old'])
        await writer.add(manager, definition, { thingId }, { correlationId: 'r', aggregateId: `thing:${thingId}` });
    });
    await ctx.dataSource.query(
      `UPDATE ${TEST_SCHEMA}.outbox SET
         created_at = now() - interval '30 days',
         published_at = CASE WHEN envelope->'data'->>'thingId' LIKE 'old-%' THEN now() - interval '8 days'
                             WHEN envelope->'data'->>'thingId' = 'recent' THEN now() - interval '1 hour' END`,
    );
    await ctx.dataSource.query(
      `INSERT INTO ${TEST_SCHEMA}.inbox (consumer, event_id, processed_at) VALUES
         ('c', gen_random_uuid(), now() - interval '31 days'), ('c', gen_random_uuid(), now() - interval '31 days'),
         ('c', gen_random_uuid(), now() - interval '1 day')`,
    );
    await ctx.dataSource.query(
      `INSERT INTO ${TEST_SCHEMA}.inbox_aggregate (consumer, producer, aggregate_id, last_version, updated_at)
       VALUES ('c', 'p', 'thing:kept', 4, now() - interval '90 days')`,
    );
    const retention = new MessagingRetention(ctx.dataSource, {
      schema: TEST_SCHEMA,
      outboxRetentionMs: 168 * HOUR_MS,
      inboxRetentionMs: 720 * HOUR_MS,
      batchSize: 2, // three outbox rows to delete: two statements
      logger: new SilentLogger(),
    });

    expect(await retention.purge()).toEqual({ outbox: 3, inbox: 2, held: 0 });
    const outbox: Array<{ thing_id: string }> = await ctx.dataSource.query(
      `SELECT envelope->'data'->>'thingId' AS thing_id FROM ${TEST_SCHEMA}.outbox ORDER BY position`,
    );
    expect(outbox.map((row) => row.thing_id)).toEqual(['recent', 'unpublished-old']);
    expect(await ctx.count(`SELECT count(*) FROM ${TEST_SCHEMA}.inbox`, [])).toBe(1);
    // The ordering table is one row per aggregate and is never purged: a replay must still find its version.
    expect(await ctx.count(`SELECT count(*) FROM ${TEST_SCHEMA}.inbox_aggregate`, [])).toBe(1);
    expect(await retention.purge()).toEqual({ outbox: 0, inbox: 0, held: 0 });
  });
});
