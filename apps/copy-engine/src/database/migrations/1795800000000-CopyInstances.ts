import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Copies (new table: nothing running reads it yet).
 * - One row per copy a follower made of a shared trade, manual or automatic, keyed by UNIQUE(user_id, request_id):
 *   the idempotency key its order is placed with at the brokerage (the client's request id, or event id + follower
 *   for automatic copies). `request_hash` is the fingerprint of what was asked, so the same id with another body is
 *   refused (422).
 * - status: PENDING (recorded before the brokerage is called; sent, the fill not known yet), OPEN (filled, or partly
 *   filled with what filled), FAILED (refused or not filled: `failure_code`, `failure_reason`), CLOSED (sold). A PENDING copy whose
 *   order outcome is unknown has `awaiting_confirmation`: only the brokerage's record settles it, never a timer.
 * - One user copies one trade once: a partial unique index over (user_id, original_trade_id) that FAILED copies do
 *   not count in, so a refused copy may be tried again.
 * - The saga's bookkeeping: `in_flight_until` is the lease of a brokerage call under way (a retry of the same
 *   request id meanwhile answers 409); `next_attempt_at` is when the sweeper may ask the brokerage again about a
 *   PENDING copy (a crash before or during the call, an accepted order whose fill has not come).
 * - The receipt: the trader's price and share time beside the follower's fill price and time.
 * Prices per share (options: per share of the contract, × contract_multiplier per contract); money is numeric.
 */
export class CopyInstances1795800000000 implements MigrationInterface {
  name = 'CopyInstances1795800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE copy_engine.copy_instances (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL,
        request_id text NOT NULL,
        request_hash text NOT NULL,
        original_trade_id uuid NOT NULL,
        trace_id uuid NOT NULL,
        trader_user_id uuid NOT NULL,
        trace_name text NOT NULL,
        trace_handle text NOT NULL,
        trace_avatar text,
        placement text NOT NULL CHECK (placement IN ('manual', 'automatic')),
        status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'OPEN', 'FAILED', 'CLOSED')),
        awaiting_confirmation boolean NOT NULL DEFAULT false,
        order_state text,
        symbol text NOT NULL,
        side text NOT NULL CHECK (side IN ('buy', 'sell')),
        is_options boolean NOT NULL DEFAULT false,
        option_type text CHECK (option_type IN ('call', 'put')),
        options_ticker text,
        strike_price numeric,
        expiration_date date,
        contract_multiplier integer NOT NULL DEFAULT 1 CHECK (contract_multiplier >= 1),
        quantity_requested numeric(18,6) NOT NULL CHECK (quantity_requested > 0),
        quantity_filled numeric(18,6) NOT NULL DEFAULT 0 CHECK (quantity_filled >= 0),
        entry_price numeric,
        copy_amount numeric(20,6) NOT NULL DEFAULT 0,
        brokerage_account_id text NOT NULL,
        brokerage_order_id text,
        failure_code text,
        failure_reason text,
        trader_price numeric NOT NULL,
        trader_shared_at timestamptz,
        filled_at timestamptz,
        exit_price numeric,
        realized_pnl numeric(20,6),
        closed_at timestamptz,
        sell_order_id text,
        in_flight_until timestamptz,
        next_attempt_at timestamptz,
        attempts integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT copy_instances_user_request_key UNIQUE (user_id, request_id)
      )`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX copy_instances_one_copy_per_trade_idx ON copy_engine.copy_instances (user_id, original_trade_id)
        WHERE status <> 'FAILED'`,
    );
    await queryRunner.query(
      `CREATE INDEX copy_instances_pending_idx ON copy_engine.copy_instances (next_attempt_at) WHERE status = 'PENDING'`,
    );
    await queryRunner.query(
      `CREATE INDEX copy_instances_user_created_idx ON copy_engine.copy_instances (user_id, created_at DESC)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE copy_engine.copy_instances`);
  }
}
