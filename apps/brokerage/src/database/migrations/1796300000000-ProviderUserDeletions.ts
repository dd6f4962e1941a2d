import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The link version a user's deleted provider registration reached (an admin's delete-snaptrade-user): the
 * registration row goes, and a later registration must continue above this version, or the consumers of the
 * brokerage events (identity) would take its ProviderUserRegistered for an old event and ignore it. New table:
 * nothing running reads it yet.
 */
export class ProviderUserDeletions1796300000000 implements MigrationInterface {
  name = 'ProviderUserDeletions1796300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE brokerage.provider_user_deletions (
        user_id uuid PRIMARY KEY,
        state_version bigint NOT NULL,
        deleted_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE brokerage.provider_user_deletions`);
  }
}
