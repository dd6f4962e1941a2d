import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { brokerageKeys } from '@/features/brokerage/api/query-keys';
import { copyGuardsKeys } from '@/features/copy-guards/api/query-keys';
import { dashboardKeys } from '@/features/dashboard/api/query-keys';
import { paperBrokerKeys } from '@/features/paper-broker/api/query-keys';
import { traceDashboardKeys } from '@/features/trace-dashboard/api/query-keys';
import { tracesKeys } from '@/features/traces/api/query-keys';
import { copyTradingKeys } from './query-keys';

/** What `/api/events` sends in each event's `data:` line. */
export interface LiveEventMessage {
  type:
    | 'trade.shared'
    | 'trade.closed'
    | 'order.filled'
    | 'copy.opened'
    | 'copy.closed'
    | 'copy.skipped'
    | 'copy-guard.triggered'
    | 'auto-copy.paused'
    | 'resync'
    | string;
  data?: Record<string, unknown>;
}

/** Whether a query's key starts with `prefix` (TanStack's own partial matching, for predicates). */
const startsWith = (key: QueryKey, prefix: readonly unknown[]) => prefix.every((part, index) => key[index] === part);

/** The owner's Trade Manager lists, whatever the trace (an order fill of the owner becomes one of its trades). */
const anyTradeManager = (key: QueryKey) => startsWith(key, traceDashboardKeys.all) && key[key.length - 1] === 'trades';

/**
 * Refreshes the caches an event touches, at once (the screens' 30 s polling stays as the fallback). Only queries
 * that exist are refetched, and only active ones right away: invalidating a key no screen has is free.
 */
export async function applyLiveEvent(queryClient: QueryClient, message: LiveEventMessage, userId: string) {
  const traceId = typeof message.data?.traceId === 'string' ? message.data.traceId : null;
  const invalidate = (queryKey: QueryKey) => queryClient.invalidateQueries({ queryKey });
  const copyScreens = [copyTradingKeys.copyTrades, copyTradingKeys.myCopies, copyTradingKeys.livePositions];
  const account = [brokerageKeys.accounts(userId), paperBrokerKeys.all, dashboardKeys.all];
  switch (message.type) {
    case 'trade.shared':
    case 'trade.closed':
      await Promise.all([
        // The trace page (its trades, counts) and the owner's Trade Manager of that trace.
        ...(traceId ? [invalidate(tracesKeys.detail(traceId)), invalidate(traceDashboardKeys.trades(traceId))] : []),
        invalidate(copyTradingKeys.livePositions),
        // A closed trade may close automatic copies.
        ...(message.type === 'trade.closed'
          ? [invalidate(copyTradingKeys.myCopies), invalidate(copyTradingKeys.copyTrades)]
          : []),
      ]);
      return;
    case 'order.filled':
      await Promise.all([
        ...account.map(invalidate),
        ...copyScreens.map(invalidate),
        queryClient.invalidateQueries({ predicate: (query) => anyTradeManager(query.queryKey) }),
      ]);
      return;
    case 'copy.opened':
    case 'copy.closed':
      await Promise.all([...copyScreens.map(invalidate), ...account.map(invalidate)]);
      return;
    case 'copy.skipped':
    case 'copy-guard.triggered':
    case 'auto-copy.paused':
      // A guard kept a copy back, fired (its copies being sold) or stopped automatic copying: the copies and the
      // guards' state.
      await Promise.all([...copyScreens.map(invalidate), invalidate(copyGuardsKeys.all)]);
      return;
    case 'resync':
      // Events were missed beyond what the server keeps: everything on screen is read again.
      await queryClient.invalidateQueries();
      return;
    default:
      return;
  }
}
