import type { QueryKey } from '@tanstack/react-query';
import { keyStartsWith, type LiveEventHandler } from '@/lib/live-events/live-event';
import { traceDashboardKeys } from './query-keys';

/** The owner's Trade Manager lists, whatever the trace (an order fill of the owner becomes one of its trades). */
const anyTradeManager = (key: QueryKey) =>
  keyStartsWith(key, traceDashboardKeys.all) && key[key.length - 1] === 'trades';

/** The owner's Trade Manager: of the trace a trade was shared or closed on, or every one after an order fill. */
export const traceDashboardLiveEventHandler: LiveEventHandler = (message, { queryClient, traceId, invalidate }) => {
  switch (message.type) {
    case 'trade.shared':
    case 'trade.closed':
      return traceId ? [invalidate(traceDashboardKeys.trades(traceId))] : [];
    case 'order.filled':
      return [queryClient.invalidateQueries({ predicate: (query) => anyTradeManager(query.queryKey) })];
    default:
      return [];
  }
};
