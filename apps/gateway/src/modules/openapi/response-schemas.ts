/** An OpenAPI 3.0 schema, as plain JSON. */
export type JsonSchema = Record<string, unknown>;

/** Each operation's 2xx body schema (by operation id) and the named view schemas they reference. */
export interface ResponseSchemas {
  operations: Record<string, JsonSchema>;
  schemas: Record<string, JsonSchema>;
}
