import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What traces keeps of the copy engine's copies (additive: an older running version never reads these):
 * - `trade_copies`: each copy that opened, counted once (its id the key), for the copies per subscriber;
 * - `trades.copy_count`: the copies of each trade, kept in the transaction that stores them;
 * - `trace_follower_results`: the latest TraceFollowerResultsComputed of each trace (its figures as jsonb, the two
 *   the discovery cards and the `followers` sort read as columns);
 * - indexes for the owner's Subscribers tab (newest first, keyset-paged) and the latest shared trades of Analytics.
 */
export class CopyCountsAndFollowerResults1797220000000 implements MigrationInterface {
  name = 'CopyCountsAndFollowerResults1797220000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE traces.trades ADD COLUMN copy_count integer NOT NULL DEFAULT 0 CHECK (copy_count >= 0)`,
    );
    await queryRunner.query(`
      CREATE TABLE traces.trade_copies (
        copy_id uuid PRIMARY KEY,
        trade_id uuid NOT NULL REFERENCES traces.trades(id) ON DELETE CASCADE,
        trace_id uuid NOT NULL,
        follower_user_id uuid NOT NULL,
        opened_at timestamptz NOT NULL
      )`);
    await queryRunner.query(
      `CREATE INDEX trade_copies_trace_follower_idx ON traces.trade_copies (trace_id, follower_user_id)`,
    );
    await queryRunner.query(`CREATE INDEX trade_copies_trade_idx ON traces.trade_copies (trade_id)`);
    await queryRunner.query(`
      CREATE TABLE traces.trace_follower_results (
        trace_id uuid PRIMARY KEY REFERENCES traces.traces(id) ON DELETE CASCADE,
        aggregate_version bigint NOT NULL,
        computed_at timestamptz NOT NULL,
        windows jsonb NOT NULL,
        weekly jsonb NOT NULL,
        follower_return_median numeric,
        slippage_median numeric,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      CREATE INDEX trace_follower_results_sort_idx
        ON traces.trace_follower_results (follower_return_median DESC NULLS LAST, trace_id)`);
    await queryRunner.query(
      `CREATE INDEX subscriptions_trace_newest_idx ON traces.subscriptions (trace_id, created_at DESC, id DESC)`,
    );
    await queryRunner.query(
      `CREATE INDEX trades_trace_shared_at_idx ON traces.trades (trace_id, shared_at DESC, id DESC) WHERE is_shared`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX traces.trades_trace_shared_at_idx`);
    await queryRunner.query(`DROP INDEX traces.subscriptions_trace_newest_idx`);
    await queryRunner.query(`DROP TABLE traces.trace_follower_results`);
    await queryRunner.query(`DROP TABLE traces.trade_copies`);
    await queryRunner.query(`ALTER TABLE traces.trades DROP COLUMN copy_count`);
  }
}
