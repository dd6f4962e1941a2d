import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Outside production, e-mails land here instead of SMTP (bounded by the writer to the newest 500). */
export class AddDevMailbox1795315400000 implements MigrationInterface {
  name = 'AddDevMailbox1795315400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE identity.dev_mail (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        to_address text NOT NULL,
        subject text NOT NULL,
        text text NOT NULL,
        sent_at timestamptz NOT NULL DEFAULT clock_timestamp()
      )`);
    await queryRunner.query(
      `CREATE INDEX dev_mail_to_address_sent_at_idx ON identity.dev_mail (to_address, sent_at DESC)`,
    );
    await queryRunner.query(`CREATE INDEX dev_mail_sent_at_idx ON identity.dev_mail (sent_at DESC)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE identity.dev_mail`);
  }
}
