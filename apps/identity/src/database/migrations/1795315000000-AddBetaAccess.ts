import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Beta requests, e-mailed codes, the seat counter, identity's own settings and generic rate-limit counters. */
export class AddBetaAccess1795315000000 implements MigrationInterface {
  name = 'AddBetaAccess1795315000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Users who took a beta seat; the seeded admin and demo users do not count toward capacity.
    await queryRunner.query(`ALTER TABLE identity.users ADD COLUMN is_beta_user boolean NOT NULL DEFAULT false`);
    await queryRunner.query(`
      CREATE TABLE identity.beta_requests (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        email text NOT NULL,
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved')),
        request_count integer NOT NULL DEFAULT 1,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_requested_at timestamptz NOT NULL DEFAULT now(),
        last_client_address text,
        approved_at timestamptz,
        approved_by uuid
      )`);
    // One row per address (stored lower-cased): a repeat request updates it.
    await queryRunner.query(`CREATE UNIQUE INDEX beta_requests_email_key ON identity.beta_requests (email)`);
    await queryRunner.query(
      `CREATE INDEX beta_requests_status_created_at_idx ON identity.beta_requests (status, created_at DESC)`,
    );
    await queryRunner.query(`
      CREATE TABLE identity.beta_codes (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        email text NOT NULL,
        code_hash text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        failed_attempts integer NOT NULL DEFAULT 0,
        revoked_at timestamptz,
        verified_at timestamptz,
        used_for_signup_at timestamptz
      )`);
    await queryRunner.query(
      `CREATE INDEX beta_codes_email_created_at_idx ON identity.beta_codes (email, created_at DESC)`,
    );
    // A single row: signups take a seat with a conditional UPDATE, so two racing for the last one cannot both win.
    await queryRunner.query(`
      CREATE TABLE identity.beta_capacity (
        id boolean PRIMARY KEY DEFAULT true CHECK (id),
        registered_count integer NOT NULL DEFAULT 0 CHECK (registered_count >= 0)
      )`);
    await queryRunner.query(
      `INSERT INTO identity.beta_capacity (registered_count) SELECT count(*) FROM identity.users WHERE is_beta_user`,
    );
    await queryRunner.query(`
      CREATE TABLE identity.settings (
        key text PRIMARY KEY,
        value jsonb NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now(),
        updated_by uuid
      )`);
    // rate-limiter-flexible's Postgres layout, shared by every limit except failed logins (login_failures).
    await queryRunner.query(`
      CREATE TABLE identity.rate_limits (
        key varchar(255) PRIMARY KEY,
        points integer NOT NULL DEFAULT 0,
        expire bigint
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE identity.rate_limits`);
    await queryRunner.query(`DROP TABLE identity.settings`);
    await queryRunner.query(`DROP TABLE identity.beta_capacity`);
    await queryRunner.query(`DROP TABLE identity.beta_codes`);
    await queryRunner.query(`DROP TABLE identity.beta_requests`);
    await queryRunner.query(`ALTER TABLE identity.users DROP COLUMN is_beta_user`);
  }
}
