import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * When the last automatic copy of a shared trade settled (opened, skipped or failed): set once, by the statement
 * that observes the fan-out's duration (copytrade_copy_fanout_duration_seconds), so each share is timed exactly once.
 * The shares already recorded are history (many filled in from old copies): marked as settled, never timed.
 */
export class SharedTradeFanoutSettled1797400000000 implements MigrationInterface {
  name = 'SharedTradeFanoutSettled1797400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE copy_engine.shared_trades ADD COLUMN fanout_settled_at timestamptz`);
    await queryRunner.query(`UPDATE copy_engine.shared_trades SET fanout_settled_at = recorded_at`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE copy_engine.shared_trades DROP COLUMN fanout_settled_at`);
  }
}
