import type { MigrationInterface, QueryRunner } from 'typeorm';
import { createMessagingTables, dropMessagingTables } from '@copytrade/nest';

export class CreateAdminSchema1763780100000 implements MigrationInterface {
  name = 'CreateAdminSchema1763780100000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE admin.platform_settings (
        key text PRIMARY KEY,
        value jsonb NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now(),
        updated_by uuid
      )`);
    await queryRunner.query(
      `INSERT INTO admin.platform_settings (key, value) VALUES ('maintenance_mode', 'false'::jsonb)`,
    );
    await queryRunner.query(`
      CREATE TABLE admin.admin_audit_log (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        actor_user_id uuid NOT NULL,
        action text NOT NULL,
        old_value jsonb,
        new_value jsonb,
        request_id text,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX admin_audit_log_created_at_idx ON admin.admin_audit_log (created_at DESC)`);
    await createMessagingTables(queryRunner, 'admin');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await dropMessagingTables(queryRunner, 'admin');
    await queryRunner.query(`DROP TABLE admin.admin_audit_log`);
    await queryRunner.query(`DROP TABLE admin.platform_settings`);
  }
}
