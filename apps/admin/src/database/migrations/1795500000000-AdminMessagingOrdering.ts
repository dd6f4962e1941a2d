import type { MigrationInterface, QueryRunner } from 'typeorm';
import { downgradeMessagingTablesForOrdering, upgradeMessagingTablesForOrdering } from '@copytrade/nest';

/** Messaging tables v2: aggregate versions, relay leases and set-aside rows, consumer ordering, redriven dead letters. */
export class AdminMessagingOrdering1795500000000 implements MigrationInterface {
  name = 'AdminMessagingOrdering1795500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await upgradeMessagingTablesForOrdering(queryRunner, 'admin');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await downgradeMessagingTablesForOrdering(queryRunner, 'admin');
  }
}
