import type { MigrationInterface, QueryRunner } from 'typeorm';
import { createMessagingTables, dropMessagingTables } from '@copytrade/nest';

export class CreateIdentitySchema1763780000000 implements MigrationInterface {
  name = 'CreateIdentitySchema1763780000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE identity.users (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        username text NOT NULL,
        email text NOT NULL,
        password_hash text NOT NULL,
        first_name text NOT NULL DEFAULT '',
        last_name text NOT NULL DEFAULT '',
        is_admin boolean NOT NULL DEFAULT false,
        has_completed_onboarding boolean NOT NULL DEFAULT false,
        auto_subscribed_to_trader boolean NOT NULL DEFAULT false,
        copy_trading_enabled boolean NOT NULL DEFAULT false,
        default_copy_amount numeric(14,2),
        max_copy_amount numeric(14,2),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    // Usernames and e-mails are unique regardless of case.
    await queryRunner.query(`CREATE UNIQUE INDEX users_username_lower_key ON identity.users (lower(username))`);
    await queryRunner.query(`CREATE UNIQUE INDEX users_email_lower_key ON identity.users (lower(email))`);
    await queryRunner.query(`
      CREATE TABLE identity.sessions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES identity.users(id) ON DELETE CASCADE,
        token_hash text NOT NULL UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        revoked_at timestamptz,
        client_address text
      )`);
    await queryRunner.query(`CREATE INDEX sessions_user_id_idx ON identity.sessions (user_id)`);
    // Counters of failed logins shared by every replica (rate-limiter-flexible's Postgres store layout).
    await queryRunner.query(`
      CREATE TABLE identity.login_failures (
        key varchar(255) PRIMARY KEY,
        points integer NOT NULL DEFAULT 0,
        expire bigint
      )`);
    await createMessagingTables(queryRunner, 'identity');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await dropMessagingTables(queryRunner, 'identity');
    await queryRunner.query(`DROP TABLE identity.login_failures`);
    await queryRunner.query(`DROP TABLE identity.sessions`);
    await queryRunner.query(`DROP TABLE identity.users`);
  }
}
