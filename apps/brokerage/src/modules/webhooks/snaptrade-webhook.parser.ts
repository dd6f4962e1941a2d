import {
  SnaptradeWebhookErrorCode,
  SnaptradeWebhookMessages,
  type BrokerageAccountUpdateReason,
} from '@copytrade/contracts';
import { DomainException } from '@copytrade/nest';

/**
 * The webhook kinds that say an account's data changed, and why (SnapTrade's docs, "Webhook Types"):
 * holdings (positions, balances, orders) refreshed — daily, or after a refresh we asked for —, trades detected at
 * the brokerage (TRADE_DETECTION; TRADES_PLACED in older payloads), an order placed through SnapTrade changed.
 * Every other kind (connections, users, transactions…) is verified, recorded and answered 200, nothing more.
 */
export const ACCOUNT_UPDATE_KINDS: Readonly<Record<string, BrokerageAccountUpdateReason>> = {
  ACCOUNT_HOLDINGS_UPDATED: 'HOLDINGS_UPDATED',
  TRADE_DETECTION: 'TRADES_DETECTED',
  TRADES_PLACED: 'TRADES_DETECTED',
  TRADE_UPDATE: 'ORDER_UPDATED',
};

/** The fields of SnapTrade's API-key webhook schema we use (WebhookBase plus the account fields). */
export interface SnaptradeWebhook {
  webhookId: string;
  eventType: string;
  eventTimestamp: Date;
  /** The SnapTrade userId (our provider user id); null when the kind has none. */
  userId: string | null;
  accountId: string | null;
  /** The connection (brokerage authorization). */
  brokerageAuthorizationId: string | null;
  /** Set when the kind is one that says an account changed. */
  reason: BrokerageAccountUpdateReason | null;
}

const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:?\d{2})?$/;

/**
 * A verified body as the webhook it describes. 400 WEBHOOK_PAYLOAD_INVALID when it is not a JSON object or a field
 * we need is missing or not a string. `webhookId` is read from `webookId` too: the provider's OpenAPI schema spells
 * it so (the docs' payloads say `webhookId`, which wins when both are present).
 */
export function parseSnaptradeWebhook(rawBody: string): SnaptradeWebhook {
  let payload: unknown;
  try {
    payload = JSON.parse(rawBody);
  } catch {
    throw invalid(SnaptradeWebhookMessages.notAnObject);
  }
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload))
    throw invalid(SnaptradeWebhookMessages.notAnObject);
  const fields = payload as Record<string, unknown>;
  const webhookId = text(fields, 'webhookId', 200) ?? text(fields, 'webookId', 200);
  if (!webhookId) throw invalid('webhookId must be a non-empty string.');
  const eventType = required(fields, 'eventType', 100);
  const eventTimestamp = timestampOf(required(fields, 'eventTimestamp', 64));
  const reason = ACCOUNT_UPDATE_KINDS[eventType] ?? null;
  // The kinds we act on must name the user and the account; for the others they are informative only.
  const userId = reason ? required(fields, 'userId', 200) : informative(fields, 'userId', 200);
  const accountId = reason ? required(fields, 'accountId', 128) : informative(fields, 'accountId', 128);
  return {
    webhookId,
    eventType,
    eventTimestamp,
    userId,
    accountId,
    brokerageAuthorizationId: informative(fields, 'brokerageAuthorizationId', 128),
    reason,
  };
}

/** Replays are refused: SnapTrade's guidance is to reject a payload whose eventTimestamp is over 5 minutes old. */
export function assertFresh(webhook: SnaptradeWebhook, now: Date, maxAgeSeconds: number): void {
  if (Math.abs(now.getTime() - webhook.eventTimestamp.getTime()) > maxAgeSeconds * 1000)
    throw new DomainException(
      400,
      SnaptradeWebhookErrorCode.WEBHOOK_STALE,
      SnaptradeWebhookMessages.stale(maxAgeSeconds),
    );
}

function timestampOf(value: string): Date {
  const match = ISO_TIMESTAMP.exec(value);
  // Without an offset the time is UTC (JavaScript would read it as local time).
  const date = match ? new Date(`${value.replace(' ', 'T')}${match[2] ? '' : 'Z'}`) : null;
  if (!date || Number.isNaN(date.getTime())) throw invalid('eventTimestamp must be an ISO 8601 date and time.');
  return date;
}

function required(fields: Record<string, unknown>, name: string, maxLength: number): string {
  const value = text(fields, name, maxLength);
  if (value === null) throw invalid(`${name} must be a non-empty string.`);
  return value;
}

/** The field as a string, or null when it is absent (or null); anything else is the sender's mistake. */
function text(fields: Record<string, unknown>, name: string, maxLength: number): string | null {
  const value = fields[name];
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string' || value.length === 0 || value.length > maxLength)
    throw invalid(`${name} must be a non-empty string of at most ${maxLength} characters.`);
  return value;
}

/** A field we only record: a string that fits, else null (never a reason to refuse the webhook). */
function informative(fields: Record<string, unknown>, name: string, maxLength: number): string | null {
  const value = fields[name];
  return typeof value === 'string' && value.length > 0 && value.length <= maxLength ? value : null;
}

function invalid(message: string): DomainException {
  return new DomainException(400, SnaptradeWebhookErrorCode.WEBHOOK_PAYLOAD_INVALID, message);
}
