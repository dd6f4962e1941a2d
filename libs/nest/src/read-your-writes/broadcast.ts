import { Logger } from '@nestjs/common';
import type { NatsConnection } from '@nats-io/transport-node';
import { errorMessage } from '../messaging/messaging-logger';

/**
 * Fan-out to stateless replicas (every gateway), for state they cache: the owner publishes on core NATS and
 * flushes BEFORE it answers the write. flush() returns once the server has processed the message, and the
 * server forwards it to every subscriber while processing it, so the message is on its way to every replica
 * before the writer's reply even leaves. A lost message (a replica reconnecting) is covered by the subscriber
 * clearing its cache on reconnect and by the cache's TTL or the durable event.
 */
export async function publishBeforeReply(nc: NatsConnection, subject: string, payload: unknown): Promise<void> {
  nc.publish(subject, JSON.stringify(payload));
  await nc.flush();
}

/**
 * Subscribes with a callback (not an async iterator) so a message is applied in the same I/O callback that
 * parsed it, never a tick later. Returns a function that ends the subscription.
 */
export function subscribeToBroadcast<T>(
  nc: NatsConnection,
  subject: string,
  onMessage: (payload: T) => void,
  logger = new Logger('Broadcast'),
): () => void {
  const subscription = nc.subscribe(subject, {
    callback: (error, message) => {
      if (error) return logger.warn(`Broadcast ${subject}: ${errorMessage(error)}`);
      try {
        onMessage(message.json<T>());
      } catch (applyError) {
        logger.warn(`Applying broadcast ${subject} failed: ${errorMessage(applyError)}`);
      }
    },
  });
  return () => subscription.unsubscribe();
}

/** Calls `onReconnect` after every reconnection: messages published while disconnected are lost. */
export function onNatsReconnect(nc: NatsConnection, onReconnect: () => void): void {
  void (async () => {
    for await (const status of nc.status()) if (status.type === 'reconnect') onReconnect();
  })();
}

/**
 * Lets I/O that is already readable run before a cached answer is given: a broadcast that reached this
 * process's socket in the same event-loop turn as the HTTP request is applied first (setImmediate runs after
 * every poll callback of the turn).
 */
export function settleInboundMessages(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
