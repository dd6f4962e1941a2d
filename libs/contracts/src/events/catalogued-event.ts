// class-transformer's @Type (nested payload objects) reads design-time types through the Reflect API.
import 'reflect-metadata';
import { defineEvent, type EventDefinition } from './event-envelope';

/** The class an event's payload is transformed into and validated against (class-validator decorators). */
export type EventPayloadClass<TData extends object> = new () => TData;

/** An event definition that also names its payload class, so consumers can check what they receive. */
export interface CataloguedEventDefinition<TData extends object> extends EventDefinition<TData> {
  readonly payload: EventPayloadClass<TData>;
}

/** `defineEvent` plus the payload class; the data type of `OutboxWriter.add` is still inferred from it. */
export function defineCataloguedEvent<TData extends object>(
  payload: EventPayloadClass<TData>,
  definition: Omit<EventDefinition<TData>, '__data'>,
): CataloguedEventDefinition<TData> {
  return { ...defineEvent<TData>(definition), payload };
}
