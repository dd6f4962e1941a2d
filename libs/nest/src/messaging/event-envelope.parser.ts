import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import {
  EVENTS_SUBJECT_PREFIX,
  EventCatalogueBySubject,
  type CataloguedEventDefinition,
  type EventEnvelope,
} from '@copytrade/contracts';
import { flattenValidationErrors } from '../errors/validation-exception.factory';
import { cacheValidationMetadata } from '../validation/validation-metadata-cache';
import { MessagingException } from './messaging.exception';

cacheValidationMetadata(); // every consumed event is validated: its class's rules looked up once

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Checks the envelope, then the payload against the event catalogue's class for the subject it arrived on.
 * A message that fails here can never succeed on redelivery, so the consumer dead-letters it at once.
 * Subjects outside the platform's `events.` namespace (a private stream) have no catalogue entry and only
 * get the envelope check.
 */
export function parseEventEnvelope(payload: string, subject: string): EventEnvelope<unknown> {
  const envelope = parseEnvelopeShape(payload);
  const definition = EventCatalogueBySubject.get(subject);
  if (!definition) {
    if (subject.startsWith(EVENTS_SUBJECT_PREFIX))
      throw invalidPayload(`no event in the catalogue for subject ${subject}`);
    return envelope;
  }
  return { ...envelope, data: validatedData(envelope, definition) };
}

function parseEnvelopeShape(payload: string): EventEnvelope<unknown> {
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch (error) {
    throw malformed('payload is not JSON', error);
  }
  if (!isPlainObject(value)) throw malformed('payload is not an object');
  const candidate = value;
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

/** The payload as an instance of the definition's class, stripped of fields the class does not declare. */
function validatedData(envelope: EventEnvelope<unknown>, definition: CataloguedEventDefinition<object>): object {
  const name = `${definition.type} v${definition.version}`;
  if (envelope.type !== definition.type || envelope.version !== definition.version)
    throw invalidPayload(`${envelope.type} v${envelope.version} arrived on the subject of ${name}`);
  if (!isPlainObject(envelope.data)) throw invalidPayload(`${name}: data must be an object`);
  const data = plainToInstance(definition.payload, envelope.data);
  const errors = validateSync(data, { whitelist: true, forbidUnknownValues: true });
  if (errors.length > 0) {
    const reasons = flattenValidationErrors(errors).map(({ field, messages }) => `${field}: ${messages.join(', ')}`);
    throw invalidPayload(`${name}: ${reasons.join('; ')}`);
  }
  return data;
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

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function malformed(reason: string, cause?: unknown): MessagingException {
  return new MessagingException('MALFORMED_EVENT_ENVELOPE', `Malformed event envelope: ${reason}`, { cause });
}

function invalidPayload(reason: string): MessagingException {
  return new MessagingException('INVALID_EVENT_PAYLOAD', `Invalid event payload: ${reason}`);
}
