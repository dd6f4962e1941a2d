import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Automatic copying (new tables, a nullable column and partial indexes: nothing running reads them yet).
 * - follower_settings: the followers' copy-trading settings as identity's UserSettingsChanged events carry them (a
 *   projection; no row = copy trading off).
 * - copy_instances.brokerage_account_id becomes nullable: an automatic copy is recorded before the brokerage
 *   resolves the follower's primary account (its batch answers which); a manual copy always names it.
 * - copy_instances_auto_unplaced_idx: the automatic copies whose order has not been asked for yet (PENDING, no
 *   order state), which the placement workers claim in batches.
 * - auto_copy_closes: one row per (TradeClosed event, automatic copy) a follower asked to have sold when the trader
 *   sells — PENDING until its sell is recorded (or there is nothing left to sell), so a redelivery or a crash never
 *   sells twice and never forgets one.
 */
export class AutoCopy1796200000000 implements MigrationInterface {
  name = 'AutoCopy1796200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE copy_engine.follower_settings (
        user_id uuid PRIMARY KEY,
        copy_trading_enabled boolean NOT NULL,
        default_copy_amount numeric(14,2),
        max_copy_amount numeric(14,2),
        close_auto_copies_on_trader_sell boolean NOT NULL DEFAULT false,
        changed_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`ALTER TABLE copy_engine.copy_instances ALTER COLUMN brokerage_account_id DROP NOT NULL`);
    await queryRunner.query(
      `CREATE INDEX copy_instances_auto_unplaced_idx ON copy_engine.copy_instances (created_at)
        WHERE status = 'PENDING' AND placement = 'automatic' AND order_state IS NULL`,
    );
    await queryRunner.query(`
      CREATE TABLE copy_engine.auto_copy_closes (
        event_id uuid NOT NULL,
        copy_id uuid NOT NULL REFERENCES copy_engine.copy_instances (id),
        user_id uuid NOT NULL,
        status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'DONE')),
        outcome text,
        in_flight_until timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (event_id, copy_id)
      )`);
    await queryRunner.query(
      `CREATE INDEX auto_copy_closes_pending_idx ON copy_engine.auto_copy_closes (created_at) WHERE status = 'PENDING'`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE copy_engine.auto_copy_closes`);
    await queryRunner.query(`DROP INDEX copy_engine.copy_instances_auto_unplaced_idx`);
    await queryRunner.query(`ALTER TABLE copy_engine.copy_instances ALTER COLUMN brokerage_account_id SET NOT NULL`);
    await queryRunner.query(`DROP TABLE copy_engine.follower_settings`);
  }
}
