/** Every JetStream event travels in this envelope; `id` is also the `Nats-Msg-Id` used for deduplication. */
export interface EventEnvelope<TData = unknown> {
  id: string;
  type: string;
  version: number;
  occurredAt: string;
  producer: string;
  correlationId: string;
  causationId?: string;
  /**
   * The aggregate (entity) the event is about, qualified by its kind (`user:<uuid>`), and its version: 1, 2, 3…
   * without gaps, in commit order, per producer. Consumers apply one aggregate's events in version order.
   * Absent on events written before aggregates were recorded (legacy): those are applied in arrival order.
   */
  aggregateId?: string;
  aggregateVersion?: number;
  data: TData;
}

/** A versioned event definition: one per file under events/<producer>/. */
export interface EventDefinition<TData> {
  type: string;
  version: number;
  subject: string;
  producer: string;
  /** Phantom field carrying the payload type for type-checked publishing. */
  readonly __data?: TData;
}

export function defineEvent<TData>(definition: Omit<EventDefinition<TData>, '__data'>): EventDefinition<TData> {
  return definition;
}

export type EventData<E> = E extends EventDefinition<infer D> ? D : never;
