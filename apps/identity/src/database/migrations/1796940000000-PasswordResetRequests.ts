import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Forgot-password requests waiting for their link to be issued and mailed: written when the request is answered
 * (for every address, with an account or not, so the answer takes the same time), worked off after the answer and
 * again after a crash. Expand only: a new table.
 */
export class PasswordResetRequests1796940000000 implements MigrationInterface {
  name = 'PasswordResetRequests1796940000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE identity.password_reset_requests (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        email text NOT NULL,
        client_address text,
        request_id text NOT NULL,
        attempts int NOT NULL DEFAULT 0,
        next_attempt_at timestamptz NOT NULL DEFAULT now(),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      `CREATE INDEX password_reset_requests_due ON identity.password_reset_requests (next_attempt_at)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE identity.password_reset_requests`);
  }
}
