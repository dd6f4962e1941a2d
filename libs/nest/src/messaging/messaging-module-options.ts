import type { EventsStreamOptions } from './jetstream-connection';
import type { NatsTarget } from './nats-address';
import type { MessagingRetentionOptions } from './messaging-retention';
import type { OutboxRelayOptions } from './outbox-relay';

export interface MessagingModuleOptions {
  /** Service name: the envelope's `producer` and the NATS connection name. */
  producer: string;
  /** The service's Postgres schema holding its outbox, inbox and dead_letter tables. */
  schema: string;
  /** The service's NATS address, with its credentials when the server requires them. */
  natsUrl: NatsTarget;
  /** Stream created or updated at bootstrap (defaults: EVENTS / events.>); `false` when deployment manages it. */
  stream?: EventsStreamOptions | false;
  relay?: Pick<
    OutboxRelayOptions,
    | 'pollIntervalMs'
    | 'batchSize'
    | 'maxBackoffMs'
    | 'publishTimeoutMs'
    | 'maxAttempts'
    | 'retryDelayMs'
    | 'maxRetryDelayMs'
    | 'leaseMs'
    | 'hooks'
    | 'logger'
  >;
  /** Purge of published outbox rows and old inbox rows (OUTBOX_RETENTION_HOURS, INBOX_RETENTION_HOURS). */
  retention?: Pick<MessagingRetentionOptions, 'outboxRetentionMs' | 'inboxRetentionMs' | 'batchSize' | 'intervalMs'>;
}
