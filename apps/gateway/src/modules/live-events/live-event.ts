import type { EventEnvelope } from '@copytrade/contracts';

/** The subjects the live push follows (by subject: the copy engine's contracts are read defensively). */
export const LiveEventSubjects = {
  tradeShared: 'events.traces.trade.shared.v1',
  tradeClosed: 'events.traces.trade.closed.v1',
  orderFilled: 'events.brokerage.order.filled.v1',
  copyOpened: 'events.copy-engine.copy.opened.v1',
  copyClosed: 'events.copy-engine.copy.closed.v1',
  copySkipped: 'events.copy-engine.copy.skipped.v1',
  copyFailed: 'events.copy-engine.copy.failed.v1',
  copyGuardTriggered: 'events.copy-engine.copy-guard.triggered.v1',
  autoCopyPaused: 'events.copy-engine.auto-copy.paused.v1',
} as const;

/** What a browser receives on `/api/events` (the `data:` line), with the stream sequence as the SSE `id:`. */
export interface LiveMessage {
  type:
    | 'trade.shared'
    | 'trade.closed'
    | 'order.filled'
    | 'copy.opened'
    | 'copy.closed'
    | 'copy.skipped'
    | 'copy.failed'
    | 'copy-guard.triggered'
    | 'auto-copy.paused'
    | 'resync'
    | 'notification.created';
  data: Record<string, string | number | boolean | null>;
}

/** Who an event concerns: named users, or whoever may see a trade (asked of traces). */
export type LiveAudience =
  | { kind: 'users'; userIds: string[] }
  | { kind: 'trade'; tradeId: string; ownerUserId: string | null; isShared: boolean };

export interface LiveEvent {
  /** The JetStream stream sequence: the SSE id a client resumes from. */
  seq: number;
  /** When JetStream stored it (ms since the epoch): the replay window is measured on it. */
  storedAt: number;
  audience: LiveAudience;
  message: LiveMessage;
}

/** What the live push tells of a copy that holds nothing (skipped or failed), beside its own time. */
const NOT_PLACED_COPY_FIELDS = [
  'copyId',
  'originalTradeId',
  'traceId',
  'placement',
  'symbol',
  'optionsTicker',
  'code',
  'reason',
] as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The live event for one JetStream event, or null when the live push does not follow it (or it is not usable):
 * only ids and the fields the web app needs to update its caches — never a secret, an account number or a price
 * a subscriber could not already see.
 */
export function toLiveEvent(
  subject: string,
  envelope: Pick<EventEnvelope, 'data'>,
  seq: number,
  storedAt: number,
): LiveEvent | null {
  const data = isRecord(envelope.data) ? envelope.data : null;
  if (!data) return null;
  const pick = (...fields: string[]) => picked(data, fields);
  switch (subject) {
    case LiveEventSubjects.tradeShared:
    case LiveEventSubjects.tradeClosed: {
      const tradeId = uuidOf(data.tradeId);
      if (!tradeId || !uuidOf(data.traceId)) return null;
      const shared = subject === LiveEventSubjects.tradeShared;
      return {
        seq,
        storedAt,
        audience: {
          kind: 'trade',
          tradeId,
          ownerUserId: uuidOf(data.ownerUserId),
          // TradeClosed says whether subscribers could see the trade; an unshared one concerns its owner only.
          isShared: shared || data.isShared !== false,
        },
        message: shared
          ? {
              type: 'trade.shared',
              data: pick(
                'tradeId',
                'traceId',
                'symbol',
                'side',
                'quantity',
                'entryPrice',
                'isOptions',
                'optionsTicker',
                'requiredTier',
                'sharedAt',
              ),
            }
          : {
              type: 'trade.closed',
              data: pick('tradeId', 'traceId', 'symbol', 'side', 'exitPrice', 'reason', 'isShared', 'closedAt'),
            },
      };
    }
    case LiveEventSubjects.orderFilled:
      return userEvent(seq, storedAt, data, {
        type: 'order.filled',
        data: pick(
          'intentId',
          'brokerageOrderId',
          'requestId',
          'action',
          'symbol',
          'underlying',
          'filledQuantity',
          'averagePrice',
          'filledAt',
        ),
      });
    case LiveEventSubjects.copyOpened:
      return userEvent(seq, storedAt, data, {
        type: 'copy.opened',
        data: pick(
          'copyId',
          'originalTradeId',
          'traceId',
          'placement',
          'symbol',
          'side',
          'isOptions',
          'optionsTicker',
          'quantity',
          'entryPrice',
          'requestId',
          'openedAt',
        ),
      });
    case LiveEventSubjects.copyClosed:
      return userEvent(seq, storedAt, data, {
        type: 'copy.closed',
        data: pick(
          'copyId',
          'originalTradeId',
          'traceId',
          'placement',
          'symbol',
          'side',
          'quantity',
          'exitPrice',
          'realizedPnl',
          'closedAt',
        ),
      });
    case LiveEventSubjects.copySkipped:
      return userEvent(seq, storedAt, data, {
        type: 'copy.skipped',
        data: pick(...NOT_PLACED_COPY_FIELDS, 'skippedAt'),
      });
    case LiveEventSubjects.copyFailed:
      return userEvent(seq, storedAt, data, {
        type: 'copy.failed',
        data: pick(...NOT_PLACED_COPY_FIELDS, 'failedAt'),
      });
    case LiveEventSubjects.copyGuardTriggered:
      // The copies' ids stay server-side (the screens refetch); their number says how many are being sold.
      return userEvent(seq, storedAt, data, {
        type: 'copy-guard.triggered',
        data: {
          ...pick('traceId', 'guard', 'lossPercent', 'thresholdPercent', 'occurredAt'),
          copies: Array.isArray(data.copyIds) ? data.copyIds.length : 0,
        },
      });
    case LiveEventSubjects.autoCopyPaused:
      return userEvent(seq, storedAt, data, {
        type: 'auto-copy.paused',
        data: pick('traceId', 'reason', 'occurredAt'),
      });
    default:
      return null;
  }
}

function userEvent(
  seq: number,
  storedAt: number,
  data: Record<string, unknown>,
  message: LiveMessage,
): LiveEvent | null {
  const userId = uuidOf(data.userId);
  return userId ? { seq, storedAt, audience: { kind: 'users', userIds: [userId] }, message } : null;
}

/** Only scalar fields, and only those present: an unexpected object or array is never passed on. */
function picked(data: Record<string, unknown>, fields: string[]): LiveMessage['data'] {
  const result: LiveMessage['data'] = {};
  for (const field of fields) {
    const value = data[field];
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value))
      result[field] = value as string | number | boolean | null;
  }
  return result;
}

function uuidOf(value: unknown): string | null {
  return typeof value === 'string' && UUID.test(value) ? value.toLowerCase() : null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
