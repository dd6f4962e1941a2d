import { stdSerializers } from 'pino';

/**
 * Fields of an error that hold what a client sent: a failed query's bound `parameters` (TypeORM's QueryFailedError),
 * PostgreSQL's `detail` ("Key (email)=(…) already exists", "Failing row contains (…)"), and the `body` of a request
 * that failed to parse (body-parser). Logs keep the error, its SQL text with placeholders and its stack, never them.
 */
const VALUE_FIELDS = new Set(['parameters', 'detail', 'body']);
export const REDACTED = '[Redacted]';
/** Errors nest (driverError, aggregateErrors); deeper than this nothing is kept. */
const MAX_DEPTH = 6;

/** pino's error serializer (type, message, stack, own fields), with the value-carrying fields redacted at any depth. */
export function redactedErrorSerializer(error: unknown): unknown {
  return redactValues(stdSerializers.err(error as Error), 0);
}

function redactValues(value: unknown, depth: number): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return REDACTED;
  if (Array.isArray(value)) return value.map((item) => redactValues(item, depth + 1));
  const copy: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    copy[key] = VALUE_FIELDS.has(key) && child !== undefined ? REDACTED : redactValues(child, depth + 1);
  }
  return copy;
}
