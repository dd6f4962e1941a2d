import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An automatic copy the brokerage refused because the market was closed, of a follower whose market-closed policy is
 * 'next_open', stays PENDING and waits for the next open (queued_until): the placement workers leave it alone until
 * then, when it is sized again at a fresh quote and sent. Null: not waiting. The partial index serves the workers'
 * look for copies whose open has come (few rows: only those waiting).
 */
export class CopyQueuedForOpen1796700000000 implements MigrationInterface {
  name = 'CopyQueuedForOpen1796700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE copy_engine.copy_instances ADD COLUMN queued_until timestamptz`);
    await queryRunner.query(
      `CREATE INDEX copy_instances_queued_for_open_idx ON copy_engine.copy_instances (queued_until)
        WHERE status = 'PENDING' AND queued_until IS NOT NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX copy_engine.copy_instances_queued_for_open_idx`);
    await queryRunner.query(`ALTER TABLE copy_engine.copy_instances DROP COLUMN queued_until`);
  }
}
