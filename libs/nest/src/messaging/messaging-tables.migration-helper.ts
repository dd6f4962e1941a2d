import type { QueryRunner } from 'typeorm';
import { assertSchemaName, messagingTableName } from './messaging-table-name.util';

/**
 * Creates the outbox, inbox and dead-letter tables in a service's own schema. Every service's first
 * migration calls it, so the tables are identical everywhere and the relay/consumer SQL can rely on them.
 */
export async function createMessagingTables(queryRunner: QueryRunner, schema: string): Promise<void> {
  const outbox = messagingTableName(schema, 'outbox');
  const inbox = messagingTableName(schema, 'inbox');
  const deadLetter = messagingTableName(schema, 'dead_letter');

  await queryRunner.query(`CREATE SCHEMA IF NOT EXISTS "${assertSchemaName(schema)}"`);

  // `position` breaks ties between events written in one transaction (same created_at = now()), so the
  // relay publishes them in the order they were written. The relay never polls by position (see notes §2).
  await queryRunner.query(`
    CREATE TABLE ${outbox} (
      id uuid PRIMARY KEY,
      position bigint GENERATED ALWAYS AS IDENTITY,
      subject text NOT NULL,
      envelope jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      published_at timestamptz NULL,
      attempts integer NOT NULL DEFAULT 0,
      last_error text NULL
    )`);
  // The relay's only query: small because published rows leave the index as soon as they are marked.
  await queryRunner.query(
    `CREATE INDEX outbox_unpublished_idx ON ${outbox} (created_at, position) WHERE published_at IS NULL`,
  );
  // Lets purgePublished() delete old rows without scanning the whole table.
  await queryRunner.query(
    `CREATE INDEX outbox_published_at_idx ON ${outbox} (published_at) WHERE published_at IS NOT NULL`,
  );

  // One row per (consumer, event): the primary key is what makes a redelivered event a no-op.
  await queryRunner.query(`
    CREATE TABLE ${inbox} (
      consumer text NOT NULL,
      event_id uuid NOT NULL,
      processed_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (consumer, event_id)
    )`);

  // Messages a consumer gave up on. payload is text, not jsonb, so a malformed (non-JSON) message is kept too.
  await queryRunner.query(`
    CREATE TABLE ${deadLetter} (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      consumer text NOT NULL,
      event_id text NULL,
      subject text NOT NULL,
      stream_sequence bigint NULL,
      payload text NOT NULL,
      error text NOT NULL,
      deliveries integer NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
  await queryRunner.query(`CREATE INDEX dead_letter_consumer_created_at_idx ON ${deadLetter} (consumer, created_at)`);
}

/** The `down` of the migration that called createMessagingTables; leaves the schema itself alone. */
export async function dropMessagingTables(queryRunner: QueryRunner, schema: string): Promise<void> {
  await queryRunner.query(`DROP TABLE IF EXISTS ${messagingTableName(schema, 'dead_letter')}`);
  await queryRunner.query(`DROP TABLE IF EXISTS ${messagingTableName(schema, 'inbox')}`);
  await queryRunner.query(`DROP TABLE IF EXISTS ${messagingTableName(schema, 'outbox')}`);
}
