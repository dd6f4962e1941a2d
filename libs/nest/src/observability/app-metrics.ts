import { Counter, Gauge, Histogram, register } from 'prom-client';

/**
 * The product's own metrics (not prom-client's process metrics): every name the alerts and the dashboard in
 * k8s/components/monitoring may use. Each is defined once here and created on first use on the default registry
 * (served by `/metrics`); tools/scripts/src/deploy-manifests.spec.ts checks every name a rule or panel queries
 * against what these definitions register. Label values are bounded sets: never user, trace or copy ids, nor raw paths.
 */
export const MetricNames = {
  httpRequests: 'http_server_requests_total',
  httpDuration: 'http_server_request_duration_seconds',
  liveStreamsOpen: 'copytrade_live_streams_open',
  copies: 'copytrade_copies_total',
  fanoutDuration: 'copytrade_copy_fanout_duration_seconds',
  brokerageOrders: 'copytrade_brokerage_orders_total',
  unknownOrders: 'copytrade_brokerage_unknown_orders',
  notificationEmailsQueued: 'copytrade_notification_emails_queued',
  consumerPending: 'copytrade_consumer_pending_messages',
} as const;

/** Seconds; an API answer is usually a few milliseconds, an order may wait up to 30 s for the provider. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** Seconds from a share to its last follower's copy settled (goal: p99 within a few seconds). */
const FANOUT_BUCKETS = [0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60, 120, 300];

type Collect = () => Promise<void> | void;

function single<T>(name: string, create: () => T): T {
  return (register.getSingleMetric(name) as T | undefined) ?? create();
}

/** Gateway requests (RED): `route` is the matched route's template (`/api/traces/:traceId`) or `unmatched`. */
export function httpServerMetrics(): {
  requests: Counter<'method' | 'route' | 'status_code'>;
  duration: Histogram<'method' | 'route' | 'status_code'>;
} {
  const labelNames = ['method', 'route', 'status_code'] as const;
  return {
    requests: single(
      MetricNames.httpRequests,
      () => new Counter({ name: MetricNames.httpRequests, help: 'HTTP requests the gateway answered', labelNames }),
    ),
    duration: single(
      MetricNames.httpDuration,
      () =>
        new Histogram({
          name: MetricNames.httpDuration,
          help: 'Time the gateway took to answer an HTTP request',
          labelNames,
          buckets: HTTP_BUCKETS,
        }),
    ),
  };
}

/** Live-event (SSE) streams open on this gateway replica, read at scrape from `count`. */
export function liveStreamsOpenGauge(count?: () => number): Gauge {
  const gauge = scrapeGauge(MetricNames.liveStreamsOpen, 'Live-event (SSE) streams open on this replica');
  if (count) readers.set(MetricNames.liveStreamsOpen, () => void gauge.set(count()));
  return gauge;
}

/** How a copy ended its placement: opened (filled), skipped by a guard, or failed (not placed for another reason). */
export type CopyOutcome = 'opened' | 'skipped' | 'failed';

/** Copies by outcome, placement (manual | automatic) and code (a known failure code, `none` or `other`). */
export function copyOutcomes(): Counter<'outcome' | 'placement' | 'code'> {
  return single(
    MetricNames.copies,
    () =>
      new Counter({
        name: MetricNames.copies,
        help: 'Copies that were opened, skipped or failed, counted once their transaction committed',
        labelNames: ['outcome', 'placement', 'code'],
      }),
  );
}

/** Seconds from a share's fan-out start to its last follower's copy settled (opened, skipped or failed). */
export function fanoutDuration(): Histogram {
  return single(
    MetricNames.fanoutDuration,
    () =>
      new Histogram({
        name: MetricNames.fanoutDuration,
        help: "Time from a share's fan-out start to its last follower's copy settled",
        buckets: FANOUT_BUCKETS,
      }),
  );
}

/** Orders the brokerage placed by outcome (filled, pending, unknown, refused, unanswered). */
export function brokerageOrders(): Counter<'outcome'> {
  return single(
    MetricNames.brokerageOrders,
    () =>
      new Counter({
        name: MetricNames.brokerageOrders,
        help: 'Orders the brokerage sent to a provider, by outcome',
        labelNames: ['outcome'],
      }),
  );
}

/** A gauge set by its reader when scraped (see `readers`); a failing read keeps the last value. */
function scrapeGauge(name: string, help: string): Gauge {
  return single(name, () => new Gauge({ name, help, collect: () => collectReader(name) }));
}

/** A scrape gauge whose value `read` answers (a count from the service's own database). */
function readGauge(name: string, help: string, read?: () => Promise<number>): Gauge {
  const gauge = scrapeGauge(name, help);
  if (read) readers.set(name, async () => void gauge.set(await read()));
  return gauge;
}

/** Orders whose outcome the provider left unknown, awaiting a decision (the brokerage's database, at scrape). */
export const unknownOrdersGauge = (read?: () => Promise<number>) =>
  readGauge(MetricNames.unknownOrders, 'Orders whose outcome is unknown, awaiting a decision', read);

/** Notification e-mails queued and not yet sent (identity's database, at scrape). */
export const notificationEmailsQueuedGauge = (read?: () => Promise<number>) =>
  readGauge(MetricNames.notificationEmailsQueued, 'Notification e-mails queued and not yet sent', read);

/** Messages a durable JetStream consumer has not received yet (num_pending), by consumer, read at scrape. */
export function consumerPendingGauge(): Gauge<'service' | 'consumer'> {
  return single(
    MetricNames.consumerPending,
    () =>
      new Gauge({
        name: MetricNames.consumerPending,
        help: 'Messages of the events stream a durable consumer has not received yet (JetStream num_pending)',
        labelNames: ['service', 'consumer'],
        collect: () => collectReader(MetricNames.consumerPending),
      }),
  );
}

/** Scrape-time readers by metric name (one per process: a process runs one service). */
const readers = new Map<string, Collect>();

async function collectReader(name: string): Promise<void> {
  await Promise.resolve()
    .then(readers.get(name))
    .catch(() => undefined);
}

/** Sets the scrape-time reader of the consumer pending gauge (the messaging lifecycle installs it). */
export function setConsumerPendingReader(read: Collect): void {
  consumerPendingGauge();
  readers.set(MetricNames.consumerPending, read);
}

/** Creates every product metric, readers untouched (the manifests test reads their names from the registry). */
export function registerAllAppMetrics(): void {
  httpServerMetrics();
  liveStreamsOpenGauge();
  copyOutcomes();
  fanoutDuration();
  brokerageOrders();
  unknownOrdersGauge();
  notificationEmailsQueuedGauge();
  consumerPendingGauge();
}
