import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A follower's sells of their copies, and the copies' last read price (new table and nullable columns: nothing
 * running reads them yet).
 * - copy_sells: one row per sell of (part of) a copy, recorded PENDING under UNIQUE(user_id, request_id) — the
 *   client's X-Request-ID, the brokerage's idempotency key — before the brokerage is called; FILLED with the
 *   brokerage's fill (quantity, average price, order id), or FAILED with the reason when nothing was sold.
 *   The copy's held quantity is its filled quantity less its FILLED and PENDING sells.
 * - copy_instances.client_exit_price: what the client sent with the close, kept beside the brokerage's exit price
 *   (never used for it); current_price / price_updated_at: the last price read for an open copy (refresh-price).
 */
export class CopySells1796100000000 implements MigrationInterface {
  name = 'CopySells1796100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE copy_engine.copy_sells (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL,
        request_id text NOT NULL,
        copy_id uuid NOT NULL REFERENCES copy_engine.copy_instances (id),
        brokerage_account_id text NOT NULL,
        quantity numeric(18,6) NOT NULL CHECK (quantity > 0),
        status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'FILLED', 'FAILED')),
        brokerage_order_id text,
        filled_quantity numeric(18,6) CHECK (filled_quantity >= 0),
        fill_price numeric,
        filled_at timestamptz,
        failure_reason text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT copy_sells_user_request_key UNIQUE (user_id, request_id)
      )`);
    await queryRunner.query(`CREATE INDEX copy_sells_copy_idx ON copy_engine.copy_sells (copy_id)`);
    await queryRunner.query(`
      ALTER TABLE copy_engine.copy_instances
        ADD COLUMN current_price numeric,
        ADD COLUMN price_updated_at timestamptz,
        ADD COLUMN client_exit_price numeric`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE copy_engine.copy_instances
        DROP COLUMN current_price, DROP COLUMN price_updated_at, DROP COLUMN client_exit_price`);
    await queryRunner.query(`DROP TABLE copy_engine.copy_sells`);
  }
}
