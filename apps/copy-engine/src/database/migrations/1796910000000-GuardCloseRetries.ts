import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Keyed closes tried again after a refusal (new columns with defaults and a wider check: nothing running reads them).
 * - `attempt`: the close's sell attempt now (1 for every existing row). Each attempt sells under a request id of its
 *   own (closeRequestId); a new one is only started once the previous sell is FAILED — the brokerage refused it or its
 *   order ended with nothing sold — never while its outcome is unknown.
 * - `last_refusal`: why the last attempt was refused.
 * - status 'GAVE_UP': refused at every attempt allowed; the copy stays open, flagged with the reason.
 */
export class GuardCloseRetries1796910000000 implements MigrationInterface {
  name = 'GuardCloseRetries1796910000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE copy_engine.auto_copy_closes
        ADD COLUMN attempt int NOT NULL DEFAULT 1 CHECK (attempt >= 1),
        ADD COLUMN last_refusal text,
        DROP CONSTRAINT auto_copy_closes_status_check,
        ADD CONSTRAINT auto_copy_closes_status_check CHECK (status IN ('PENDING', 'DONE', 'GAVE_UP'))`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      UPDATE copy_engine.auto_copy_closes SET status = 'DONE' WHERE status = 'GAVE_UP'`);
    await queryRunner.query(`
      ALTER TABLE copy_engine.auto_copy_closes
        DROP CONSTRAINT auto_copy_closes_status_check,
        ADD CONSTRAINT auto_copy_closes_status_check CHECK (status IN ('PENDING', 'DONE')),
        DROP COLUMN last_refusal,
        DROP COLUMN attempt`);
  }
}
