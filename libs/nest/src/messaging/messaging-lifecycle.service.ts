import {
  Inject,
  Injectable,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { NatsConnection } from '@nats-io/transport-node';
import { DataSource } from 'typeorm';
import { EventConsumerRegistry } from './event-consumer.registry';
import { ensureEventsStream } from './jetstream-connection';
import { MESSAGING_OPTIONS, NATS_CONNECTION } from './messaging.constants';
import { registerMessagingStats } from './messaging-metrics';
import type { MessagingModuleOptions } from './messaging-module-options';
import { MessagingRetention } from './messaging-retention';
import { OutboxCommitSubscriber } from './outbox-commit.subscriber';
import { OutboxRelay } from './outbox-relay';

/**
 * Orders start-up and shutdown: stream → consumers → relay on bootstrap; consumers and relay stop (finishing
 * their in-flight work) before the connection drains and before TypeORM closes its pool.
 */
@Injectable()
export class MessagingLifecycle implements OnApplicationBootstrap, BeforeApplicationShutdown, OnApplicationShutdown {
  private readonly commitSubscriber: OutboxCommitSubscriber;
  private unregisterStats: (() => void) | undefined;

  constructor(
    @Inject(MESSAGING_OPTIONS) private readonly options: MessagingModuleOptions,
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly relay: OutboxRelay,
    private readonly consumers: EventConsumerRegistry,
    private readonly retention: MessagingRetention,
  ) {
    this.commitSubscriber = new OutboxCommitSubscriber(() => this.relay.kick());
  }

  async onApplicationBootstrap(): Promise<void> {
    if (this.options.stream !== false) await ensureEventsStream(this.nc, this.options.stream ?? {});
    await this.consumers.startAll();
    this.dataSource.subscribers.push(this.commitSubscriber);
    this.relay.start();
    this.retention.start();
    this.unregisterStats = registerMessagingStats({
      service: this.options.producer,
      dataSource: this.dataSource,
      schema: this.options.schema,
    });
  }

  /**
   * Everything that uses the pool stops here, before TypeORM closes it in onApplicationShutdown. Each stop
   * runs even if another fails: a consumer that cannot stop cleanly must not leave the relay publishing
   * into a closed pool ("Query runner already released").
   */
  async beforeApplicationShutdown(): Promise<void> {
    const index = this.dataSource.subscribers.indexOf(this.commitSubscriber);
    if (index !== -1) this.dataSource.subscribers.splice(index, 1);
    this.unregisterStats?.();
    const stopped = await Promise.allSettled([this.consumers.stopAll(), this.relay.stop(), this.retention.stop()]);
    const failure = stopped.find((result): result is PromiseRejectedResult => result.status === 'rejected');
    if (failure) throw failure.reason;
  }

  async onApplicationShutdown(): Promise<void> {
    // drain() flushes pending publishes/acks before closing, unlike close().
    if (!this.nc.isClosed()) await this.nc.drain();
  }
}
