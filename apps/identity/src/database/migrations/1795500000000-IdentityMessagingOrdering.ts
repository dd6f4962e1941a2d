import type { MigrationInterface, QueryRunner } from 'typeorm';
import { downgradeMessagingTablesForOrdering, upgradeMessagingTablesForOrdering } from '@copytrade/nest';

/** Messaging tables v2: aggregate versions, relay leases and set-aside rows, consumer ordering, redriven dead letters. */
export class IdentityMessagingOrdering1795500000000 implements MigrationInterface {
  name = 'IdentityMessagingOrdering1795500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await upgradeMessagingTablesForOrdering(queryRunner, 'identity');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await downgradeMessagingTablesForOrdering(queryRunner, 'identity');
  }
}
