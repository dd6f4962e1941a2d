import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The Trading Terminal counts the copies of up to 200 trades per read (copyCount, copiedByUsers, activeCopies):
 * an index by trade (and status) so the read touches those trades' copies only, never the whole table. A plain
 * CREATE INDEX: the table is young and small where this runs first.
 */
export class CopyInstancesByTrade1796000000000 implements MigrationInterface {
  name = 'CopyInstancesByTrade1796000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX copy_instances_trade_status_idx ON copy_engine.copy_instances (original_trade_id, status)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX copy_engine.copy_instances_trade_status_idx`);
  }
}
