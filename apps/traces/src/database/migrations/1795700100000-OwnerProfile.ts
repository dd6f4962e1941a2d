import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The owner's settings: the privacy settings the traces table did not have yet (with their documented defaults), the
 * avatars (re-encoded JPEG bytes in PostgreSQL, so every replica serves them; one row per trace, gone with it), and
 * an index for the owner's analytics (a trace's subscriptions by start).
 */
export class OwnerProfile1795700100000 implements MigrationInterface {
  name = 'OwnerProfile1795700100000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE traces.traces
        ADD COLUMN auto_share_profitable_trades boolean NOT NULL DEFAULT false,
        ADD COLUMN default_sharing_tier text NOT NULL DEFAULT 'premium'
          CONSTRAINT traces_default_sharing_tier_check CHECK (default_sharing_tier IN ('free', 'basic', 'premium', 'vip')),
        ADD COLUMN public_profile boolean NOT NULL DEFAULT true`);
    await queryRunner.query(`
      CREATE TABLE traces.trace_avatars (
        trace_id uuid PRIMARY KEY REFERENCES traces.traces(id) ON DELETE CASCADE,
        content_type text NOT NULL CHECK (content_type = 'image/jpeg'),
        content bytea NOT NULL,
        version text NOT NULL,
        byte_size integer NOT NULL,
        width integer NOT NULL,
        height integer NOT NULL,
        updated_by uuid NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      `CREATE INDEX subscriptions_trace_created_idx ON traces.subscriptions (trace_id, created_at DESC)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX traces.subscriptions_trace_created_idx`);
    await queryRunner.query(`DROP TABLE traces.trace_avatars`);
    await queryRunner.query(`
      ALTER TABLE traces.traces DROP COLUMN auto_share_profitable_trades, DROP COLUMN default_sharing_tier,
        DROP COLUMN public_profile`);
  }
}
