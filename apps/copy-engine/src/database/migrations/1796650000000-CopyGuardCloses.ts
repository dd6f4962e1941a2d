import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The closes of copies a guard decided (new columns with defaults, a new index: nothing running reads them yet).
 * - auto_copy_closes becomes every keyed close the closer sells, whatever decided it: `reason` 'trader_sell' (the
 *   trader sold: every existing row), 'stop_loss' (the follower's copy stop-loss of a trace was reached) or
 *   'kill_switch' (the follower stopped all automatic copying and asked to close them). `event_id` keys the decision
 *   (the TradeClosed event, the stop-loss trigger, the stop-all call); `loss_percent` is the loss the stop-loss saw.
 * - auto_copy_closes_copy_idx: a copy's closes (how it was closed, in My Copy Trades).
 * - copy_instances_open_trace_idx: the open copies of a (follower, trace), which each stop-loss pass values.
 */
export class CopyGuardCloses1796650000000 implements MigrationInterface {
  name = 'CopyGuardCloses1796650000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE copy_engine.auto_copy_closes
        ADD COLUMN reason text NOT NULL DEFAULT 'trader_sell'
          CHECK (reason IN ('trader_sell', 'stop_loss', 'kill_switch')),
        ADD COLUMN loss_percent numeric(7,2)`);
    await queryRunner.query(`CREATE INDEX auto_copy_closes_copy_idx ON copy_engine.auto_copy_closes (copy_id)`);
    await queryRunner.query(
      `CREATE INDEX copy_instances_open_trace_idx ON copy_engine.copy_instances (user_id, trace_id)
        WHERE status = 'OPEN'`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX copy_engine.copy_instances_open_trace_idx`);
    await queryRunner.query(`DROP INDEX copy_engine.auto_copy_closes_copy_idx`);
    await queryRunner.query(`ALTER TABLE copy_engine.auto_copy_closes DROP COLUMN reason, DROP COLUMN loss_percent`);
  }
}
