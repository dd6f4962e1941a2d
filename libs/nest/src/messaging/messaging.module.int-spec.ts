import { randomUUID } from 'node:crypto';
import { Injectable, Module, type INestApplicationContext, type OnModuleInit } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { NatsConnection } from '@nats-io/transport-node';
import { DataSource } from 'typeorm';
import { createTestDatabase, expectEventually, natsUrl, uniqueSuffix, type TestDatabase } from '@copytrade/testing';
import { EventConsumerRegistry } from './event-consumer.registry';
import { NATS_CONNECTION } from './messaging.constants';
import { MessagingModule } from './messaging.module';
import { OutboxWriter } from './outbox-writer';
import {
  MessagingTestContext,
  TEST_PRODUCER,
  TEST_SCHEMA,
  type ThingHappenedV1,
} from './test-support/messaging-test-context';
import { SilentLogger } from './test-support/silent-logger';

// The root config's per-project testTimeout is not applied by Jest; integration suites set their own.
jest.setTimeout(30_000);

describe('MessagingModule', () => {
  let database: TestDatabase;
  let ctx: MessagingTestContext;
  let nats: string;

  beforeAll(async () => {
    database = await createTestDatabase('messaging_module');
    nats = await natsUrl();
    ctx = await MessagingTestContext.create(database.url, nats, uniqueSuffix());
  });

  afterAll(async () => {
    await ctx?.close();
    await database?.drop();
  });

  it('event-committed-through-the-outbox-writer-reaches-a-registered-consumer-and-shutdown-drains-nats', async () => {
    const definition = ctx.definition('module');

    @Injectable()
    class ThingHappenedHandler implements OnModuleInit {
      constructor(private readonly consumers: EventConsumerRegistry) {}

      async onModuleInit(): Promise<void> {
        await this.consumers.register<ThingHappenedV1>({
          durableName: 'module-thing-happened',
          filterSubject: definition.subject,
          handler: ctx.recordHandled('module-thing-happened'),
          logger: new SilentLogger(),
        });
      }
    }

    @Module({
      imports: [
        TypeOrmModule.forRootAsync({ useFactory: () => ({ type: 'postgres' as const, url: database.url }) }),
        MessagingModule.forRoot({
          producer: TEST_PRODUCER,
          schema: TEST_SCHEMA,
          natsUrl: nats,
          stream: { stream: ctx.stream, subjects: [`${ctx.subjectPrefix}.>`] },
          // Polling this slowly leaves only the after-commit kick to publish within the assertion's time.
          relay: { pollIntervalMs: 60_000 },
        }),
      ],
      providers: [ThingHappenedHandler],
    })
    class TestServiceModule {}

    const app: INestApplicationContext = await NestFactory.createApplicationContext(TestServiceModule, {
      logger: false,
    });
    app.enableShutdownHooks();
    await app.init();
    const nc = app.get<NatsConnection>(NATS_CONNECTION);
    let closed = false;
    try {
      const writeEvent = (thingId: string) =>
        app
          .get(DataSource)
          .transaction((manager) =>
            app
              .get(OutboxWriter)
              .add(manager, definition, { thingId }, { correlationId: randomUUID(), aggregateId: `thing:${thingId}` }),
          );
      const first = await writeEvent('thing-module-1');
      await expectEventually(async () => expect(await ctx.handledCount('module-thing-happened', first.id)).toBe(1));

      // The relay's bootstrap batch is long done and its next poll is a minute away: only the kick after
      // this commit can publish the second event in time.
      const envelope = await writeEvent('thing-module-2');
      await expectEventually(async () => expect(await ctx.handledCount('module-thing-happened', envelope.id)).toBe(1), {
        timeoutMs: 5_000,
      });
      expect(await ctx.streamMessageCount(definition.subject)).toBe(2);

      await app.close();
      closed = true;
      expect(nc.isClosed()).toBe(true);
      const [row] = await ctx.dataSource.query(`SELECT published_at FROM ${TEST_SCHEMA}.outbox WHERE id = $1`, [
        envelope.id,
      ]);
      expect(row.published_at).toBeInstanceOf(Date);
      expect(await ctx.consumerBacklog('module-thing-happened')).toEqual({ pending: 0, ackPending: 0 });
    } finally {
      if (!closed) await app.close();
    }
  });

  it('shutdown-during-a-publish-lets-the-relay-mark-its-batch-before-the-pool-closes', async () => {
    const definition = ctx.definition('shutdown');
    const relayLogger = new SilentLogger();
    let publishing: () => void = () => undefined;
    const publishStarted = new Promise<void>((resolve) => (publishing = resolve));

    @Module({
      imports: [
        TypeOrmModule.forRootAsync({ useFactory: () => ({ type: 'postgres' as const, url: database.url }) }),
        MessagingModule.forRoot({
          producer: TEST_PRODUCER,
          schema: TEST_SCHEMA,
          natsUrl: nats,
          stream: { stream: ctx.stream, subjects: [`${ctx.subjectPrefix}.>`] },
          relay: {
            logger: relayLogger,
            hooks: {
              // Slow broker: shutdown starts while this publish is in flight, before its row is marked.
              afterPublish: async () => {
                publishing();
                await new Promise((resolve) => setTimeout(resolve, 500));
              },
            },
          },
        }),
      ],
    })
    class SlowBrokerModule {}

    const app = await NestFactory.createApplicationContext(SlowBrokerModule, { logger: false });
    await app.init();
    const envelope = await app
      .get(DataSource)
      .transaction((manager) =>
        app
          .get(OutboxWriter)
          .add(manager, definition, { thingId: 'slow' }, { correlationId: 'req', aggregateId: 'thing:slow' }),
      );
    await publishStarted;
    await app.close();

    const [row] = await ctx.dataSource.query(`SELECT published_at FROM ${TEST_SCHEMA}.outbox WHERE id = $1`, [
      envelope.id,
    ]);
    expect(row.published_at).toBeInstanceOf(Date);
    expect(relayLogger.lines.filter((line) => line.startsWith('error:'))).toEqual([]);
  });
});
