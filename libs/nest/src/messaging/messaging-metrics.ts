import { Counter, Gauge, register } from 'prom-client';
import type { DataSource } from 'typeorm';
import { messagingTableName } from './messaging-table-name.util';

/** What the database-derived gauges read for one service (its schema), at scrape time. */
interface MessagingStatsSource {
  service: string;
  dataSource: DataSource;
  schema: string;
}

interface OutboxStats {
  backlog: string;
  oldest_age_seconds: number | null;
  set_aside: string;
}

export interface MessagingMetrics {
  outboxBacklog: Gauge<'service'>;
  outboxOldestAge: Gauge<'service'>;
  outboxSetAside: Gauge<'service'>;
  outboxSetAsideTotal: Counter<'service'>;
  deadLetters: Gauge<'service' | 'consumer'>;
  consumerRedeliveries: Counter<'service' | 'consumer'>;
  consumerHeldBack: Counter<'service' | 'consumer'>;
}

const sources = new Set<MessagingStatsSource>();
let metrics: MessagingMetrics | undefined;

/**
 * The messaging metrics, registered once per process on prom-client's default registry (served by
 * `/metrics`). Gauges that describe tables are read from PostgreSQL when scraped, for every registered
 * service, so they are right whichever replica answers.
 */
export function messagingMetrics(): MessagingMetrics {
  metrics ??= {
    outboxBacklog: new Gauge({
      name: 'copytrade_outbox_backlog',
      help: 'Outbox events not yet published (set-aside rows excluded)',
      labelNames: ['service'],
      registers: [register],
      collect: refreshOutboxStats,
    }),
    outboxOldestAge: new Gauge({
      name: 'copytrade_outbox_oldest_unpublished_age_seconds',
      help: 'Age of the oldest outbox event not yet published (set-aside rows excluded), 0 when none',
      labelNames: ['service'],
      registers: [register],
      collect: refreshOutboxStats,
    }),
    outboxSetAside: new Gauge({
      name: 'copytrade_outbox_set_aside',
      help: 'Outbox events set aside after their last allowed publish attempt, awaiting an operator',
      labelNames: ['service'],
      registers: [register],
      collect: refreshOutboxStats,
    }),
    outboxSetAsideTotal: new Counter({
      name: 'copytrade_outbox_set_aside_total',
      help: 'Outbox events this process set aside after their last allowed publish attempt',
      labelNames: ['service'],
      registers: [register],
    }),
    deadLetters: new Gauge({
      name: 'copytrade_dead_letters',
      help: 'Dead letters not yet redriven, per consumer',
      labelNames: ['service', 'consumer'],
      registers: [register],
      collect: collectDeadLetters,
    }),
    consumerRedeliveries: new Counter({
      name: 'copytrade_consumer_redeliveries_total',
      help: 'Messages received again after an earlier delivery (nak, ack timeout, hold-back)',
      labelNames: ['service', 'consumer'],
      registers: [register],
    }),
    consumerHeldBack: new Counter({
      name: 'copytrade_consumer_held_back_total',
      help: 'Deliveries held back because an earlier version of their aggregate was not applied yet',
      labelNames: ['service', 'consumer'],
      registers: [register],
    }),
  };
  return metrics;
}

/** Makes the outbox and dead-letter gauges report `schema` under `service`; returns the unregister function. */
export function registerMessagingStats(source: MessagingStatsSource): () => void {
  messagingMetrics();
  sources.add(source);
  return () => void sources.delete(source);
}

let outboxStatsInFlight: Promise<void> | undefined;

/** One query per service feeds the three outbox gauges; a scrape collecting them concurrently shares it. */
function refreshOutboxStats(): Promise<void> {
  outboxStatsInFlight ??= collectOutboxStats().finally(() => (outboxStatsInFlight = undefined));
  return outboxStatsInFlight;
}

async function collectOutboxStats(): Promise<void> {
  const { outboxBacklog, outboxOldestAge, outboxSetAside } = messagingMetrics();
  await forEachSource(async ({ service, dataSource, schema }) => {
    const [stats] = (await dataSource.query(
      `SELECT count(*) FILTER (WHERE set_aside_at IS NULL) AS backlog,
                extract(epoch FROM now() - min(created_at) FILTER (WHERE set_aside_at IS NULL))::float8 AS oldest_age_seconds,
                count(*) FILTER (WHERE set_aside_at IS NOT NULL) AS set_aside
           FROM ${messagingTableName(schema, 'outbox')} WHERE published_at IS NULL`,
    )) as OutboxStats[];
    outboxBacklog.set({ service }, Number(stats.backlog));
    outboxOldestAge.set({ service }, stats.oldest_age_seconds ?? 0);
    outboxSetAside.set({ service }, Number(stats.set_aside));
  });
}

async function collectDeadLetters(): Promise<void> {
  const { deadLetters } = messagingMetrics();
  deadLetters.reset();
  await forEachSource(async ({ service, dataSource, schema }) => {
    const rows = (await dataSource.query(
      `SELECT consumer, count(*) AS count FROM ${messagingTableName(schema, 'dead_letter')}
          WHERE redriven_at IS NULL GROUP BY consumer`,
    )) as Array<{ consumer: string; count: string }>;
    for (const row of rows) deadLetters.set({ service, consumer: row.consumer }, Number(row.count));
  });
}

/** A database that cannot answer leaves the gauges at their last values rather than failing the whole scrape. */
async function forEachSource(read: (source: MessagingStatsSource) => Promise<void>): Promise<void> {
  await Promise.all(
    [...sources].map((source) => (source.dataSource.isInitialized ? read(source).catch(() => undefined) : undefined)),
  );
}
