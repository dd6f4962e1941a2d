import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Limit orders: the limit price and time in force of an order intent and of a paper order. Nullable columns only
 * (null = a market order, as every row written before): the running version neither reads nor writes them.
 */
export class LimitOrders1796400000000 implements MigrationInterface {
  name = 'LimitOrders1796400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['order_intents', 'paper_orders'])
      await queryRunner.query(`
        ALTER TABLE brokerage.${table}
          ADD COLUMN limit_price numeric(14, 4) NULL CHECK (limit_price > 0),
          ADD COLUMN time_in_force text NULL CHECK (time_in_force IN ('Day', 'IOC', 'FOK'))`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['order_intents', 'paper_orders'])
      await queryRunner.query(`ALTER TABLE brokerage.${table} DROP COLUMN limit_price, DROP COLUMN time_in_force`);
  }
}
