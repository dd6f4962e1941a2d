import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A copy's sell left PENDING (a crash between recording it and recording the brokerage's answer, the brokerage
 * unreachable, an order accepted and not filled yet) is resumed by the sell sweeper with its own request id, as the
 * copies are: in_flight_until (the call a replica holds), next_attempt_at (when to ask again, with a backoff) and
 * attempts. Existing PENDING sells are due at once. New columns with defaults: nothing running reads them yet.
 */
export class CopySellsSweep1796300000000 implements MigrationInterface {
  name = 'CopySellsSweep1796300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE copy_engine.copy_sells
        ADD COLUMN in_flight_until timestamptz NULL,
        ADD COLUMN next_attempt_at timestamptz NOT NULL DEFAULT now(),
        ADD COLUMN attempts integer NOT NULL DEFAULT 0`);
    await queryRunner.query(
      `CREATE INDEX copy_sells_due_idx ON copy_engine.copy_sells (next_attempt_at) WHERE status = 'PENDING'`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX copy_engine.copy_sells_due_idx`);
    await queryRunner.query(
      `ALTER TABLE copy_engine.copy_sells DROP COLUMN in_flight_until, DROP COLUMN next_attempt_at, DROP COLUMN attempts`,
    );
  }
}
