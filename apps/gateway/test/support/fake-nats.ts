import type { NatsConnection } from '@nats-io/transport-node';
import { settleInboundMessages } from '@copytrade/nest';

/**
 * Core NATS as the gateway's read caches use it (unit tests): broadcasts on `subject` (or any, publishTo) delivered
 * to the subscriber's callback, what the cache published recorded, status events (a reconnect) on demand.
 */
export function fakeNats(subject: string) {
  const callbacks = new Map<string, (error: Error | null, message: { json(): unknown }) => void>();
  const statuses: Array<{ type: string }> = [];
  let wake: (() => void) | undefined;
  const published: Array<{ subject: string; payload: unknown }> = [];
  const nats = {
    publish: (name: string, data: string) => published.push({ subject: name, payload: JSON.parse(data) }),
    subscribe: (name: string, { callback }: { callback: (error: Error | null, message: unknown) => void }) => {
      callbacks.set(name, callback);
      return { unsubscribe: () => callbacks.delete(name) };
    },
    status: async function* () {
      for (;;) {
        while (statuses.length) yield statuses.shift()!;
        await new Promise<void>((resolve) => (wake = resolve));
      }
    },
  };
  return {
    nats: nats as unknown as NatsConnection,
    broadcast: (payload: object) => callbacks.get(subject)?.(null, { json: () => payload }),
    publishTo: (name: string, payload: object) => callbacks.get(name)?.(null, { json: () => payload }),
    published,
    reconnect: async () => {
      statuses.push({ type: 'reconnect' });
      wake?.();
      await settleInboundMessages();
    },
  };
}
