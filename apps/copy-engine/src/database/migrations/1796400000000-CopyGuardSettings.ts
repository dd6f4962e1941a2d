import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The follower's copy guards (new tables: nothing running reads them yet). No row means every default: every guard
 * off, skip while the market is closed, fixed-amount sizing, nothing paused.
 * - follower_guards: the follower-wide limits and the kill switch ("Stop all automatic copying").
 * - trace_guards: per (follower, trace) — automatic copying paused (by the follower or by a limit reached), a copy
 *   stop-loss and a price-protection override.
 */
export class CopyGuardSettings1796400000000 implements MigrationInterface {
  name = 'CopyGuardSettings1796400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE copy_engine.follower_guards (
        user_id uuid PRIMARY KEY,
        price_protection_percent numeric(5,2),
        max_share_age_minutes integer,
        auto_copy_stopped boolean NOT NULL DEFAULT false,
        auto_copy_stopped_at timestamptz,
        daily_loss_limit numeric(14,2),
        market_closed_policy text NOT NULL DEFAULT 'skip' CHECK (market_closed_policy IN ('skip', 'next_open')),
        sizing_mode text NOT NULL DEFAULT 'fixed' CHECK (sizing_mode IN ('fixed', 'account_percent')),
        sizing_percent numeric(5,2),
        copy_open_positions boolean NOT NULL DEFAULT false,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      CREATE TABLE copy_engine.trace_guards (
        user_id uuid NOT NULL,
        trace_id uuid NOT NULL,
        auto_copy_paused boolean NOT NULL DEFAULT false,
        paused_reason text CHECK (paused_reason IN ('user', 'stop_loss', 'daily_loss')),
        paused_at timestamptz,
        stop_loss_percent numeric(5,2),
        price_protection_percent numeric(5,2),
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, trace_id)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE copy_engine.trace_guards`);
    await queryRunner.query(`DROP TABLE copy_engine.follower_guards`);
  }
}
