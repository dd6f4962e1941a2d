import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Orders of a batch for a rate-limited provider wait in order_intents (state SUBMITTING) for the dispatcher:
 * dispatch_state QUEUED until a dispatcher claims one (SENDING, committed before the provider is called), then
 * NULL once the provider's answer settled it. dispatched_at is when it was claimed for sending (the reconciler
 * looks for an order placed around then, not around when it was queued). provider_request_slots holds, per
 * client, the next free instant of the evenly spaced request schedule every replica shares.
 */
export class OrderDispatchQueue1795800000000 implements MigrationInterface {
  name = 'OrderDispatchQueue1795800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE brokerage.order_intents
        ADD COLUMN dispatch_state text NULL CHECK (dispatch_state IN ('QUEUED', 'SENDING')),
        ADD COLUMN dispatched_at timestamptz NULL`);
    await queryRunner.query(`
      CREATE INDEX order_intents_dispatch_queue_idx ON brokerage.order_intents (created_at)
        WHERE dispatch_state IS NOT NULL`);
    // The claim skips accounts with an order being sent: looked up per candidate.
    await queryRunner.query(`
      CREATE INDEX order_intents_dispatch_sending_idx ON brokerage.order_intents (account_id)
        WHERE dispatch_state = 'SENDING'`);
    await queryRunner.query(`
      CREATE TABLE brokerage.provider_request_slots (
        key text PRIMARY KEY,
        next_at timestamptz NOT NULL
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE brokerage.provider_request_slots`);
    await queryRunner.query(`DROP INDEX brokerage.order_intents_dispatch_sending_idx`);
    await queryRunner.query(`DROP INDEX brokerage.order_intents_dispatch_queue_idx`);
    await queryRunner.query(
      `ALTER TABLE brokerage.order_intents DROP COLUMN dispatch_state, DROP COLUMN dispatched_at`,
    );
  }
}
