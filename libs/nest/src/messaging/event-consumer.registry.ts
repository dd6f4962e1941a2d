import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { NatsConnection } from '@nats-io/transport-node';
import { DataSource } from 'typeorm';
import type { EventEnvelope } from '@copytrade/contracts';
import { DurableEventConsumer, type DurableEventConsumerOptions, type Outcome } from './durable-event-consumer';
import { MESSAGING_OPTIONS, NATS_CONNECTION } from './messaging.constants';
import type { MessagingModuleOptions } from './messaging-module-options';

export type EventConsumerRegistration<T> = Omit<
  DurableEventConsumerOptions<T>,
  'dataSource' | 'nc' | 'schema' | 'stream' | 'service'
>;

/**
 * Where a service's handlers register their durable consumers (in `onModuleInit`). The messaging
 * lifecycle starts them after the stream exists and stops them before the relay and the connection.
 */
@Injectable()
export class EventConsumerRegistry {
  private readonly consumers: Array<
    Pick<DurableEventConsumer, 'start' | 'stop' | 'applyOnce' | 'durableName' | 'filterSubject'>
  > = [];
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
      service: this.options.producer,
      stream,
    });
    this.consumers.push(consumer);
    if (this.started) await consumer.start();
    return consumer;
  }

  /**
   * Read-your-writes: applies an event now, through every registered consumer whose filter matches its
   * subject (the same idempotent inbox + handler as the JetStream delivery, which then is a no-op).
   */
  async applyNow(subject: string, envelope: EventEnvelope): Promise<Array<{ consumer: string; outcome: Outcome }>> {
    const matching = this.consumers.filter((consumer) => subjectMatches(consumer.filterSubject, subject));
    const applied = [];
    for (const consumer of matching)
      applied.push({ consumer: consumer.durableName, outcome: await consumer.applyOnce(envelope) });
    return applied;
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

/** NATS subject matching: `*` is one token, a final `>` one or more. */
export function subjectMatches(filter: string, subject: string): boolean {
  const wanted = filter.split('.');
  const tokens = subject.split('.');
  for (let index = 0; index < wanted.length; index += 1) {
    if (wanted[index] === '>') return tokens.length > index;
    if (index >= tokens.length || (wanted[index] !== '*' && wanted[index] !== tokens[index])) return false;
  }
  return wanted.length === tokens.length;
}
