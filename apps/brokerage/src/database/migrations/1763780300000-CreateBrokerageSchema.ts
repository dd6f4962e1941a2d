import type { MigrationInterface, QueryRunner } from 'typeorm';
import { createMessagingTables, dropMessagingTables } from '@copytrade/nest';

/** The service's schema with its outbox and inbox; its own tables arrive with the features that need them. */
export class CreateBrokerageSchema1763780300000 implements MigrationInterface {
  name = 'CreateBrokerageSchema1763780300000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await createMessagingTables(queryRunner, 'brokerage');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await dropMessagingTables(queryRunner, 'brokerage');
  }
}
