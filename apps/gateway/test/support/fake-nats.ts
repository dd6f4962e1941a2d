import type { NatsConnection } from '@nats-io/transport-node';
import { settleInboundMessages } from '@copytrade/nest';

/**
 * Core NATS as the gateway's read caches use it (unit tests): broadcasts on `subject` delivered to the subscriber's
 * callback, status events (a reconnect) on demand.
 */
export function fakeNats(subject: string) {
  const callbacks = new Map<string, (error: Error | null, message: { json(): unknown }) => void>();
  const statuses: Array<{ type: string }> = [];
  let wake: (() => void) | undefined;
  const nats = {
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
    reconnect: async () => {
      statuses.push({ type: 'reconnect' });
      wake?.();
      await settleInboundMessages();
    },
  };
}
