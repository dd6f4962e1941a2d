import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Where an automatic copy came from (a nullable column: nothing running reads it yet): 'shared' — the trader shared
 * the trade and it was copied then; 'open_position' — the trade was already open when the follower subscribed to the
 * trace or resumed copying it, and they asked for open positions to be copied. Null: a manual copy, or one recorded
 * before the column existed.
 */
export class CopyOrigin1796600000000 implements MigrationInterface {
  name = 'CopyOrigin1796600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE copy_engine.copy_instances
        ADD COLUMN origin text CONSTRAINT copy_instances_origin_check CHECK (origin IN ('shared', 'open_position'))`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE copy_engine.copy_instances DROP COLUMN origin`);
  }
}
