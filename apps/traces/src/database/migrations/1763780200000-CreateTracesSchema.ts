import type { MigrationInterface, QueryRunner } from 'typeorm';
import { createMessagingTables, dropMessagingTables } from '@copytrade/nest';

export class CreateTracesSchema1763780200000 implements MigrationInterface {
  name = 'CreateTracesSchema1763780200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE traces.traces (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        owner_user_id uuid NOT NULL,
        name text NOT NULL,
        handle text NOT NULL,
        avatar_url text,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX traces_handle_lower_key ON traces.traces (lower(handle))`);
    await queryRunner.query(`CREATE INDEX traces_owner_user_id_idx ON traces.traces (owner_user_id)`);
    await queryRunner.query(`
      CREATE TABLE traces.subscriptions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        trace_id uuid NOT NULL REFERENCES traces.traces(id) ON DELETE CASCADE,
        user_id uuid NOT NULL,
        tier_name text NOT NULL,
        status text NOT NULL DEFAULT 'active',
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (trace_id, user_id)
      )`);
    await queryRunner.query(`CREATE INDEX subscriptions_user_id_idx ON traces.subscriptions (user_id)`);
    await createMessagingTables(queryRunner, 'traces');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await dropMessagingTables(queryRunner, 'traces');
    await queryRunner.query(`DROP TABLE traces.subscriptions`);
    await queryRunner.query(`DROP TABLE traces.traces`);
  }
}
