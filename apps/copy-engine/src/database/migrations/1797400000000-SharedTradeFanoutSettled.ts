import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * When the last automatic copy of a shared trade settled (opened, skipped or failed): set once, by the statement
 * that observes the fan-out's duration (copytrade_copy_fanout_duration_seconds), so each share is timed exactly once.
 */
export class SharedTradeFanoutSettled1797400000000 implements MigrationInterface {
  name = 'SharedTradeFanoutSettled1797400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE copy_engine.shared_trades ADD COLUMN fanout_settled_at timestamptz`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE copy_engine.shared_trades DROP COLUMN fanout_settled_at`);
  }
}
