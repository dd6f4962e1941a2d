import type { MigrationInterface, QueryRunner } from 'typeorm';
import { downgradeMessagingTablesForOrdering, upgradeMessagingTablesForOrdering } from '@copytrade/nest';

/** Messaging tables v2: aggregate versions, relay leases and set-aside rows, consumer ordering, redriven dead letters. */
export class CopyEngineMessagingOrdering1795500000000 implements MigrationInterface {
  name = 'CopyEngineMessagingOrdering1795500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await upgradeMessagingTablesForOrdering(queryRunner, 'copy_engine');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await downgradeMessagingTablesForOrdering(queryRunner, 'copy_engine');
  }
}
