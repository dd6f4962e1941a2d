import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The daily loss limit's start-of-day marks (docs/product.md, "Copy guards"): the price per share a copy held from
 * an earlier day was first valued at on a US trading day, so that day's loss counts only what it lost since. Written
 * once per (copy, day) by the stop-loss pass; marks older than a few days are deleted by the same pass. No foreign
 * key: the first pass of a day writes one per copy held, and a check per row would double its cost.
 */
export class CopyDayMarks1796920000000 implements MigrationInterface {
  name = 'CopyDayMarks1796920000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE copy_engine.copy_day_marks (
        copy_id uuid NOT NULL,
        trading_day date NOT NULL,
        price numeric NOT NULL CHECK (price > 0),
        marked_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (copy_id, trading_day)
      )`);
    await queryRunner.query(`CREATE INDEX copy_day_marks_day_idx ON copy_engine.copy_day_marks (trading_day)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE copy_engine.copy_day_marks`);
  }
}
