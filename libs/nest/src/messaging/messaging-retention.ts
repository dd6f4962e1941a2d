import { Logger } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { EVENTS_MAX_AGE_MS } from './jetstream-connection';
import { errorMessage, type MessagingLogger } from './messaging-logger';
import { messagingTableName } from './messaging-table-name.util';
import { WorkLoop } from '../scheduling/work-loop';

export interface MessagingRetentionOptions {
  schema: string;
  /**
   * Published outbox rows older than this are deleted. The relay never reads a published row again
   * (JetStream's duplicate window only concerns re-publishes of unpublished rows), so this is an audit and
   * re-emission window (a broker that lost acknowledged events): a week by default.
   */
  outboxRetentionMs?: number;
  /**
   * Inbox rows older than this are deleted. An inbox row is what makes a second delivery of an event a
   * no-op, and the stream can deliver an event again as long as it keeps it (a recreated durable replays
   * the whole stream), so this must be at least the stream's max age (30 days), far above its 2-minute
   * duplicate window. Events with an aggregate version are also skipped by version, whatever the inbox holds.
   */
  inboxRetentionMs?: number;
  /** Rows deleted per statement: short statements, short locks, no long transaction holding back vacuum. */
  batchSize?: number;
  intervalMs?: number;
  logger?: MessagingLogger;
}

export const DEFAULT_OUTBOX_RETENTION_MS = 168 * 3_600_000;
export const DEFAULT_INBOX_RETENTION_MS = 720 * 3_600_000;

export interface PurgeResult {
  outbox: number;
  inbox: number;
  held: number;
}

/** Deletes published outbox rows and old inbox rows in small batches, periodically while the service runs. */
export class MessagingRetention {
  private readonly outbox: string;
  private readonly inbox: string;
  private readonly held: string;
  private readonly outboxRetentionMs: number;
  private readonly inboxRetentionMs: number;
  private readonly batchSize: number;
  private readonly logger: MessagingLogger;
  private readonly purges: WorkLoop<PurgeResult>;

  constructor(
    private readonly dataSource: DataSource,
    private readonly options: MessagingRetentionOptions,
  ) {
    this.outbox = messagingTableName(options.schema, 'outbox');
    this.inbox = messagingTableName(options.schema, 'inbox');
    this.held = messagingTableName(options.schema, 'inbox_held');
    this.outboxRetentionMs = options.outboxRetentionMs ?? DEFAULT_OUTBOX_RETENTION_MS;
    this.inboxRetentionMs = options.inboxRetentionMs ?? DEFAULT_INBOX_RETENTION_MS;
    this.batchSize = options.batchSize ?? 1_000;
    this.logger = options.logger ?? new Logger(MessagingRetention.name);
    this.purges = new WorkLoop({
      pass: () => this.purge(),
      intervalMs: options.intervalMs ?? 10 * 60_000,
      failed: (error) => this.logger.warn(`Purging messaging tables failed: ${errorMessage(error)}`),
    });
    if (this.inboxRetentionMs < EVENTS_MAX_AGE_MS) {
      this.logger.warn(
        `Inbox retention (${this.inboxRetentionMs} ms) is shorter than the stream's max age: a replayed event could run twice`,
      );
    }
  }

  start(): void {
    this.purges.start();
  }

  /** Stops the timer and waits for a purge in progress, so it never outlives the connection pool. */
  async stop(): Promise<void> {
    await this.purges.stop();
  }

  async purge(now = new Date()): Promise<PurgeResult> {
    const outboxCutoff = new Date(now.getTime() - this.outboxRetentionMs);
    const inboxCutoff = new Date(now.getTime() - this.inboxRetentionMs);
    const result = {
      outbox: await this.deleteInBatches(
        `SELECT id FROM ${this.outbox} WHERE published_at IS NOT NULL AND published_at < $1`,
        `DELETE FROM ${this.outbox} WHERE id IN`,
        outboxCutoff,
      ),
      inbox: await this.deleteInBatches(
        `SELECT ctid FROM ${this.inbox} WHERE processed_at < $1`,
        `DELETE FROM ${this.inbox} WHERE ctid IN`,
        inboxCutoff,
      ),
      // Hold-backs of events the stream no longer delivers (expired with it).
      held: await this.deleteInBatches(
        `SELECT ctid FROM ${this.held} WHERE first_held_at < $1`,
        `DELETE FROM ${this.held} WHERE ctid IN`,
        inboxCutoff,
      ),
    };
    if (result.outbox + result.inbox + result.held > 0) {
      this.logger.log(
        `Purged ${result.outbox} published outbox row(s), ${result.inbox} inbox row(s), ${result.held} hold-back row(s)`,
      );
    }
    return result;
  }

  private async deleteInBatches(select: string, remove: string, cutoff: Date): Promise<number> {
    let total = 0;
    for (;;) {
      const [, affected] = (await this.dataSource.query(`${remove} (${select} LIMIT ${this.batchSize})`, [cutoff])) as [
        unknown[],
        number,
      ];
      total += affected;
      if (affected < this.batchSize) return total;
    }
  }
}
