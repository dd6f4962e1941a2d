import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The notification e-mails (docs/notification-emails.md). `notification_email_recipients`: per user with something
 * to mail, when the last e-mail went (one per window), the lease of the replica working on it and the retry of a
 * failed send. `notification_email_opt_outs`: the topics a user unsubscribed from that have no switch of their own
 * in the settings. The development mailbox keeps the HTML part and the headers (List-Unsubscribe) too. Expand only.
 */
export class NotificationEmails1797100000100 implements MigrationInterface {
  name = 'NotificationEmails1797100000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE identity.notification_email_recipients (
        user_id uuid PRIMARY KEY,
        last_sent_at timestamptz,
        claimed_until timestamptz,
        failures int NOT NULL DEFAULT 0,
        retry_at timestamptz,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      CREATE TABLE identity.notification_email_opt_outs (
        user_id uuid NOT NULL,
        topic text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, topic)
      )`);
    await queryRunner.query(`ALTER TABLE identity.dev_mail ADD COLUMN html text`);
    await queryRunner.query(`ALTER TABLE identity.dev_mail ADD COLUMN headers jsonb NOT NULL DEFAULT '{}'::jsonb`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE identity.dev_mail DROP COLUMN headers`);
    await queryRunner.query(`ALTER TABLE identity.dev_mail DROP COLUMN html`);
    await queryRunner.query(`DROP TABLE identity.notification_email_opt_outs`);
    await queryRunner.query(`DROP TABLE identity.notification_email_recipients`);
  }
}
