import { DeliverPolicy, jetstream } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { Logger } from '@nestjs/common';
import { EVENTS_STREAM, type EventEnvelope } from '@copytrade/contracts';
import { parseEventEnvelope } from './event-envelope.parser';
import { errorMessage, errorStack, type MessagingLogger } from './messaging-logger';

export interface LatestStateSubscription<T = unknown> {
  stream?: string;
  /** Subject or wildcard; with a wildcard the latest event of every matching subject is replayed first. */
  subject: string;
  onEvent: (envelope: EventEnvelope<T>) => void | Promise<void>;
  logger?: MessagingLogger;
}

/**
 * For processes without a database (the gateway) that only need current state, such as maintenance mode:
 * an ordered consumer replays the last event per subject, then follows new ones. Nothing is acked or
 * stored server-side, and the client recreates the consumer itself after reconnects or gaps.
 * Returns a function that stops the subscription.
 */
export async function subscribeToLatest<T = unknown>(
  nc: NatsConnection,
  {
    stream = EVENTS_STREAM,
    subject,
    onEvent,
    logger = new Logger('LatestStateSubscriber'),
  }: LatestStateSubscription<T>,
): Promise<() => Promise<void>> {
  const consumer = await jetstream(nc).consumers.get(stream, {
    filter_subjects: subject, // a string (not an array) keeps the 2.9-compatible single filter_subject
    deliver_policy: DeliverPolicy.LastPerSubject,
  });
  const messages = await consumer.consume();
  const done = (async () => {
    for await (const msg of messages) {
      try {
        await onEvent(parseEventEnvelope(msg.string(), msg.subject) as EventEnvelope<T>);
      } catch (error) {
        // Latest-state views are self-healing (the next event replaces this one): log and keep following.
        logger.error(`Applying ${msg.subject} #${msg.seq} failed: ${errorMessage(error)}`, errorStack(error));
      }
    }
  })();
  return async () => {
    await messages.close().catch(() => undefined);
    await done;
  };
}
