import type { LiveEventHandler } from '@/lib/live-events/live-event';
import { tracesKeys } from './query-keys';

/** A trade shared or closed: that trace's page (its trades, counts) — not other traces. */
export const tracesLiveEventHandler: LiveEventHandler = (message, { traceId, invalidate }) =>
  (message.type === 'trade.shared' || message.type === 'trade.closed') && traceId
    ? [invalidate(tracesKeys.detail(traceId))]
    : [];
