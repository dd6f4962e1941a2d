import { Module, type DynamicModule } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { NatsConnection } from '@nats-io/transport-node';
import type { DataSource } from 'typeorm';
import { EventConsumerRegistry } from './event-consumer.registry';
import { connectNats } from './jetstream-connection';
import { MESSAGING_OPTIONS, NATS_CONNECTION } from './messaging.constants';
import { MessagingLifecycle } from './messaging-lifecycle.service';
import type { MessagingModuleOptions } from './messaging-module-options';
import { MessagingRetention } from './messaging-retention';
import { OutboxRelay } from './outbox-relay';
import { OutboxWriter } from './outbox-writer';

/**
 * A service's JetStream messaging: NATS_CONNECTION, OutboxWriter, OutboxRelay (running from bootstrap to
 * shutdown) and EventConsumerRegistry. Global, so feature modules inject them without importing this module.
 * Needs the app's `TypeOrmModule.forRoot(Async)` for the default DataSource.
 */
@Module({})
export class MessagingModule {
  static forRoot(options: MessagingModuleOptions): DynamicModule {
    return {
      module: MessagingModule,
      global: true,
      providers: [
        { provide: MESSAGING_OPTIONS, useValue: options },
        { provide: NATS_CONNECTION, useFactory: () => connectNats(options.natsUrl, options.producer) },
        {
          provide: OutboxWriter,
          useFactory: () => new OutboxWriter({ schema: options.schema, producer: options.producer }),
        },
        {
          provide: OutboxRelay,
          inject: [getDataSourceToken(), NATS_CONNECTION],
          useFactory: (dataSource: DataSource, nc: NatsConnection) =>
            new OutboxRelay(dataSource, nc, { ...options.relay, schema: options.schema, service: options.producer }),
        },
        {
          provide: MessagingRetention,
          inject: [getDataSourceToken()],
          useFactory: (dataSource: DataSource) =>
            new MessagingRetention(dataSource, { ...options.retention, schema: options.schema }),
        },
        EventConsumerRegistry,
        MessagingLifecycle,
      ],
      exports: [NATS_CONNECTION, MESSAGING_OPTIONS, OutboxWriter, OutboxRelay, EventConsumerRegistry],
    };
  }
}
