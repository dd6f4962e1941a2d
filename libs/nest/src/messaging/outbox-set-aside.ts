import type { DataSource } from 'typeorm';
import { messagingTableName } from './messaging-table-name.util';

export interface SetAsideOutboxRow {
  id: string;
  subject: string;
  aggregate_id: string | null;
  aggregate_version: string | null;
  attempts: number;
  last_error: string | null;
  set_aside_at: Date;
}

/**
 * Outbox rows the relay set aside after their last allowed attempt. Once the cause is fixed (the stream
 * captures the subject, the size limit allows the payload), `retry` hands them back to the relay with a
 * fresh attempt budget; the later events of their aggregates, held behind them, follow in order.
 */
export class SetAsideOutbox {
  private readonly table: string;

  constructor(
    private readonly dataSource: DataSource,
    schema: string,
  ) {
    this.table = messagingTableName(schema, 'outbox');
  }

  async list(): Promise<SetAsideOutboxRow[]> {
    return this.dataSource.query(
      `SELECT id, subject, aggregate_id, aggregate_version, attempts, last_error, set_aside_at
         FROM ${this.table} WHERE published_at IS NULL AND set_aside_at IS NOT NULL ORDER BY position`,
    );
  }

  /** `id`, or every set-aside row when undefined. Returns the ids handed back. */
  async retry(id?: string): Promise<string[]> {
    const [rows] = (await this.dataSource.query(
      `UPDATE ${this.table} SET set_aside_at = NULL, attempts = 0, next_attempt_at = NULL, claimed_until = NULL
        WHERE published_at IS NULL AND set_aside_at IS NOT NULL AND ($1::uuid IS NULL OR id = $1::uuid)
        RETURNING id`,
      [id ?? null],
    )) as [Array<{ id: string }>, number];
    return rows.map((row) => row.id);
  }
}
