import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Identity's copy of each user's brokerage link, kept from the brokerage service's events (expand only:
 * new nullable/defaulted columns, safe for a running older version).
 */
export class AddBrokerageLink1795315534596 implements MigrationInterface {
  name = 'AddBrokerageLink1795315534596';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE identity.users
        ADD COLUMN snaptrade_user_id text,
        ADD COLUMN brokerage_connected boolean NOT NULL DEFAULT false,
        ADD COLUMN snaptrade_account_ids text[] NOT NULL DEFAULT '{}',
        ADD COLUMN brokerage_state_version bigint NOT NULL DEFAULT 0`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE identity.users
        DROP COLUMN brokerage_state_version,
        DROP COLUMN snaptrade_account_ids,
        DROP COLUMN brokerage_connected,
        DROP COLUMN snaptrade_user_id`);
  }
}
