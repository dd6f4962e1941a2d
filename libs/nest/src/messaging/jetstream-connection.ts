import {
  DiscardPolicy,
  JetStreamApiCodes,
  JetStreamApiError,
  jetstreamManager,
  RetentionPolicy,
  StorageType,
  type StreamInfo,
} from '@nats-io/jetstream';
import { connect, nanos, type NatsConnection, type NodeConnectionOptions } from '@nats-io/transport-node';
import { EVENTS_STREAM, EVENTS_SUBJECTS } from '@copytrade/contracts';
import { natsConnectOptions, type NatsTarget } from './nats-address';

/** JetStream drops a second publish with the same Nats-Msg-Id (= event id) seen within this window. */
export const EVENTS_DUPLICATE_WINDOW_MS = 2 * 60 * 1000;
/** Events stay replayable this long; the outbox and inboxes are the long-term record. */
export const EVENTS_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
/** Size bound of the events stream (EVENTS_STREAM_MAX_BYTES), as well as its age. */
export const EVENTS_DEFAULT_MAX_BYTES = 1024 ** 3;

/**
 * Connects with reconnection forever: a broker restart must never leave a service silently disconnected
 * (the default gives up after 10 attempts). The first connection still fails fast so a misconfigured
 * service crashes at boot instead of starting deaf.
 */
export function connectNats(
  target: NatsTarget,
  name: string,
  options: Partial<NodeConnectionOptions> = {},
): Promise<NatsConnection> {
  // noAsyncTraces: no Error (and stack capture) made in advance for every request and JetStream publish — a
  // measurable share of the CPU when thousands of events go out at once; timeouts still say what timed out.
  return connect({
    ...natsConnectOptions(target),
    name,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 1_000,
    noAsyncTraces: true,
    ...options,
  });
}

export interface EventsStreamOptions {
  stream?: string;
  subjects?: string[];
  /** Copies of each event kept by a JetStream cluster (JETSTREAM_REPLICAS); 1 on a single server. */
  replicas?: number;
  /** Size bound of the stream in bytes (EVENTS_STREAM_MAX_BYTES, default 1 GiB). */
  maxBytes?: number;
}

/**
 * Creates the events stream, or brings an existing one to this configuration. Idempotent, so every
 * service may call it at boot; uses only settings nats-server 2.9 understands.
 */
export async function ensureEventsStream(
  nc: NatsConnection,
  {
    stream = EVENTS_STREAM,
    subjects = [EVENTS_SUBJECTS],
    replicas = 1,
    maxBytes = EVENTS_DEFAULT_MAX_BYTES,
  }: EventsStreamOptions = {},
): Promise<StreamInfo> {
  const jsm = await jetstreamManager(nc);
  const settings = {
    subjects,
    duplicate_window: nanos(EVENTS_DUPLICATE_WINDOW_MS),
    max_age: nanos(EVENTS_MAX_AGE_MS),
    // An update may change it too: nats-server ≥ 2.10 scales a clustered stream's replicas in place.
    num_replicas: replicas,
    max_bytes: maxBytes,
    // DiscardNew: a full stream refuses new publishes rather than deleting its oldest events, which a lagging
    // consumer may not have read yet. Every event comes from an outbox that keeps it and retries (the relay
    // backs off without blaming the row), so "full" delays events instead of losing them; the outbox backlog
    // metrics show it. (nats-server 2.9's file store does not enforce DiscardNew on max_bytes and still drops
    // the oldest messages; max_msgs and memory storage are enforced. 2.10+ enforces it.)
    discard: DiscardPolicy.New,
  };
  try {
    const existing = await jsm.streams.info(stream);
    if (existing.config.storage !== StorageType.File) {
      // Storage cannot be changed in place; refusing is safer than silently keeping events in memory.
      throw new Error(`Stream ${stream} uses ${existing.config.storage} storage; expected file storage`);
    }
    return await jsm.streams.update(stream, settings);
  } catch (error) {
    if (!isStreamNotFound(error)) throw error;
  }
  try {
    return await jsm.streams.add({
      name: stream,
      storage: StorageType.File,
      retention: RetentionPolicy.Limits,
      ...settings,
    });
  } catch (error) {
    // Another service created it between our info and add: converge on the same settings.
    if (error instanceof JetStreamApiError && /already in use/i.test(error.message)) {
      return jsm.streams.update(stream, settings);
    }
    throw error;
  }
}

export function isStreamNotFound(error: unknown): boolean {
  return error instanceof JetStreamApiError && error.code === JetStreamApiCodes.StreamNotFound;
}

export function isConsumerNotFound(error: unknown): boolean {
  return error instanceof JetStreamApiError && error.code === JetStreamApiCodes.ConsumerNotFound;
}
