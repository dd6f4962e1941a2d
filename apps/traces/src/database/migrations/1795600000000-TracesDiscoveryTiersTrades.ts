import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Traces get every field of the product's Trace entity; tiers, trades, posts, likes and the onboarding-trader
 * setting arrive. Subscriptions point at a tier and end instead of disappearing (one row per trace and user).
 * Search is case-insensitive over name, handle and specialty with pg_trgm GIN indexes; the sorts and the trade
 * listing have their own indexes.
 */
export class TracesDiscoveryTiersTrades1795600000000 implements MigrationInterface {
  name = 'TracesDiscoveryTiersTrades1795600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await queryRunner.query(`
      ALTER TABLE traces.traces
        ADD COLUMN banner_url text,
        ADD COLUMN is_verified boolean NOT NULL DEFAULT false,
        ADD COLUMN is_featured boolean NOT NULL DEFAULT false,
        ADD COLUMN is_active boolean NOT NULL DEFAULT true,
        ADD COLUMN description text NOT NULL DEFAULT '',
        ADD COLUMN bio text NOT NULL DEFAULT '',
        ADD COLUMN risk_level text NOT NULL DEFAULT 'medium' CHECK (risk_level IN ('low', 'medium', 'high')),
        ADD COLUMN trading_style text[] NOT NULL DEFAULT '{}',
        ADD COLUMN min_investment numeric(14,2) NOT NULL DEFAULT 0 CHECK (min_investment >= 0),
        ADD COLUMN allow_comments boolean NOT NULL DEFAULT true,
        ADD COLUMN allow_copying boolean NOT NULL DEFAULT true,
        ADD COLUMN subscriber_count integer NOT NULL DEFAULT 0 CHECK (subscriber_count >= 0),
        ADD COLUMN total_likes integer NOT NULL DEFAULT 0 CHECK (total_likes >= 0),
        ADD COLUMN win_rate numeric(6,2) NOT NULL DEFAULT 0,
        ADD COLUMN monthly_return numeric(12,2) NOT NULL DEFAULT 0,
        ADD COLUMN total_return numeric(12,2) NOT NULL DEFAULT 0,
        ADD COLUMN max_drawdown numeric(12,2) NOT NULL DEFAULT 0,
        ADD COLUMN total_trades integer NOT NULL DEFAULT 0,
        ADD COLUMN profitable_trades integer NOT NULL DEFAULT 0,
        ADD COLUMN avg_trade_size numeric(18,2) NOT NULL DEFAULT 0,
        ADD COLUMN search_text text NOT NULL DEFAULT '',
        ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now()`);
    // Handles are shown with their '@' (the fallback trader is '@default_trader').
    await queryRunner.query(`UPDATE traces.traces SET handle = '@' || handle WHERE handle NOT LIKE '@%'`);
    // array_to_string is not immutable, so a generated column cannot hold the search text: a trigger keeps it.
    await queryRunner.query(`
      CREATE FUNCTION traces.traces_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        NEW.search_text := lower(NEW.name || ' ' || NEW.handle || ' ' || array_to_string(NEW.trading_style, ' '));
        RETURN NEW;
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER traces_search_text BEFORE INSERT OR UPDATE OF name, handle, trading_style ON traces.traces
        FOR EACH ROW EXECUTE FUNCTION traces.traces_search_text()`);
    await queryRunner.query(`UPDATE traces.traces SET name = name`);
    await queryRunner.query(
      `CREATE INDEX traces_search_trgm_idx ON traces.traces USING gin (search_text gin_trgm_ops)`,
    );
    await queryRunner.query(`CREATE INDEX traces_monthly_return_idx ON traces.traces (monthly_return DESC, id)`);
    await queryRunner.query(`CREATE INDEX traces_subscriber_count_idx ON traces.traces (subscriber_count DESC, id)`);
    await queryRunner.query(`CREATE INDEX traces_win_rate_idx ON traces.traces (win_rate DESC, id)`);
    await queryRunner.query(
      `CREATE INDEX traces_featured_idx ON traces.traces (monthly_return DESC, id) WHERE is_featured`,
    );

    await queryRunner.query(`
      CREATE TABLE traces.tiers (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        trace_id uuid NOT NULL REFERENCES traces.traces(id) ON DELETE CASCADE,
        name text NOT NULL CHECK (name IN ('free', 'basic', 'premium', 'vip')),
        rank smallint NOT NULL CHECK (rank BETWEEN 0 AND 3),
        price numeric(10,2) NOT NULL CHECK (price >= 0),
        can_copy_trades boolean NOT NULL,
        UNIQUE (trace_id, name),
        UNIQUE (trace_id, rank)
      )`);
    await queryRunner.query(`
      INSERT INTO traces.tiers (trace_id, name, rank, price, can_copy_trades)
      SELECT t.id, d.name, d.rank, d.price, d.can_copy FROM traces.traces t
        CROSS JOIN (VALUES ('free', 0, 0, false), ('basic', 1, 19.99, true),
                           ('premium', 2, 49.99, true), ('vip', 3, 99.99, true)) AS d(name, rank, price, can_copy)`);

    await queryRunner.query(`
      ALTER TABLE traces.subscriptions
        ADD COLUMN tier_id uuid REFERENCES traces.tiers(id),
        ADD COLUMN ended_at timestamptz,
        ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now(),
        ADD CONSTRAINT subscriptions_status_check CHECK (status IN ('active', 'ended'))`);
    await queryRunner.query(`
      UPDATE traces.subscriptions s SET tier_id = COALESCE(
        (SELECT id FROM traces.tiers t WHERE t.trace_id = s.trace_id AND t.name = lower(s.tier_name)),
        (SELECT id FROM traces.tiers t WHERE t.trace_id = s.trace_id AND t.name = 'free'))`);
    await queryRunner.query(
      `UPDATE traces.subscriptions s SET tier_name = t.name FROM traces.tiers t WHERE t.id = s.tier_id`,
    );
    await queryRunner.query(`ALTER TABLE traces.subscriptions ALTER COLUMN tier_id SET NOT NULL`);
    await queryRunner.query(`
      UPDATE traces.traces t SET subscriber_count =
        (SELECT count(*) FROM traces.subscriptions s WHERE s.trace_id = t.id AND s.status = 'active')`);

    await queryRunner.query(`
      CREATE TABLE traces.trades (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        trace_id uuid NOT NULL REFERENCES traces.traces(id) ON DELETE CASCADE,
        symbol text NOT NULL,
        side text NOT NULL CHECK (side IN ('buy', 'sell')),
        quantity numeric(18,6) NOT NULL CHECK (quantity > 0),
        price numeric(18,4) NOT NULL CHECK (price > 0),
        current_price numeric(18,4) NOT NULL CHECK (current_price >= 0),
        status text NOT NULL CHECK (status IN ('open', 'closed')),
        executed_at timestamptz NOT NULL,
        closed_at timestamptz,
        strategy text NOT NULL DEFAULT 'Unknown',
        confidence text NOT NULL DEFAULT 'Medium',
        notes text,
        tags text[] NOT NULL DEFAULT '{}',
        is_shared boolean NOT NULL DEFAULT false,
        required_tier text CHECK (required_tier IN ('free', 'basic', 'premium', 'vip')),
        is_options boolean NOT NULL DEFAULT false,
        option_type text CHECK (option_type IN ('call', 'put')),
        options_ticker text,
        strike_price numeric(18,4),
        expiration_date date,
        contract_multiplier integer NOT NULL DEFAULT 1,
        created_at timestamptz NOT NULL DEFAULT now(),
        CHECK (NOT is_shared OR required_tier IS NOT NULL),
        CHECK (status = 'open' OR closed_at IS NOT NULL)
      )`);
    await queryRunner.query(
      `CREATE INDEX trades_trace_executed_idx ON traces.trades (trace_id, executed_at DESC, id DESC)`,
    );
    await queryRunner.query(`
      CREATE INDEX trades_shared_idx ON traces.trades (trace_id, required_tier, executed_at DESC, id DESC)
        WHERE is_shared`);
    await queryRunner.query(
      `CREATE INDEX trades_closed_idx ON traces.trades (trace_id, closed_at) WHERE status = 'closed'`,
    );

    await queryRunner.query(`
      CREATE TABLE traces.posts (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        trace_id uuid NOT NULL REFERENCES traces.traces(id) ON DELETE CASCADE,
        title text NOT NULL,
        content text NOT NULL,
        is_pinned boolean NOT NULL DEFAULT false,
        is_public boolean NOT NULL DEFAULT false,
        like_count integer NOT NULL DEFAULT 0,
        comment_count integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      `CREATE INDEX posts_trace_created_idx ON traces.posts (trace_id, is_pinned DESC, created_at DESC)`,
    );

    await queryRunner.query(`
      CREATE TABLE traces.trace_likes (
        trace_id uuid NOT NULL REFERENCES traces.traces(id) ON DELETE CASCADE,
        user_id uuid NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (trace_id, user_id)
      )`);

    // One row at most; RESTRICT makes deleting the designated trace impossible even outside the use case.
    await queryRunner.query(`
      CREATE TABLE traces.onboarding_trader (
        singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
        trace_id uuid NOT NULL REFERENCES traces.traces(id) ON DELETE RESTRICT,
        updated_by uuid,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE traces.onboarding_trader`);
    await queryRunner.query(`DROP TABLE traces.trace_likes`);
    await queryRunner.query(`DROP TABLE traces.posts`);
    await queryRunner.query(`DROP TABLE traces.trades`);
    await queryRunner.query(`
      ALTER TABLE traces.subscriptions DROP CONSTRAINT subscriptions_status_check,
        DROP COLUMN tier_id, DROP COLUMN ended_at, DROP COLUMN updated_at`);
    await queryRunner.query(`DROP TABLE traces.tiers`);
    await queryRunner.query(`DROP TRIGGER traces_search_text ON traces.traces`);
    await queryRunner.query(`DROP FUNCTION traces.traces_search_text()`);
    await queryRunner.query(`
      ALTER TABLE traces.traces DROP COLUMN search_text, DROP COLUMN banner_url, DROP COLUMN is_verified,
        DROP COLUMN is_featured, DROP COLUMN is_active, DROP COLUMN description, DROP COLUMN bio,
        DROP COLUMN risk_level, DROP COLUMN trading_style, DROP COLUMN min_investment, DROP COLUMN allow_comments,
        DROP COLUMN allow_copying, DROP COLUMN subscriber_count, DROP COLUMN total_likes, DROP COLUMN win_rate,
        DROP COLUMN monthly_return, DROP COLUMN total_return, DROP COLUMN max_drawdown, DROP COLUMN total_trades,
        DROP COLUMN profitable_trades, DROP COLUMN avg_trade_size, DROP COLUMN updated_at`);
  }
}
