import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Orders follow the brokerage to a final state: pending, partly filled, canceled and expired states, whether
 * the brokerage is done with the order, and when the tracker looks at an open order next (with its back-off).
 * Paper orders can stay open and fill later, in steps (the paper broker's slow mode).
 */
export class OrderLifecycle1795600000000 implements MigrationInterface {
  name = 'OrderLifecycle1795600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE brokerage.order_intents DROP CONSTRAINT IF EXISTS order_intents_state_check`);
    await queryRunner.query(
      `ALTER TABLE brokerage.order_intents ADD CONSTRAINT order_intents_state_check CHECK (state IN ('SUBMITTING', 'UNKNOWN', 'SUBMITTED', 'PARTIALLY_FILLED', 'FILLED', 'CANCELED', 'EXPIRED', 'REJECTED'))`,
    );
    await queryRunner.query(`ALTER TABLE brokerage.order_intents ADD COLUMN is_final boolean NOT NULL DEFAULT false`);
    await queryRunner.query(
      `UPDATE brokerage.order_intents SET is_final = true WHERE state IN ('FILLED', 'CANCELED', 'EXPIRED', 'REJECTED')`,
    );
    await queryRunner.query(`ALTER TABLE brokerage.order_intents ADD COLUMN track_attempts integer NOT NULL DEFAULT 0`);
    await queryRunner.query(`ALTER TABLE brokerage.order_intents ADD COLUMN next_check_at timestamptz`);
    // The tracker reads only open orders the brokerage accepted.
    await queryRunner.query(
      `CREATE INDEX order_intents_open_idx ON brokerage.order_intents (next_check_at) WHERE state IN ('SUBMITTED', 'PARTIALLY_FILLED') AND NOT is_final`,
    );
    await queryRunner.query(`ALTER TABLE brokerage.paper_orders ALTER COLUMN execution_price DROP NOT NULL`);
    await queryRunner.query(`ALTER TABLE brokerage.paper_orders ADD COLUMN filled_units numeric(24,8)`);
    await queryRunner.query(`UPDATE brokerage.paper_orders SET filled_units = units`);
    await queryRunner.query(`ALTER TABLE brokerage.paper_orders ALTER COLUMN filled_units SET NOT NULL`);
    await queryRunner.query(`ALTER TABLE brokerage.paper_orders ADD COLUMN plan jsonb NOT NULL DEFAULT '[]'`);
    await queryRunner.query(`ALTER TABLE brokerage.paper_orders ADD COLUMN updated_at timestamptz`);
    await queryRunner.query(`UPDATE brokerage.paper_orders SET updated_at = placed_at`);
    await queryRunner.query(
      `CREATE INDEX paper_orders_open_idx ON brokerage.paper_orders (account_id) WHERE status IN ('ACCEPTED', 'PARTIAL')`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX brokerage.paper_orders_open_idx`);
    await queryRunner.query(`ALTER TABLE brokerage.paper_orders DROP COLUMN updated_at`);
    await queryRunner.query(`ALTER TABLE brokerage.paper_orders DROP COLUMN plan`);
    await queryRunner.query(`ALTER TABLE brokerage.paper_orders DROP COLUMN filled_units`);
    await queryRunner.query(`DROP INDEX brokerage.order_intents_open_idx`);
    await queryRunner.query(`ALTER TABLE brokerage.order_intents DROP COLUMN next_check_at`);
    await queryRunner.query(`ALTER TABLE brokerage.order_intents DROP COLUMN track_attempts`);
    await queryRunner.query(`ALTER TABLE brokerage.order_intents DROP COLUMN is_final`);
    await queryRunner.query(`ALTER TABLE brokerage.order_intents DROP CONSTRAINT order_intents_state_check`);
    await queryRunner.query(
      `ALTER TABLE brokerage.order_intents ADD CONSTRAINT order_intents_state_check CHECK (state IN ('SUBMITTING', 'SUBMITTED', 'FILLED', 'REJECTED', 'UNKNOWN'))`,
    );
  }
}
