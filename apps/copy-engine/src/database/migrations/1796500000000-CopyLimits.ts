import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A copy's limits as they were applied (nullable columns: nothing running reads them yet).
 * - sizing_price / sizing_quoted_at: the live quote the copy was sized and capped against when it was placed (per
 *   share; options per share of the contract), beside the fill on the receipt.
 * - max_copy_amount: the follower's cap at that moment, so a fill above it (the market moved between quote and fill,
 *   no price protection) is shown as such.
 * - limit_price: the limit of a price-protected copy's order (null: a market order).
 */
export class CopyLimits1796500000000 implements MigrationInterface {
  name = 'CopyLimits1796500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE copy_engine.copy_instances
        ADD COLUMN sizing_price numeric,
        ADD COLUMN sizing_quoted_at timestamptz,
        ADD COLUMN max_copy_amount numeric(14,2),
        ADD COLUMN limit_price numeric`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE copy_engine.copy_instances
        DROP COLUMN sizing_price, DROP COLUMN sizing_quoted_at, DROP COLUMN max_copy_amount, DROP COLUMN limit_price`);
  }
}
