import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The copy-trading setting 'close my automatic copies when the trader sells' (off by default). Expand only: a
 * defaulted column, safe for a running older version.
 */
export class AddCloseAutoCopiesOnTraderSell1795810000000 implements MigrationInterface {
  name = 'AddCloseAutoCopiesOnTraderSell1795810000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE identity.users
        ADD COLUMN close_auto_copies_on_trader_sell boolean NOT NULL DEFAULT false`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE identity.users DROP COLUMN close_auto_copies_on_trader_sell`);
  }
}
