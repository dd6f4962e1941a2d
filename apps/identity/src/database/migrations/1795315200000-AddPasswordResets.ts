import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Password reset tokens: only their SHA-256 is stored; each is single use and expires. */
export class AddPasswordResets1795315200000 implements MigrationInterface {
  name = 'AddPasswordResets1795315200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE identity.password_resets (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES identity.users(id) ON DELETE CASCADE,
        token_hash text NOT NULL UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        client_address text
      )`);
    await queryRunner.query(`CREATE INDEX password_resets_user_id_idx ON identity.password_resets (user_id)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE identity.password_resets`);
  }
}
