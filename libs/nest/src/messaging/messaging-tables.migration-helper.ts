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
  // relay publishes them in the order they were written. The relay never polls by position.
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

/**
 * Second version of the messaging tables (a NEW migration of every service calls it after the one that
 * called createMessagingTables, which stays as it was applied):
 * - outbox: aggregate id/version, the relay's claim lease, per-row retry schedule and set-aside mark;
 * - outbox_aggregate: the last version written per aggregate (the writer's gapless per-aggregate sequence);
 * - inbox_aggregate: per consumer, the last version applied per aggregate (one row per aggregate, never purged);
 * - inbox_held: events held back until their predecessor is applied (removed when applied, purged with the inbox);
 * - inbox: an index for the retention purge; dead_letter: when it was redriven.
 */
export async function upgradeMessagingTablesForOrdering(queryRunner: QueryRunner, schema: string): Promise<void> {
  const outbox = messagingTableName(schema, 'outbox');
  const inbox = messagingTableName(schema, 'inbox');
  const deadLetter = messagingTableName(schema, 'dead_letter');
  const quotedSchema = `"${assertSchemaName(schema)}"`;

  await queryRunner.query(`
    ALTER TABLE ${outbox}
      ADD COLUMN aggregate_id text NULL,
      ADD COLUMN aggregate_version bigint NULL,
      ADD COLUMN claimed_until timestamptz NULL,
      ADD COLUMN next_attempt_at timestamptz NULL,
      ADD COLUMN set_aside_at timestamptz NULL`);
  // The relay claims by position (assigned with the row; per aggregate it follows commit order, see OutboxWriter).
  await queryRunner.query(`DROP INDEX IF EXISTS ${quotedSchema}.outbox_unpublished_idx`);
  await queryRunner.query(`CREATE INDEX outbox_unpublished_idx ON ${outbox} (position) WHERE published_at IS NULL`);
  await queryRunner.query(
    `CREATE INDEX outbox_unpublished_aggregate_idx ON ${outbox} (aggregate_id, position) WHERE published_at IS NULL`,
  );
  await queryRunner.query(`
    CREATE TABLE ${messagingTableName(schema, 'outbox_aggregate')} (
      aggregate_id text PRIMARY KEY,
      last_version bigint NOT NULL
    )`);
  await queryRunner.query(`
    CREATE TABLE ${messagingTableName(schema, 'inbox_aggregate')} (
      consumer text NOT NULL,
      producer text NOT NULL,
      aggregate_id text NOT NULL,
      last_version bigint NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (consumer, producer, aggregate_id)
    )`);
  // Events held back until their predecessor is applied: how often and since when (the hold is bounded).
  await queryRunner.query(`
    CREATE TABLE ${messagingTableName(schema, 'inbox_held')} (
      consumer text NOT NULL,
      event_id text NOT NULL,
      holds integer NOT NULL,
      first_held_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (consumer, event_id)
    )`);
  await queryRunner.query(`CREATE INDEX inbox_processed_at_idx ON ${inbox} (processed_at)`);
  await queryRunner.query(`ALTER TABLE ${deadLetter} ADD COLUMN redriven_at timestamptz NULL`);
}

/** The `down` of upgradeMessagingTablesForOrdering. */
export async function downgradeMessagingTablesForOrdering(queryRunner: QueryRunner, schema: string): Promise<void> {
  const outbox = messagingTableName(schema, 'outbox');
  const quotedSchema = `"${assertSchemaName(schema)}"`;
  await queryRunner.query(`ALTER TABLE ${messagingTableName(schema, 'dead_letter')} DROP COLUMN redriven_at`);
  await queryRunner.query(`DROP INDEX IF EXISTS ${quotedSchema}.inbox_processed_at_idx`);
  await queryRunner.query(`DROP TABLE IF EXISTS ${messagingTableName(schema, 'inbox_held')}`);
  await queryRunner.query(`DROP TABLE IF EXISTS ${messagingTableName(schema, 'inbox_aggregate')}`);
  await queryRunner.query(`DROP TABLE IF EXISTS ${messagingTableName(schema, 'outbox_aggregate')}`);
  await queryRunner.query(`DROP INDEX IF EXISTS ${quotedSchema}.outbox_unpublished_aggregate_idx`);
  await queryRunner.query(`DROP INDEX IF EXISTS ${quotedSchema}.outbox_unpublished_idx`);
  await queryRunner.query(
    `CREATE INDEX outbox_unpublished_idx ON ${outbox} (created_at, position) WHERE published_at IS NULL`,
  );
  await queryRunner.query(`
    ALTER TABLE ${outbox}
      DROP COLUMN aggregate_id, DROP COLUMN aggregate_version, DROP COLUMN claimed_until,
      DROP COLUMN next_attempt_at, DROP COLUMN set_aside_at`);
}
