import type { MigrationInterface, QueryRunner } from 'typeorm';
import { createMessagingTables, dropMessagingTables } from '@copytrade/nest';

/** The service's schema with its outbox and inbox; its own tables arrive with the features that need them. */
export class CreateCopyEngineSchema1763780400000 implements MigrationInterface {
  name = 'CreateCopyEngineSchema1763780400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await createMessagingTables(queryRunner, 'copy_engine');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await dropMessagingTables(queryRunner, 'copy_engine');
  }
}
