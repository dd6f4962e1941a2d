import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What became of each owner sell (additive: a running older version keeps writing pending / filled / failed and
 * never reads the new columns, whose defaults fit its rows).
 * - `filled_quantity` / `average_price`: the units the brokerage sold and at what price. A trade the sells of
 *   which have sold part of it stays open with the rest; the sync subtracts these units from the order's.
 * - `state` gains `partially_filled`: the order ended (canceled, expired) with only part of it sold.
 * - `failure_reason`: why a sell failed or stopped short, in the brokerage's words (its final state and status).
 * Existing filled rows sold their whole quantity (they closed their trade).
 */
export class OwnerSellOutcomes1795700300000 implements MigrationInterface {
  name = 'OwnerSellOutcomes1795700300000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE traces.owner_sells
        ADD COLUMN filled_quantity numeric(18,6) NOT NULL DEFAULT 0 CHECK (filled_quantity >= 0),
        ADD COLUMN average_price numeric,
        ADD COLUMN failure_reason text`);
    await queryRunner.query(`UPDATE traces.owner_sells SET filled_quantity = quantity WHERE state = 'filled'`);
    await queryRunner.query(`
      ALTER TABLE traces.owner_sells
        DROP CONSTRAINT owner_sells_state_check,
        ADD CONSTRAINT owner_sells_state_check CHECK (state IN ('pending', 'filled', 'partially_filled', 'failed'))`);
    await queryRunner.query(
      `CREATE INDEX owner_sells_trace_sold_idx ON traces.owner_sells (trace_id) WHERE filled_quantity > 0`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX traces.owner_sells_trace_sold_idx`);
    await queryRunner.query(`UPDATE traces.owner_sells SET state = 'filled' WHERE state = 'partially_filled'`);
    await queryRunner.query(`
      ALTER TABLE traces.owner_sells
        DROP CONSTRAINT owner_sells_state_check,
        ADD CONSTRAINT owner_sells_state_check CHECK (state IN ('pending', 'filled', 'failed'))`);
    await queryRunner.query(`
      ALTER TABLE traces.owner_sells
        DROP COLUMN failure_reason, DROP COLUMN average_price, DROP COLUMN filled_quantity`);
  }
}
