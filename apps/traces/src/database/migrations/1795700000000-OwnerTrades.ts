import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Trades from the owner's brokerage (expand only: a running older version keeps working).
 * - `source_key`: where a trade comes from, unique per trace — `order:<brokerage order id>`, or
 *   `position:<account id>:<instrument>:<lot>` for a held position no known order explains — so a sync or a fill
 *   event upserts with INSERT … ON CONFLICT (trace_id, source_key) and never duplicates a trade. Null for trades
 *   not from a brokerage (demo data).
 * - `owner_status`: the Trade Manager's status (open, executed, filled, sold, closed). `status` stays the public
 *   open / closed: open, executed and filled are open; sold and closed are closed (a check keeps them in step). A
 *   writer that sets only `status` (older code, demo data) gets the same owner_status from a trigger.
 * - `brokerage_account_id`: the account the trade was made in (a sync closes only its own account's trades).
 * - `realized_pnl`: dollars, written when a brokerage trade closes: (exit − entry) × quantity × multiplier for a
 *   buy, the reverse for a sell.
 * - `shared_at`: when the owner shared it.
 */
export class OwnerTrades1795700000000 implements MigrationInterface {
  name = 'OwnerTrades1795700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE traces.trades
        ADD COLUMN source_key text,
        ADD COLUMN owner_status text,
        ADD COLUMN brokerage_account_id text,
        ADD COLUMN realized_pnl numeric(18,2),
        ADD COLUMN shared_at timestamptz`);
    await queryRunner.query(`
      CREATE FUNCTION traces.trades_owner_status() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          IF NEW.owner_status IS NULL THEN NEW.owner_status := NEW.status; END IF;
        ELSIF NEW.status IS DISTINCT FROM OLD.status AND NEW.owner_status IS NOT DISTINCT FROM OLD.owner_status THEN
          NEW.owner_status := NEW.status;
        END IF;
        RETURN NEW;
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER trades_owner_status BEFORE INSERT OR UPDATE OF status, owner_status ON traces.trades
        FOR EACH ROW EXECUTE FUNCTION traces.trades_owner_status()`);
    await queryRunner.query(`UPDATE traces.trades SET owner_status = status`);
    await queryRunner.query(`
      ALTER TABLE traces.trades
        ALTER COLUMN owner_status SET NOT NULL,
        ADD CONSTRAINT trades_owner_status_check
          CHECK (owner_status IN ('open', 'executed', 'filled', 'sold', 'closed')),
        ADD CONSTRAINT trades_owner_status_matches_status
          CHECK ((status = 'open') = (owner_status IN ('open', 'executed', 'filled')))`);
    await queryRunner.query(`CREATE UNIQUE INDEX trades_trace_source_key_idx ON traces.trades (trace_id, source_key)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX traces.trades_trace_source_key_idx`);
    await queryRunner.query(`DROP TRIGGER trades_owner_status ON traces.trades`);
    await queryRunner.query(`DROP FUNCTION traces.trades_owner_status()`);
    await queryRunner.query(`
      ALTER TABLE traces.trades DROP CONSTRAINT trades_owner_status_matches_status,
        DROP CONSTRAINT trades_owner_status_check, DROP COLUMN shared_at, DROP COLUMN realized_pnl,
        DROP COLUMN brokerage_account_id, DROP COLUMN owner_status, DROP COLUMN source_key`);
  }
}
