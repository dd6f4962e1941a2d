import { Injectable, type OnModuleInit } from '@nestjs/common';
import { OrderFilled, type EventEnvelope, type OrderFilledV1, type OrderUpdatedV1 } from '@copytrade/contracts';
import type { EntityManager } from 'typeorm';
import { EventConsumerRegistry } from '../messaging/event-consumer.registry';
import { OutboxWriter } from '../messaging/outbox-writer';

/** Every event of an order intent's aggregate (OrderUpdated and OrderFilled), so the version order has no gap. */
export const ORDER_INTENT_EVENTS = OrderFilled.subject.replace(/filled\.v1$/, '>');

export type OrderEventEnvelope = EventEnvelope<OrderFilledV1 | OrderUpdatedV1>;

/**
 * Order events applied per transaction when they arrive in a burst (group commit, see DurableEventConsumerOptions):
 * a 10,000-follower fan-out writes 20,000 of them, and one commit each kept every consumer busy for a minute after the
 * copies had settled, on the cores the copy and notification events needed.
 */
export const ORDER_EVENTS_GROUP_SIZE = 100;

/**
 * The shell of a service's consumer of the brokerage's order events: one durable consumer (`durableName`) of every
 * event of the order intents' aggregates, in aggregate order, each applied once in the inbox transaction
 * (`apply`); what it writes to the outbox leaves when that transaction commits. A burst is applied in groups of up to
 * ORDER_EVENTS_GROUP_SIZE events per transaction (`apply` still runs per event, in stream order); a group that fails
 * is applied again one event at a time, so `apply` must keep its effects inside `manager`.
 */
@Injectable()
export abstract class OrderEventsConsumer implements OnModuleInit {
  protected abstract readonly durableName: string;

  constructor(
    protected readonly consumers: EventConsumerRegistry,
    protected readonly outbox: OutboxWriter,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.consumers.register<OrderFilledV1 | OrderUpdatedV1>({
      durableName: this.durableName,
      filterSubject: ORDER_INTENT_EVENTS,
      handler: (envelope, manager) => this.apply(envelope, manager),
      groupSize: ORDER_EVENTS_GROUP_SIZE,
    });
  }

  abstract apply(envelope: OrderEventEnvelope, manager: EntityManager): Promise<void>;
}
