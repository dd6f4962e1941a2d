import type { MigrationInterface, QueryRunner } from 'typeorm';

/** One row per user who changed a preference; a user without a row has the defaults (all on). */
export class AddNotificationPreferences1795315300000 implements MigrationInterface {
  name = 'AddNotificationPreferences1795315300000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE identity.notification_preferences (
        user_id uuid PRIMARY KEY REFERENCES identity.users(id) ON DELETE CASCADE,
        email_notifications boolean NOT NULL DEFAULT true,
        notify_on_trade_shared boolean NOT NULL DEFAULT true,
        notify_on_trade_sold boolean NOT NULL DEFAULT true,
        notify_on_copied_trade_sold boolean NOT NULL DEFAULT true,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE identity.notification_preferences`);
  }
}
