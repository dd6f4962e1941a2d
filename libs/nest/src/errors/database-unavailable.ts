import { CommonErrorCode, Messages, type RpcErrorPayload } from '@copytrade/contracts';

/** How long a client is asked to wait before retrying when the database is unreachable. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Socket-level failures reaching the server (Node system error codes). */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);
/** PostgreSQL SQLSTATEs of a server going away or not accepting connections (class 08 is matched by prefix). */
const SERVER_UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300']);
/** node-postgres and pg-pool report these as plain Errors without a code. */
const CLIENT_MESSAGES = [
  /connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /connection timeout/i,
  /client has encountered a connection error/i,
  /cannot use a pool after calling end/i,
];

/**
 * True when an error (or its cause: TypeORM's driverError, Error.cause, an AggregateError's errors) means
 * PostgreSQL cannot be reached right now, as opposed to a query the database refused.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  const pending = [error];
  while (pending.length > 0) {
    const current = pending.pop();
    if (!current || typeof current !== 'object' || seen.has(current)) continue;
    seen.add(current);
    const { code, message, driverError, cause, errors } = current as {
      code?: unknown;
      message?: unknown;
      driverError?: unknown;
      cause?: unknown;
      errors?: unknown;
    };
    if (
      typeof code === 'string' &&
      (NETWORK_CODES.has(code) || SERVER_UNAVAILABLE_STATES.has(code) || /^08/.test(code))
    )
      return true;
    if (typeof message === 'string' && CLIENT_MESSAGES.some((pattern) => pattern.test(message))) return true;
    pending.push(driverError, cause, ...(Array.isArray(errors) ? errors : []));
  }
  return false;
}

/** The answer for a database outage: 503 with a retry hint, the same as an unreachable service. */
export function databaseUnavailablePayload(): RpcErrorPayload {
  return {
    status: 503,
    code: CommonErrorCode.SERVICE_UNAVAILABLE,
    message: Messages.serviceUnavailable,
    details: { retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS },
  };
}
