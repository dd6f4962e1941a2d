import { jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { consumerPendingGauge, setConsumerPendingReader } from '../observability/app-metrics';

/** A durable consumer this process runs: what its lag is read with. */
export interface ConsumerLagSource {
  nc: NatsConnection;
  stream: string;
  service: string;
  consumer: string;
}

/** A scrape does not wait longer than this for JetStream: a slow server leaves the last values. */
const INFO_TIMEOUT_MS = 2_000;

const sources = new Set<ConsumerLagSource>();
const managers = new WeakMap<NatsConnection, Promise<JetStreamManager>>();

/**
 * Makes `copytrade_consumer_pending_messages` report this consumer's num_pending (messages of the stream it has not
 * received yet) at every scrape; returns the unregister function. One series per durable consumer: a bounded set.
 */
export function registerConsumerLag(source: ConsumerLagSource): () => void {
  setConsumerPendingReader(readConsumerLag);
  sources.add(source);
  return () => {
    sources.delete(source);
    consumerPendingGauge().remove({ service: source.service, consumer: source.consumer });
  };
}

async function readConsumerLag(): Promise<void> {
  const gauge = consumerPendingGauge();
  await Promise.all(
    [...sources].map(async ({ nc, stream, service, consumer }) => {
      if (nc.isClosed()) return;
      try {
        let jsm = managers.get(nc);
        // A failed attempt is forgotten, so the next scrape tries again.
        if (!jsm)
          managers.set(
            nc,
            (jsm = jetstreamManager(nc).catch((error: unknown) => {
              managers.delete(nc);
              throw error;
            })),
          );
        const info = await withTimeout((await jsm).consumers.info(stream, consumer), INFO_TIMEOUT_MS);
        gauge.set({ service, consumer }, info.num_pending);
      } catch {
        // Unreachable or slow: the last value stays (the consumer's own logs say why).
      }
    }),
  );
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
