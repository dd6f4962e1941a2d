import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Beta feedback from signed-in users; admins triage it (status, priority) later. */
export class CreateFeedback1795315500000 implements MigrationInterface {
  name = 'CreateFeedback1795315500000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE admin.feedback (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL,
        type text NOT NULL CHECK (type IN ('bug', 'feature', 'improvement', 'general', 'other')),
        status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'in_progress', 'resolved', 'closed')),
        priority text NOT NULL DEFAULT 'medium',
        message text NOT NULL CHECK (char_length(message) <= 5000),
        email text NOT NULL,
        page text,
        user_agent text,
        browser_info jsonb,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX feedback_status_created_at_idx ON admin.feedback (status, created_at DESC)`);
    await queryRunner.query(`CREATE INDEX feedback_user_id_idx ON admin.feedback (user_id)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE admin.feedback`);
  }
}
