import type { EventEnvelope } from '@copytrade/contracts';
import { MessagingException } from './messaging.exception';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Checks the envelope shape only (not the payload, which the handler validates against its contract):
 * a message that fails here can never succeed on redelivery, so the consumer dead-letters it at once.
 */
export function parseEventEnvelope(payload: string): EventEnvelope<unknown> {
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch (error) {
    throw malformed('payload is not JSON', error);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw malformed('payload is not an object');
  const candidate = value as Record<string, unknown>;
  if (typeof candidate.id !== 'string' || !UUID_PATTERN.test(candidate.id)) throw malformed('id must be a uuid');
  for (const field of ['type', 'occurredAt', 'producer', 'correlationId'] as const) {
    if (typeof candidate[field] !== 'string' || candidate[field] === '')
      throw malformed(`${field} must be a non-empty string`);
  }
  if (typeof candidate.version !== 'number' || !Number.isInteger(candidate.version))
    throw malformed('version must be an integer');
  if (candidate.causationId !== undefined && typeof candidate.causationId !== 'string') {
    throw malformed('causationId must be a string when present');
  }
  if (!('data' in candidate)) throw malformed('data is missing');
  return candidate as unknown as EventEnvelope<unknown>;
}

/** Best effort id for the dead-letter row of a message whose envelope could not be parsed. */
export function peekEventId(payload: string): string | null {
  try {
    const value: unknown = JSON.parse(payload);
    if (typeof value === 'object' && value !== null && 'id' in value && typeof value.id === 'string') return value.id;
  } catch {
    // not JSON: no id to report
  }
  return null;
}

function malformed(reason: string, cause?: unknown): MessagingException {
  return new MessagingException('MALFORMED_EVENT_ENVELOPE', `Malformed event envelope: ${reason}`, { cause });
}
