import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Provider users (encrypted secrets), connections, accounts, order intents, balance snapshots, and the paper broker's tables. */
export class CreateBrokerageTables1795315085101 implements MigrationInterface {
  name = 'CreateBrokerageTables1795315085101';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE brokerage.provider_users (
        user_id uuid PRIMARY KEY,
        provider text NOT NULL CHECK (provider IN ('snaptrade', 'paper')),
        provider_user_id text NOT NULL,
        secret_ciphertext text NOT NULL,
        state_version bigint NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (provider, provider_user_id)
      )`);
    await queryRunner.query(`
      CREATE TABLE brokerage.connections (
        id text PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES brokerage.provider_users(user_id) ON DELETE CASCADE,
        brokerage_slug text NOT NULL,
        brokerage_name text NOT NULL,
        disabled boolean NOT NULL,
        synced_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX connections_user_id_idx ON brokerage.connections (user_id)`);
    await queryRunner.query(`
      CREATE TABLE brokerage.accounts (
        id text PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES brokerage.provider_users(user_id) ON DELETE CASCADE,
        connection_id text NOT NULL REFERENCES brokerage.connections(id) ON DELETE CASCADE,
        position integer NOT NULL,
        synced_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX accounts_user_id_idx ON brokerage.accounts (user_id, position)`);
    await queryRunner.query(`
      CREATE TABLE brokerage.order_intents (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL,
        request_id text NOT NULL,
        fingerprint text NOT NULL,
        account_id text NOT NULL,
        provider text NOT NULL,
        client_order_id uuid NOT NULL UNIQUE,
        action text NOT NULL CHECK (action IN ('BUY', 'SELL')),
        symbol text NOT NULL,
        quantity numeric(24,8) NOT NULL CHECK (quantity > 0),
        "order" jsonb NOT NULL,
        state text NOT NULL CHECK (state IN ('SUBMITTING', 'SUBMITTED', 'FILLED', 'REJECTED', 'UNKNOWN')),
        provider_order_id text,
        provider_status text,
        filled_quantity numeric(24,8),
        execution_price numeric(20,6),
        error jsonb,
        reconcile_attempts integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (user_id, request_id)
      )`);
    // The reconciliation sweep reads only intents whose outcome is not known yet.
    await queryRunner.query(
      `CREATE INDEX order_intents_unsettled_idx ON brokerage.order_intents (updated_at) WHERE state IN ('SUBMITTING', 'UNKNOWN')`,
    );
    // One provider order can settle one intent only.
    await queryRunner.query(
      `CREATE UNIQUE INDEX order_intents_provider_order_key ON brokerage.order_intents (provider, provider_order_id) WHERE provider_order_id IS NOT NULL`,
    );
    await queryRunner.query(`
      CREATE TABLE brokerage.balance_snapshots (
        account_id text NOT NULL,
        bucket_start timestamptz NOT NULL,
        user_id uuid NOT NULL,
        total_value numeric(20,2) NOT NULL,
        cash numeric(20,2) NOT NULL,
        currency text NOT NULL,
        recorded_at timestamptz NOT NULL,
        PRIMARY KEY (account_id, bucket_start)
      )`);
    await queryRunner.query(
      `CREATE INDEX balance_snapshots_user_bucket_idx ON brokerage.balance_snapshots (user_id, bucket_start)`,
    );
    await this.createPaperTables(queryRunner);
  }

  /** The simulated brokerage keeps its own tables, as an external provider would keep its own data. */
  private async createPaperTables(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE brokerage.paper_users (
        provider_user_id text PRIMARY KEY,
        secret_hash text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      CREATE TABLE brokerage.paper_portal_sessions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        provider_user_id text NOT NULL REFERENCES brokerage.paper_users(provider_user_id) ON DELETE CASCADE,
        broker_slug text NOT NULL,
        connection_type text NOT NULL CHECK (connection_type IN ('read', 'trade')),
        custom_redirect text,
        connection_id uuid,
        expires_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      CREATE TABLE brokerage.paper_connections (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        provider_user_id text NOT NULL REFERENCES brokerage.paper_users(provider_user_id) ON DELETE CASCADE,
        broker_slug text NOT NULL,
        type text NOT NULL CHECK (type IN ('read', 'trade')),
        disabled boolean NOT NULL DEFAULT false,
        disabled_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (provider_user_id, broker_slug)
      )`);
    await queryRunner.query(`
      CREATE TABLE brokerage.paper_accounts (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        connection_id uuid NOT NULL REFERENCES brokerage.paper_connections(id) ON DELETE CASCADE,
        provider_user_id text NOT NULL,
        name text NOT NULL,
        number text NOT NULL,
        cash numeric(20,2) NOT NULL CHECK (cash >= 0),
        created_at timestamptz NOT NULL
      )`);
    await queryRunner.query(
      `CREATE INDEX paper_accounts_user_idx ON brokerage.paper_accounts (provider_user_id, created_at)`,
    );
    await queryRunner.query(`
      CREATE TABLE brokerage.paper_positions (
        account_id uuid NOT NULL REFERENCES brokerage.paper_accounts(id) ON DELETE CASCADE,
        symbol text NOT NULL,
        underlying text NOT NULL,
        units numeric(24,8) NOT NULL CHECK (units > 0),
        average_cost numeric(20,6) NOT NULL,
        multiplier integer NOT NULL DEFAULT 1,
        option_type text CHECK (option_type IN ('CALL', 'PUT')),
        strike_price numeric(14,3),
        expiration_date date,
        PRIMARY KEY (account_id, symbol)
      )`);
    await queryRunner.query(`
      CREATE TABLE brokerage.paper_orders (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        account_id uuid NOT NULL REFERENCES brokerage.paper_accounts(id) ON DELETE CASCADE,
        client_order_id uuid,
        symbol text NOT NULL,
        underlying text NOT NULL,
        action text NOT NULL CHECK (action IN ('BUY', 'SELL')),
        units numeric(24,8) NOT NULL,
        execution_price numeric(20,6) NOT NULL,
        status text NOT NULL,
        multiplier integer NOT NULL DEFAULT 1,
        option_type text,
        strike_price numeric(14,3),
        expiration_date date,
        placed_at timestamptz NOT NULL
      )`);
    await queryRunner.query(
      `CREATE INDEX paper_orders_account_placed_idx ON brokerage.paper_orders (account_id, placed_at DESC)`,
    );
    await queryRunner.query(`
      CREATE TABLE brokerage.paper_market_settings (
        key text PRIMARY KEY,
        value jsonb NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of [
      'paper_market_settings',
      'paper_orders',
      'paper_positions',
      'paper_accounts',
      'paper_connections',
      'paper_portal_sessions',
      'paper_users',
      'balance_snapshots',
      'order_intents',
      'accounts',
      'connections',
      'provider_users',
    ]) {
      await queryRunner.query(`DROP TABLE brokerage.${table}`);
    }
  }
}
