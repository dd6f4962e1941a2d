import { jetstream, type JetStreamClient, type PubAck } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { Logger } from '@nestjs/common';
import type { DataSource, QueryRunner } from 'typeorm';
import { errorMessage, errorStack, type MessagingLogger } from './messaging-logger';
import { messagingTableName } from './messaging-table-name.util';

export interface OutboxRow {
  id: string;
  subject: string;
  envelope: unknown;
  attempts: number;
}

export interface OutboxRelayHooks {
  /**
   * Runs after each PubAck, before the batch's `published_at` update commits. For observability and for
   * tests that kill the process inside the publish-then-mark window.
   */
  afterPublish?(row: OutboxRow, ack: PubAck): void | Promise<void>;
}

export interface OutboxRelayOptions {
  schema: string;
  pollIntervalMs?: number;
  batchSize?: number;
  /** Ceiling of the exponential backoff after a failed publish. */
  maxBackoffMs?: number;
  publishTimeoutMs?: number;
  /** When set, published rows older than this are deleted every `purgeIntervalMs` while running. */
  retainPublishedMs?: number;
  purgeIntervalMs?: number;
  logger?: MessagingLogger;
  hooks?: OutboxRelayHooks;
}

export interface OutboxBatchResult {
  published: number;
  /** Publishes JetStream recognised as already stored (a re-publish after a crash or a lost mark). */
  duplicates: number;
  failed: boolean;
  /** The batch was full, so more rows are probably waiting. */
  full: boolean;
}

/**
 * Polling publisher for the transactional outbox. At-least-once: a crash between PubAck and the mark makes
 * the next batch publish the row again with the same Nats-Msg-Id, which JetStream drops inside its
 * duplicate window; consumers' inboxes cover anything later.
 */
export class OutboxRelay {
  private readonly js: JetStreamClient;
  private readonly table: string;
  private readonly lockKey: string;
  private readonly pollIntervalMs: number;
  private readonly batchSize: number;
  private readonly maxBackoffMs: number;
  private readonly publishTimeoutMs: number;
  private readonly logger: MessagingLogger;
  private running = false;
  private timer: NodeJS.Timeout | undefined;
  private purgeTimer: NodeJS.Timeout | undefined;
  private inFlight: Promise<void> | undefined;
  private kickRequested = false;
  private consecutiveFailures = 0;

  constructor(
    private readonly dataSource: DataSource,
    nc: NatsConnection,
    private readonly options: OutboxRelayOptions,
  ) {
    this.js = jetstream(nc);
    this.table = messagingTableName(options.schema, 'outbox');
    this.lockKey = `copytrade.outbox-relay.${options.schema}`;
    this.pollIntervalMs = options.pollIntervalMs ?? 250;
    this.batchSize = options.batchSize ?? 50;
    this.maxBackoffMs = options.maxBackoffMs ?? 30_000;
    this.publishTimeoutMs = options.publishTimeoutMs ?? 5_000;
    this.logger = options.logger ?? new Logger(OutboxRelay.name);
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.consecutiveFailures = 0;
    this.schedule(0);
    const { retainPublishedMs, purgeIntervalMs = 10 * 60_000 } = this.options;
    if (retainPublishedMs !== undefined) {
      this.purgeTimer = setInterval(() => {
        this.purgePublished(new Date(Date.now() - retainPublishedMs)).catch((error: unknown) =>
          this.logger.warn(`Purging published outbox rows failed: ${errorMessage(error)}`),
        );
      }, purgeIntervalMs);
      this.purgeTimer.unref();
    }
  }

  /** Stops polling and waits for the batch in flight, so its rows are marked before the connection drains. */
  async stop(): Promise<void> {
    this.running = false;
    clearTimeout(this.timer);
    clearInterval(this.purgeTimer);
    this.timer = undefined;
    this.purgeTimer = undefined;
    await this.inFlight;
  }

  /** Asks for a batch now (called right after a commit that wrote events); ignored while backing off. */
  kick(): void {
    if (!this.running) return;
    if (this.inFlight) {
      // The running batch may have taken its snapshot before that commit: run once more right after it.
      this.kickRequested = true;
      return;
    }
    if (this.consecutiveFailures === 0) this.schedule(0);
  }

  /** Publishes one batch; returns how many rows it marked published. */
  async relayOnce(): Promise<number> {
    return (await this.publishBatch()).published;
  }

  /** Deletes rows published before `olderThan`; the outbox is a queue, not an archive. */
  async purgePublished(olderThan: Date): Promise<number> {
    const queryRunner = this.dataSource.createQueryRunner();
    try {
      const result = await queryRunner.query(
        `DELETE FROM ${this.table} WHERE published_at IS NOT NULL AND published_at < $1`,
        [olderThan],
        true,
      );
      return result.affected ?? 0;
    } finally {
      await queryRunner.release();
    }
  }

  /**
   * One batch in one transaction. The advisory lock keeps a single active relay per schema, so replicas do
   * not publish out of order; FOR UPDATE SKIP LOCKED still guards the rows if that lock were bypassed.
   */
  async publishBatch(): Promise<OutboxBatchResult> {
    const result: OutboxBatchResult = { published: 0, duplicates: 0, failed: false, full: false };
    const queryRunner = this.dataSource.createQueryRunner();
    try {
      await queryRunner.startTransaction();
      try {
        const [lock] = (await queryRunner.query('SELECT pg_try_advisory_xact_lock(hashtext($1)) AS acquired', [
          this.lockKey,
        ])) as Array<{ acquired: boolean }>;
        if (lock?.acquired) await this.publishRows(queryRunner, result);
        await queryRunner.commitTransaction();
      } catch (error) {
        if (queryRunner.isTransactionActive) await queryRunner.rollbackTransaction().catch(() => undefined);
        throw error;
      }
    } finally {
      await queryRunner.release();
    }
    if (result.duplicates > 0) {
      this.logger.log(
        `Re-published ${result.duplicates} outbox event(s) that JetStream already held (dropped as duplicates)`,
      );
    }
    return result;
  }

  private async publishRows(queryRunner: QueryRunner, result: OutboxBatchResult): Promise<void> {
    const rows = (await queryRunner.query(
      `SELECT id, subject, envelope, attempts FROM ${this.table}
        WHERE published_at IS NULL
        ORDER BY created_at, position
        LIMIT $1
        FOR UPDATE SKIP LOCKED`,
      [this.batchSize],
    )) as OutboxRow[];
    result.full = rows.length === this.batchSize;
    const publishedIds: string[] = [];
    for (const row of rows) {
      let ack: PubAck;
      try {
        ack = await this.js.publish(row.subject, JSON.stringify(row.envelope), {
          msgID: row.id,
          timeout: this.publishTimeoutMs,
        });
      } catch (error) {
        // Stop here: later rows wait, so subscribers never see an event before the one written ahead of it.
        result.failed = true;
        await queryRunner.query(`UPDATE ${this.table} SET attempts = attempts + 1, last_error = $2 WHERE id = $1`, [
          row.id,
          errorMessage(error),
        ]);
        this.logger.warn(
          `Publishing outbox event ${row.id} on ${row.subject} failed (attempt ${row.attempts + 1}): ${errorMessage(error)}`,
        );
        break;
      }
      publishedIds.push(row.id);
      if (ack.duplicate) result.duplicates += 1;
      await this.options.hooks?.afterPublish?.(row, ack);
    }
    if (publishedIds.length > 0) {
      await queryRunner.query(`UPDATE ${this.table} SET published_at = now() WHERE id = ANY($1::uuid[])`, [
        publishedIds,
      ]);
    }
    result.published = publishedIds.length;
  }

  private schedule(delayMs: number): void {
    if (!this.running) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.tick(), delayMs);
  }

  private tick(): void {
    this.timer = undefined;
    if (!this.running || this.inFlight) return;
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

  /** Poll interval when healthy; exponential backoff with jitter after failures. */
  private nextDelayMs(): number {
    if (this.consecutiveFailures === 0) return this.pollIntervalMs;
    const exponential = Math.min(this.maxBackoffMs, this.pollIntervalMs * 2 ** this.consecutiveFailures);
    return Math.round(exponential / 2 + Math.random() * (exponential / 2));
  }
}
