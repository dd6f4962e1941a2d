import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Identity's projection of the trades traces shared (from TradeShared and TradeClosed), for the notifications: the
 * texts of a sell and of a copy, the trade's owner (who is told their trade was copied) and how many copies of it
 * opened (the count of that one notification). Purged with the notifications, some time after the trade closed.
 * Expand only: a new table.
 */
export class AddNotificationSharedTrades1797110000000 implements MigrationInterface {
  name = 'AddNotificationSharedTrades1797110000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE identity.notification_shared_trades (
        trade_id uuid PRIMARY KEY,
        trace_id uuid NOT NULL,
        owner_user_id uuid NOT NULL,
        trace_name text,
        symbol text NOT NULL,
        options_ticker text,
        copies_opened integer NOT NULL DEFAULT 0,
        shared_at timestamptz NOT NULL,
        closed_at timestamptz
      )`);
    await queryRunner.query(
      `CREATE INDEX notification_shared_trades_closed ON identity.notification_shared_trades (closed_at)
        WHERE closed_at IS NOT NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX notification_shared_trades_by_trace ON identity.notification_shared_trades (trace_id)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE identity.notification_shared_trades`);
  }
}
