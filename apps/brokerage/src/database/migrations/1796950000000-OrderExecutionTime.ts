import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * When an order executed, by the brokerage's own record (or, when it gives none, when its fill was first seen): what
 * a copy's receipt shows as its fill time. A nullable column (null = nothing filled, or a row written before it):
 * the running version neither reads nor writes it. Filled rows are given their last change as the best time known.
 */
export class OrderExecutionTime1796950000000 implements MigrationInterface {
  name = 'OrderExecutionTime1796950000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE brokerage.order_intents ADD COLUMN executed_at timestamptz NULL`);
    await queryRunner.query(
      `UPDATE brokerage.order_intents SET executed_at = updated_at WHERE filled_quantity > 0 AND executed_at IS NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE brokerage.order_intents DROP COLUMN executed_at`);
  }
}
