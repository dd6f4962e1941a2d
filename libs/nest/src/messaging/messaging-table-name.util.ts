/**
 * Schema names end up inside SQL text (identifiers cannot be bound as parameters), so they are checked
 * against a strict pattern once, here, instead of being trusted at every call site.
 */
const SCHEMA_NAME_PATTERN = /^[a-z_][a-z0-9_]{0,62}$/;

export type MessagingTable = 'outbox' | 'inbox' | 'dead_letter' | 'outbox_aggregate' | 'inbox_aggregate' | 'inbox_held';

export function assertSchemaName(schema: string): string {
  if (!SCHEMA_NAME_PATTERN.test(schema)) {
    throw new Error(`Invalid messaging schema name "${schema}": expected lower-case snake_case`);
  }
  return schema;
}

/** `"copy_engine"."outbox"`: a quoted, validated, schema-qualified table name. */
export function messagingTableName(schema: string, table: MessagingTable): string {
  return `"${assertSchemaName(schema)}"."${table}"`;
}
