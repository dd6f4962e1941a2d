import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The owner's market sells and real-time refreshes (new tables only: a running older version is unaffected).
 * - `owner_sells`: one row per (user, request id) — the X-Request-ID the sell was placed with at the brokerage —
 *   naming the trade it sells and the quantity, so a retry finds the same trade even once it is closed, a fill that
 *   arrives later (OrderFilled carries the request id) closes that very trade, and a second sell of a trade is
 *   refused while one is awaiting its fill. `state`: pending (sent, not filled yet, or outcome unknown), filled,
 *   failed (refused or not filled by the brokerage).
 * - `brokerage_refreshes`: when each owner last took a real-time refresh; the cooldown is taken with one
 *   INSERT … ON CONFLICT DO UPDATE … WHERE, so it holds across every replica.
 */
export class OwnerSells1795700200000 implements MigrationInterface {
  name = 'OwnerSells1795700200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE traces.owner_sells (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL,
        request_id text NOT NULL,
        trace_id uuid NOT NULL REFERENCES traces.traces(id) ON DELETE CASCADE,
        trade_id uuid NOT NULL REFERENCES traces.trades(id) ON DELETE CASCADE,
        account_id text NOT NULL,
        quantity numeric(18,6) NOT NULL CHECK (quantity > 0),
        state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'filled', 'failed')),
        brokerage_order_id text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT owner_sells_user_request_key UNIQUE (user_id, request_id)
      )`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX owner_sells_one_pending_per_trade_idx ON traces.owner_sells (trade_id) WHERE state = 'pending'`,
    );
    await queryRunner.query(`
      CREATE TABLE traces.brokerage_refreshes (
        owner_user_id uuid PRIMARY KEY,
        refreshed_at timestamptz NOT NULL
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE traces.brokerage_refreshes`);
    await queryRunner.query(`DROP TABLE traces.owner_sells`);
  }
}
