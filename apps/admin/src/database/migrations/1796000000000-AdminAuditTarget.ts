import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The audit log names what each admin action was done to (target type and id), and is read newest first,
 * filtered by actor or action: one index per filter, both ending in the sort order.
 */
export class AdminAuditTarget1796000000000 implements MigrationInterface {
  name = 'AdminAuditTarget1796000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE admin.admin_audit_log ADD COLUMN target_type text, ADD COLUMN target_id text`);
    await queryRunner.query(
      `CREATE INDEX admin_audit_log_actor_idx ON admin.admin_audit_log (actor_user_id, created_at DESC)`,
    );
    await queryRunner.query(
      `CREATE INDEX admin_audit_log_action_idx ON admin.admin_audit_log (action, created_at DESC)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX admin.admin_audit_log_action_idx`);
    await queryRunner.query(`DROP INDEX admin.admin_audit_log_actor_idx`);
    await queryRunner.query(`ALTER TABLE admin.admin_audit_log DROP COLUMN target_id, DROP COLUMN target_type`);
  }
}
