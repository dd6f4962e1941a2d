import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Notifications (the bell, /notifications, the e-mails that summarise them) and the owner dashboard's notification
 * switches. One row per user and thing told (`dedupe_key`, unique per user: a redelivered event notifies no one
 * twice; an aggregated notification — "12 followers copied AAPL" — is one row kept current). `email_topic` is the
 * e-mail topic the row may be mailed under (null: never mailed); the mailer sets `emailed_at` once it has been mailed
 * or ruled out by the recipient's preferences at sending time. Expand only: new tables.
 */
export class AddNotifications1797100000000 implements MigrationInterface {
  name = 'AddNotifications1797100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE identity.notifications (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL,
        kind text NOT NULL,
        title text NOT NULL,
        body text NOT NULL,
        link text NOT NULL,
        dedupe_key text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        read_at timestamptz,
        email_topic text,
        emailed_at timestamptz,
        CONSTRAINT notifications_user_dedupe UNIQUE (user_id, dedupe_key)
      )`);
    await queryRunner.query(
      `CREATE INDEX notifications_by_user_newest ON identity.notifications (user_id, created_at DESC, id DESC)`,
    );
    await queryRunner.query(
      `CREATE INDEX notifications_unread ON identity.notifications (user_id) WHERE read_at IS NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX notifications_email_pending ON identity.notifications (user_id, created_at)
        WHERE email_topic IS NOT NULL AND emailed_at IS NULL`,
    );
    await queryRunner.query(`CREATE INDEX notifications_created_at ON identity.notifications (created_at)`);
    await queryRunner.query(`
      CREATE TABLE identity.owner_notification_preferences (
        user_id uuid PRIMARY KEY,
        email_new_subscribers boolean NOT NULL DEFAULT true,
        email_trade_copies boolean NOT NULL DEFAULT true,
        email_revenue boolean NOT NULL DEFAULT true,
        email_performance_alerts boolean NOT NULL DEFAULT true,
        email_comments boolean NOT NULL DEFAULT false,
        push_notifications boolean NOT NULL DEFAULT true,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE identity.owner_notification_preferences`);
    await queryRunner.query(`DROP TABLE identity.notifications`);
  }
}
