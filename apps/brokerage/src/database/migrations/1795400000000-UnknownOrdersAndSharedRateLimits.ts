import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Unknown orders stay unknown until the provider's record or a person settles them: when reconciliation last
 * looked and why it could not decide, the admins' audited resolutions, and the SnapTrade rate-limit counters
 * shared by every replica (rate-limiter-flexible's Postgres layout).
 */
export class UnknownOrdersAndSharedRateLimits1795400000000 implements MigrationInterface {
  name = 'UnknownOrdersAndSharedRateLimits1795400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE brokerage.order_intents ADD COLUMN last_reconciled_at timestamptz`);
    await queryRunner.query(`ALTER TABLE brokerage.order_intents ADD COLUMN reconcile_note text`);
    await queryRunner.query(`
      CREATE TABLE brokerage.order_resolutions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        intent_id uuid NOT NULL REFERENCES brokerage.order_intents(id),
        outcome text NOT NULL CHECK (outcome IN ('placed', 'not_placed')),
        note text NOT NULL,
        brokerage_order_id text,
        previous_state text NOT NULL,
        new_state text NOT NULL,
        resolved_by uuid NOT NULL,
        trace_id text,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX order_resolutions_intent_idx ON brokerage.order_resolutions (intent_id)`);
    await queryRunner.query(`
      CREATE TABLE brokerage.provider_rate_limits (
        key varchar(255) PRIMARY KEY,
        points integer NOT NULL DEFAULT 0,
        expire bigint
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE brokerage.provider_rate_limits`);
    await queryRunner.query(`DROP TABLE brokerage.order_resolutions`);
    await queryRunner.query(`ALTER TABLE brokerage.order_intents DROP COLUMN reconcile_note`);
    await queryRunner.query(`ALTER TABLE brokerage.order_intents DROP COLUMN last_reconciled_at`);
  }
}
