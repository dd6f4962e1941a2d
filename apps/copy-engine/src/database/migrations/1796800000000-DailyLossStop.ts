import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The daily loss limit's state (a nullable column: nothing running reads it yet): the US trading day on which the
 * follower's copies lost more than their limit. Automatic copying stays off while it is today, and resumes by itself
 * on the next day.
 */
export class DailyLossStop1796800000000 implements MigrationInterface {
  name = 'DailyLossStop1796800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE copy_engine.follower_guards ADD COLUMN daily_loss_stopped_on date`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE copy_engine.follower_guards DROP COLUMN daily_loss_stopped_on`);
  }
}
