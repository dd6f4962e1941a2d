import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * SnapTrade webhooks received, one row per webhookId (the primary key is what makes a redelivery a no-op), kept
 * only as long as a redelivery could still pass the eventTimestamp check: a sweep deletes older rows.
 */
export class SnaptradeWebhooks1795700000000 implements MigrationInterface {
  name = 'SnaptradeWebhooks1795700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE brokerage.snaptrade_webhooks (
        webhook_id text PRIMARY KEY,
        event_type text NOT NULL,
        provider_user_id text NULL,
        account_id text NULL,
        event_timestamp timestamptz NOT NULL,
        outcome text NOT NULL CHECK (outcome IN ('accepted', 'ignored')),
        received_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      `CREATE INDEX snaptrade_webhooks_received_at_idx ON brokerage.snaptrade_webhooks (received_at)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE brokerage.snaptrade_webhooks`);
  }
}
