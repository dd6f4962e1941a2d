import { createHmac, randomUUID } from 'node:crypto';

/** A webhook the fake sends (the API-key schema of SnapTrade's docs); the rest of the payload is filled in. */
export interface FakeWebhookInput {
  eventType: string;
  userId: string;
  accountId?: string;
  brokerageAuthorizationId?: string;
  webhookId?: string;
  /** ISO 8601 with microseconds and +00:00, as SnapTrade writes it; default now. */
  eventTimestamp?: string;
  details?: Record<string, unknown>;
}

export interface FakeWebhookDelivery {
  webhookId: string;
  payload: Record<string, unknown>;
  /** What was sent: the JSON body and the Signature header. */
  body: string;
  signature: string;
  status: number;
  responseBody: unknown;
}

/** SnapTrade's timestamp format: `2024-03-01T14:38:13.111991+00:00`. */
export function snaptradeTimestamp(at: Date = new Date()): string {
  return at.toISOString().replace(/\.(\d{3})Z$/, '.$1000+00:00');
}

export function fakeWebhookPayload(clientId: string, input: FakeWebhookInput): Record<string, unknown> {
  const payload: Record<string, unknown> = {
    webhookId: input.webhookId ?? randomUUID(),
    clientId,
    eventTimestamp: input.eventTimestamp ?? snaptradeTimestamp(),
    userId: input.userId,
    eventType: input.eventType,
  };
  if (input.accountId !== undefined) payload.accountId = input.accountId;
  if (input.brokerageAuthorizationId !== undefined) payload.brokerageAuthorizationId = input.brokerageAuthorizationId;
  if (input.details !== undefined) payload.details = input.details;
  return payload;
}

/**
 * The body and `Signature` SnapTrade sends: the payload as Python's
 * `json.dumps(payload, separators=(",", ":"), sort_keys=True)` writes it (sorted keys, no spaces, non-ASCII
 * escaped), and base64 HMAC-SHA256 of that with the consumer key.
 */
export function signFakeWebhook(consumerKey: string, payload: unknown): { body: string; signature: string } {
  const body = pythonJsonDumps(payload);
  return { body, signature: createHmac('sha256', consumerKey).update(body).digest('base64') };
}

function pythonJsonDumps(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string')
    return JSON.stringify(value).replace(
      /[\u007f-\uffff]/g,
      (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
    );
  if (typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(pythonJsonDumps).join(',')}]`;
  const keys = Object.keys(value).sort();
  return `{${keys.map((key) => `${pythonJsonDumps(key)}:${pythonJsonDumps((value as Record<string, unknown>)[key])}`).join(',')}}`;
}
