import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { NatsConnection } from '@nats-io/transport-node';
import { DataSource } from 'typeorm';
import { DurableEventConsumer, type DurableEventConsumerOptions } from './durable-event-consumer';
import { MESSAGING_OPTIONS, NATS_CONNECTION } from './messaging.constants';
import type { MessagingModuleOptions } from './messaging-module-options';

export type EventConsumerRegistration<T> = Omit<
  DurableEventConsumerOptions<T>,
  'dataSource' | 'nc' | 'schema' | 'stream'
>;

/**
 * Where a service's handlers register their durable consumers (in `onModuleInit`). The messaging
 * lifecycle starts them after the stream exists and stops them before the relay and the connection.
 */
@Injectable()
export class EventConsumerRegistry {
  private readonly consumers: Array<Pick<DurableEventConsumer, 'start' | 'stop'>> = [];
  private started = false;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(MESSAGING_OPTIONS) private readonly options: MessagingModuleOptions,
  ) {}

  async register<T>(registration: EventConsumerRegistration<T>): Promise<DurableEventConsumer<T>> {
    const stream = this.options.stream === false ? undefined : this.options.stream?.stream;
    const consumer = new DurableEventConsumer<T>({
      ...registration,
      dataSource: this.dataSource,
      nc: this.nc,
      schema: this.options.schema,
      stream,
    });
    this.consumers.push(consumer);
    if (this.started) await consumer.start();
    return consumer;
  }

  async startAll(): Promise<void> {
    this.started = true;
    await Promise.all(this.consumers.map((consumer) => consumer.start()));
  }

  async stopAll(): Promise<void> {
    this.started = false;
    await Promise.all(this.consumers.map((consumer) => consumer.stop()));
  }
}
