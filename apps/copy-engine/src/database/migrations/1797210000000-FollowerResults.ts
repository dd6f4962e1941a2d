import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Follower results (docs/follower-results.md): new tables, triggers and an index; nothing running reads them yet.
 * - shared_trades: every trade shared with a trace's subscribers, as TradeShared says (trade, trace, share time), kept
 *   by the fan-out's consumer — the denominator of the auto-copied share. Filled here from the copies already held
 *   (the share time their receipts carry; copies of an open position carry when copying began, not the share).
 * - trader_closes: the trader's own close of a shared trade (TradeClosed's exit price per share, options per share of
 *   the contract like every copy price), kept by the consumer of the trader's closes — the trader's return.
 * - follower_results_changes: an insert-only log of traces whose figures changed, one row per (statement, trace),
 *   written by statement-level triggers on copy_instances, shared_trades and trader_closes in the changing
 *   transaction itself (no lock shared by concurrent writers: a fan-out's pages and batches never wait on each
 *   other). The recompute loop reads it, recomputes each trace and deletes exactly the rows it read.
 * - follower_results: the last figures computed for each trace (the TraceFollowerResultsComputed payload).
 * - copy_instances_trace_created_idx: one trace's copies by decision time, what each recompute reads. A plain CREATE
 *   INDEX (the table is locked against writes while it builds, seconds for millions of rows).
 */
export class FollowerResults1797210000000 implements MigrationInterface {
  name = 'FollowerResults1797210000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE copy_engine.shared_trades (
        trade_id uuid PRIMARY KEY,
        trace_id uuid NOT NULL,
        shared_at timestamptz NOT NULL,
        recorded_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      `CREATE INDEX shared_trades_trace_shared_idx ON copy_engine.shared_trades (trace_id, shared_at)`,
    );
    await queryRunner.query(`
      CREATE TABLE copy_engine.trader_closes (
        trade_id uuid PRIMARY KEY,
        trace_id uuid NOT NULL,
        exit_price numeric NOT NULL CHECK (exit_price > 0),
        closed_at timestamptz NOT NULL,
        recorded_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX trader_closes_trace_idx ON copy_engine.trader_closes (trace_id)`);
    await queryRunner.query(`
      CREATE TABLE copy_engine.follower_results_changes (
        id bigserial PRIMARY KEY,
        trace_id uuid NOT NULL,
        changed_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      CREATE TABLE copy_engine.follower_results (
        trace_id uuid PRIMARY KEY,
        figures jsonb NOT NULL,
        computed_at timestamptz NOT NULL
      )`);
    await queryRunner.query(`CREATE INDEX follower_results_computed_idx ON copy_engine.follower_results (computed_at)`);
    await queryRunner.query(
      `CREATE INDEX copy_instances_trace_created_idx ON copy_engine.copy_instances (trace_id, created_at)`,
    );
    // One log row per trace a statement touched (its rows' distinct traces).
    await queryRunner.query(`
      CREATE FUNCTION copy_engine.follower_results_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO copy_engine.follower_results_changes (trace_id) SELECT DISTINCT trace_id FROM inserted_rows;
        RETURN NULL;
      END $$`);
    // An update marks a trace only when it changed what a figure reads (not a lease, an attempt, a quote).
    await queryRunner.query(`
      CREATE FUNCTION copy_engine.follower_results_copies_updated() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO copy_engine.follower_results_changes (trace_id)
        SELECT DISTINCT n.trace_id FROM updated_rows n JOIN previous_rows o ON o.id = n.id
         WHERE (n.status, n.failure_code, n.entry_price, n.exit_price, n.filled_at, n.trader_price,
                n.trader_shared_at, n.created_at, n.trace_id, n.placement)
               IS DISTINCT FROM
               (o.status, o.failure_code, o.entry_price, o.exit_price, o.filled_at, o.trader_price,
                o.trader_shared_at, o.created_at, o.trace_id, o.placement);
        RETURN NULL;
      END $$`);
    for (const table of ['copy_instances', 'shared_trades', 'trader_closes'])
      await queryRunner.query(`
        CREATE TRIGGER ${table}_follower_results_inserted AFTER INSERT ON copy_engine.${table}
          REFERENCING NEW TABLE AS inserted_rows
          FOR EACH STATEMENT EXECUTE FUNCTION copy_engine.follower_results_inserted()`);
    await queryRunner.query(`
      CREATE TRIGGER copy_instances_follower_results_updated AFTER UPDATE ON copy_engine.copy_instances
        REFERENCING OLD TABLE AS previous_rows NEW TABLE AS updated_rows
        FOR EACH STATEMENT EXECUTE FUNCTION copy_engine.follower_results_copies_updated()`);
    // The shared trades the copies already held tell of (the earliest share time a receipt carries).
    await queryRunner.query(`
      INSERT INTO copy_engine.shared_trades (trade_id, trace_id, shared_at)
      SELECT original_trade_id, min(trace_id::text)::uuid, min(trader_shared_at)
        FROM copy_engine.copy_instances
       WHERE trader_shared_at IS NOT NULL AND origin IS DISTINCT FROM 'open_position'
       GROUP BY original_trade_id`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER copy_instances_follower_results_updated ON copy_engine.copy_instances`);
    for (const table of ['copy_instances', 'shared_trades', 'trader_closes'])
      await queryRunner.query(`DROP TRIGGER ${table}_follower_results_inserted ON copy_engine.${table}`);
    await queryRunner.query(`DROP FUNCTION copy_engine.follower_results_copies_updated()`);
    await queryRunner.query(`DROP FUNCTION copy_engine.follower_results_inserted()`);
    await queryRunner.query(`DROP INDEX copy_engine.copy_instances_trace_created_idx`);
    await queryRunner.query(`DROP TABLE copy_engine.follower_results`);
    await queryRunner.query(`DROP TABLE copy_engine.follower_results_changes`);
    await queryRunner.query(`DROP TABLE copy_engine.trader_closes`);
    await queryRunner.query(`DROP TABLE copy_engine.shared_trades`);
  }
}
