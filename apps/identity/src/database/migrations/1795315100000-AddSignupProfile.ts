import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The signup form's profile fields. Seeded users have none, so they are nullable. */
export class AddSignupProfile1795315100000 implements MigrationInterface {
  name = 'AddSignupProfile1795315100000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE identity.users ADD COLUMN phone_number text, ADD COLUMN occupation text, ADD COLUMN annual_income text`,
    );
    // Stored as digits only, so one number written two ways is still one number.
    await queryRunner.query(
      `CREATE UNIQUE INDEX users_phone_number_key ON identity.users (phone_number) WHERE phone_number IS NOT NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX identity.users_phone_number_key`);
    await queryRunner.query(
      `ALTER TABLE identity.users DROP COLUMN annual_income, DROP COLUMN occupation, DROP COLUMN phone_number`,
    );
  }
}
