import { JetStreamApiError, jetstream, type JetStreamClient, type PubAck } from '@nats-io/jetstream';
import { errors as natsErrors, type NatsConnection } from '@nats-io/transport-node';
import { Logger } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { errorMessage, errorStack, type MessagingLogger } from './messaging-logger';
import { messagingMetrics } from './messaging-metrics';
import { messagingTableName } from './messaging-table-name.util';
import { publishOpsAlert } from './ops-alerts';

export interface OutboxRow {
  id: string;
  subject: string;
  envelope: unknown;
  attempts: number;
  aggregate_id: string | null;
}

export interface OutboxRelayHooks {
  /**
   * Runs after each PubAck, before the row is marked published. For observability and for tests that kill
   * the process inside the publish-then-mark window.
   */
  afterPublish?(row: OutboxRow, ack: PubAck): void | Promise<void>;
}

export interface OutboxRelayOptions {
  schema: string;
  /** `service` label of the metrics; defaults to the schema. */
  service?: string;
  pollIntervalMs?: number;
  batchSize?: number;
  /** Ceiling of the relay's exponential backoff while the stream as a whole refuses publishes. */
  maxBackoffMs?: number;
  publishTimeoutMs?: number;
  /** Aggregates whose rows are published at once (one row of an aggregate in flight at a time). */
  publishConcurrency?: number;
  /** Failed publishes of one row after which it is set aside (kept, no longer retried, logged, counted). */
  maxAttempts?: number;
  /** First delay before retrying a row whose publish failed; doubles per attempt up to `maxRetryDelayMs`. */
  retryDelayMs?: number;
  maxRetryDelayMs?: number;
  /**
   * How long claimed rows stay reserved for this relay. A crashed relay's rows are claimable again after it;
   * a batch stops publishing at half of it, so a live relay never publishes rows whose lease has run out.
   */
  leaseMs?: number;
  logger?: MessagingLogger;
  hooks?: OutboxRelayHooks;
}

export interface OutboxBatchResult {
  published: number;
  /** Publishes JetStream recognised as already stored (a re-publish after a crash or an expired lease). */
  duplicates: number;
  /** Rows whose publish failed this batch (retried later with their own delay). */
  rowFailures: number;
  /** Rows set aside this batch after their last allowed attempt. */
  setAside: number;
  /** The stream as a whole refused (store full, no connection): the relay backs off. */
  failed: boolean;
  /** The batch was full, so more rows are probably waiting. */
  full: boolean;
}

/** JetStream "maximum messages/bytes exceeded" and "insufficient resources": the store, not the row, is the problem. */
const STORE_FULL_ERR_CODES = new Set([10077, 10047, 10023]);
/** How soon a relay giving way to its service's bulk work looks again. */
const GIVE_WAY_RECHECK_MS = 25;

/**
 * Polling publisher for the transactional outbox. At-least-once: rows are claimed (a lease) in a short
 * transaction, published with no transaction open, and marked published in another short one. A crash
 * between PubAck and the mark makes a later batch publish the row again with the same Nats-Msg-Id, which
 * JetStream drops inside its duplicate window; consumers' inboxes and versions cover anything later.
 *
 * Order: rows are claimed in `position` order, and a row is claimable only when no earlier unpublished row
 * of its aggregate is set aside, claimed, or waiting to retry, so one aggregate's events leave in version
 * order. Within a batch, an aggregate's rows are published one after the other (each after the previous one's
 * PubAck) while other aggregates' rows are in flight beside them: the order holds per aggregate, which is what
 * consumers apply, not across aggregates. A row that keeps failing is set aside after `maxAttempts`; the later rows of its aggregate then
 * stay in the outbox (held, not lost) until an operator retries or removes it (`npm run events -- outbox`):
 * publishing them past it would only make every consumer hold them back for the missing version.
 */
export class OutboxRelay {
  private readonly js: JetStreamClient;
  private readonly table: string;
  private readonly lockKey: string;
  private readonly service: string;
  private readonly pollIntervalMs: number;
  private readonly batchSize: number;
  private readonly maxBackoffMs: number;
  private readonly publishTimeoutMs: number;
  private readonly publishConcurrency: number;
  private readonly maxAttempts: number;
  private readonly retryDelayMs: number;
  private readonly maxRetryDelayMs: number;
  private readonly leaseMs: number;
  private readonly logger: MessagingLogger;
  private running = false;
  private timer: NodeJS.Timeout | undefined;
  private inFlight: Promise<void> | undefined;
  private kickRequested = false;
  private consecutiveFailures = 0;
  private giveWay: { busy: () => boolean; maxMs: number } | undefined;
  /** When the relay began giving way (undefined: it is not), and until when it may not give way again. */
  private givingWaySince: number | undefined;
  private noGivingWayUntil = 0;

  constructor(
    private readonly dataSource: DataSource,
    private readonly nc: NatsConnection,
    private readonly options: OutboxRelayOptions,
  ) {
    this.js = jetstream(nc);
    this.table = messagingTableName(options.schema, 'outbox');
    this.lockKey = `copytrade.outbox-relay.${options.schema}`;
    this.service = options.service ?? options.schema;
    this.pollIntervalMs = options.pollIntervalMs ?? 250;
    this.batchSize = options.batchSize ?? 200;
    this.maxBackoffMs = options.maxBackoffMs ?? 30_000;
    this.publishTimeoutMs = options.publishTimeoutMs ?? 5_000;
    this.publishConcurrency = options.publishConcurrency ?? 64;
    this.maxAttempts = options.maxAttempts ?? 10;
    this.retryDelayMs = options.retryDelayMs ?? 1_000;
    this.maxRetryDelayMs = options.maxRetryDelayMs ?? 5 * 60_000;
    this.leaseMs = options.leaseMs ?? 60_000;
    this.logger = options.logger ?? new Logger(OutboxRelay.name);
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.consecutiveFailures = 0;
    this.schedule(0);
  }

  /** Stops polling and waits for the batch in flight, so its rows are marked before the pool closes. */
  async stop(): Promise<void> {
    this.running = false;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.inFlight;
  }

  /** Asks for a batch now (called right after a commit that wrote events); ignored while backing off. */
  kick(): void {
    if (!this.running) return;
    if (this.inFlight) {
      // The running batch may have claimed before that commit: run once more right after it.
      this.kickRequested = true;
      return;
    }
    if (this.consecutiveFailures === 0) this.schedule(0);
  }

  /**
   * Lets this service's own bulk work go first: while `busy()` answers true (an order batch being placed) the relay
   * starts no batch, so the events that work writes wait a moment instead of taking the CPU from it — on a 2-core
   * machine the thousands of events of a fan-out, and their consumers, otherwise slow the fan-out itself by a third.
   * Never for more than `maxMs` in a row; after that the relay publishes for at least as long before it gives way
   * again, so a service busy without pause still has its events out.
   */
  giveWayWhile(busy: () => boolean, maxMs: number): void {
    this.giveWay = { busy, maxMs };
  }

  /** Publishes one batch; returns how many rows it marked published. */
  async relayOnce(): Promise<number> {
    return (await this.publishBatch()).published;
  }

  /** Claims a batch, publishes it outside any transaction, then records the outcome of each row. */
  async publishBatch(): Promise<OutboxBatchResult> {
    const result: OutboxBatchResult = {
      published: 0,
      duplicates: 0,
      rowFailures: 0,
      setAside: 0,
      failed: false,
      full: false,
    };
    const rows = await this.claim();
    result.full = rows.length === this.batchSize;
    const deadline = Date.now() + this.leaseMs / 2;
    const published: string[] = [];
    const unclaimed: string[] = [];
    // One chain per aggregate, in position order: a row is sent only after the PubAck of its aggregate's previous
    // row, so a failed row still holds back the later rows of its aggregate; different aggregates' rows are in
    // flight together (up to publishConcurrency), instead of one round trip per row.
    const chains = new Map<string, OutboxRow[]>();
    for (const row of rows) {
      const key = row.aggregate_id ?? `row:${row.id}`;
      const chain = chains.get(key);
      if (chain) chain.push(row);
      else chains.set(key, [row]);
    }
    const publishChain = async (chain: OutboxRow[]): Promise<void> => {
      for (const [index, row] of chain.entries()) {
        if (result.failed || Date.now() > deadline) {
          unclaimed.push(row.id); // the stream refuses, or time is up: stays in order for later
          continue;
        }
        let ack: PubAck;
        try {
          ack = await this.js.publish(row.subject, JSON.stringify(row.envelope), {
            msgID: row.id,
            timeout: this.publishTimeoutMs,
          });
        } catch (error) {
          if (this.isStreamWide(error)) {
            if (!result.failed)
              this.logger.error(
                `Outbox relay: the stream refuses publishes (${errorMessage(error)}); backing off`,
                errorStack(error),
              );
            result.failed = true;
            unclaimed.push(row.id);
            continue;
          }
          result.rowFailures += 1;
          if (await this.recordFailure(row, error)) result.setAside += 1;
          // The later rows of its aggregate wait for it: handed back unpublished, in order.
          unclaimed.push(...chain.slice(index + 1).map((later) => later.id));
          return;
        }
        published.push(row.id);
        if (ack.duplicate) result.duplicates += 1;
        await this.options.hooks?.afterPublish?.(row, ack);
      }
    };
    try {
      const queue = [...chains.values()];
      const worker = async () => {
        for (let chain = queue.shift(); chain; chain = queue.shift()) await publishChain(chain);
      };
      const outcomes = await Promise.allSettled(
        Array.from({ length: Math.min(this.publishConcurrency, queue.length) }, worker),
      );
      const failure = outcomes.find((outcome) => outcome.status === 'rejected');
      if (failure) throw failure.reason;
    } finally {
      await this.settle(published, unclaimed);
    }
    result.published = published.length;
    if (result.duplicates > 0) {
      this.logger.log(
        `Re-published ${result.duplicates} outbox event(s) that JetStream already held (dropped as duplicates)`,
      );
    }
    return result;
  }

  /**
   * Short transaction. The advisory lock serialises claimers (replicas) for the few milliseconds of the
   * claim, so two relays never take rows of one aggregate side by side; SKIP LOCKED keeps the claim from
   * waiting on rows whose outcome another relay is writing.
   */
  private async claim(): Promise<OutboxRow[]> {
    return this.dataSource.transaction(async (manager) => {
      await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [this.lockKey]);
      // The unpublished rows that hold back the later rows of their aggregate (set aside, claimed, waiting to be
      // retried) are found once, in one pass, before the candidates are checked against them: a check per
      // candidate (a correlated NOT EXISTS) was planned from statistics that counted the unpublished rows as
      // none — true of an outbox between bursts — and walked every unpublished row for each candidate, 200 × the
      // backlog (20–170 ms a claim with 10,000–20,000 rows waiting, until autovacuum's next analyze).
      const rows = (await manager.query(
        `WITH blockers AS MATERIALIZED (
           SELECT e.aggregate_id, min(e.position) AS first_position FROM ${this.table} e
            WHERE e.published_at IS NULL AND e.aggregate_id IS NOT NULL
              AND (e.set_aside_at IS NOT NULL OR e.claimed_until >= now() OR e.next_attempt_at > now())
            GROUP BY e.aggregate_id),
         claimable AS (
           SELECT o.id FROM ${this.table} o
            WHERE o.published_at IS NULL AND o.set_aside_at IS NULL
              AND (o.claimed_until IS NULL OR o.claimed_until < now())
              AND (o.next_attempt_at IS NULL OR o.next_attempt_at <= now())
              AND (o.aggregate_id IS NULL OR NOT EXISTS (
                SELECT 1 FROM blockers b WHERE b.aggregate_id = o.aggregate_id AND b.first_position < o.position))
            ORDER BY o.position
            LIMIT $1
            FOR UPDATE OF o SKIP LOCKED)
         UPDATE ${this.table} t SET claimed_until = now() + $2 * interval '1 millisecond'
           FROM claimable WHERE t.id = claimable.id
         RETURNING t.id, t.subject, t.envelope, t.attempts, t.aggregate_id, t.position`,
        [this.batchSize, this.leaseMs],
      )) as [Array<OutboxRow & { position: string }>, number];
      // UPDATE … RETURNING does not keep the CTE's order.
      return rows[0].sort((a, b) => Number(a.position) - Number(b.position));
    });
  }

  /** Short transaction: published rows are marked, the rest handed back for a later batch. */
  private async settle(published: string[], unclaimed: string[]): Promise<void> {
    if (published.length === 0 && unclaimed.length === 0) return;
    await this.dataSource.transaction(async (manager) => {
      if (published.length > 0)
        await manager.query(
          `UPDATE ${this.table} SET published_at = now(), claimed_until = NULL WHERE id = ANY($1::uuid[])`,
          [published],
        );
      if (unclaimed.length > 0)
        await manager.query(`UPDATE ${this.table} SET claimed_until = NULL WHERE id = ANY($1::uuid[])`, [unclaimed]);
    });
  }

  /** Counts the attempt, schedules the retry, and sets the row aside at the last one. Returns whether it did. */
  private async recordFailure(row: OutboxRow, error: unknown): Promise<boolean> {
    const attempt = row.attempts + 1;
    const setAside = attempt >= this.maxAttempts;
    const delayMs = Math.min(this.maxRetryDelayMs, this.retryDelayMs * 2 ** (attempt - 1));
    await this.dataSource.query(
      `UPDATE ${this.table}
          SET attempts = $2, last_error = $3, claimed_until = NULL,
              next_attempt_at = now() + $4 * interval '1 millisecond',
              set_aside_at = CASE WHEN $5 THEN now() END
        WHERE id = $1`,
      [row.id, attempt, errorMessage(error), delayMs, setAside],
    );
    if (setAside) {
      messagingMetrics().outboxSetAsideTotal.inc({ service: this.service });
      publishOpsAlert(
        this.nc,
        {
          kind: 'outbox_set_aside',
          service: this.options.schema,
          id: row.id,
          subject: row.subject,
          error: errorMessage(error),
        },
        this.logger,
      );
      this.logger.error(
        `Outbox event ${row.id} on ${row.subject} set aside after ${attempt} failed publishes` +
          `${row.aggregate_id ? ` (later events of ${row.aggregate_id} wait behind it)` : ''}: ${errorMessage(error)}`,
        errorStack(error),
      );
    } else {
      this.logger.warn(
        `Publishing outbox event ${row.id} on ${row.subject} failed (attempt ${attempt}/${this.maxAttempts}); retrying in ${delayMs} ms: ${errorMessage(error)}`,
      );
    }
    return setAside;
  }

  /** No connection, a timeout, or a full store: every row would fail the same way, so no row is blamed. */
  private isStreamWide(error: unknown): boolean {
    if (this.nc.isClosed()) return true;
    if (error instanceof JetStreamApiError) return STORE_FULL_ERR_CODES.has(error.code);
    return (
      error instanceof natsErrors.TimeoutError ||
      error instanceof natsErrors.ClosedConnectionError ||
      error instanceof natsErrors.DrainingConnectionError ||
      error instanceof natsErrors.ConnectionError
    );
  }

  private schedule(delayMs: number): void {
    if (!this.running) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.tick(), delayMs);
  }

  private tick(): void {
    this.timer = undefined;
    if (!this.running || this.inFlight) return;
    if (this.givingWay()) return this.schedule(GIVE_WAY_RECHECK_MS);
    this.inFlight = this.publishBatch()
      .then(
        (result) => {
          this.consecutiveFailures = result.failed ? this.consecutiveFailures + 1 : 0;
          return result.full && !result.failed ? 0 : this.nextDelayMs();
        },
        (error: unknown) => {
          this.consecutiveFailures += 1;
          this.logger.error(`Outbox relay batch failed: ${errorMessage(error)}`, errorStack(error));
          return this.nextDelayMs();
        },
      )
      .then((delayMs) => {
        this.inFlight = undefined;
        const kicked = this.kickRequested && this.consecutiveFailures === 0;
        this.kickRequested = false;
        this.schedule(kicked ? 0 : delayMs);
      });
  }

  /** Whether to hold this batch back for the service's bulk work (see giveWayWhile). */
  private givingWay(): boolean {
    const now = Date.now();
    if (!this.giveWay?.busy() || now < this.noGivingWayUntil) {
      this.givingWaySince = undefined;
      return false;
    }
    this.givingWaySince ??= now;
    if (now - this.givingWaySince < this.giveWay.maxMs) return true;
    this.givingWaySince = undefined;
    this.noGivingWayUntil = now + this.giveWay.maxMs;
    return false;
  }

  /** Poll interval when healthy; exponential backoff with jitter after failures. */
  private nextDelayMs(): number {
    if (this.consecutiveFailures === 0) return this.pollIntervalMs;
    const exponential = Math.min(this.maxBackoffMs, this.pollIntervalMs * 2 ** this.consecutiveFailures);
    return Math.round(exponential / 2 + Math.random() * (exponential / 2));
  }
}
