import type { OwnerTradesResponse, OwnerTradeView, TierName } from '@copytrade/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '@/components/ui/toast';
import { cleanupTrades, getOwnerTrades, refreshBrokerage, shareTrade } from '../api/owner-trades';
import { traceDashboardKeys } from '../api/query-keys';
import { AUTO_SYNC_CHECK_MS, shouldAutoSync } from '../utils/market-hours';
import { rateLimitOf, refreshErrorNotice, serverMessageOr } from '../utils/trade-errors';
import { tierLabel } from '@/lib/format/text';
import { useRateLimit } from './use-rate-limit';
import { readLastSync, useSyncCooldown } from './use-sync-cooldown';

/** The first trade fetch about 1 s after load (see docs/product.md#trade-manager). */
export const INITIAL_FETCH_DELAY_MS = 1_000;

export const shareConfirmText = (trade: OwnerTradeView, tier: TierName): string =>
  `Share ${trade.symbol} with your ${tierLabel(tier)} subscribers and above?\n\n` +
  'Sharing is permanent: once shared, this trade cannot be unshared, and subscribers will be able to see and copy it.';

/**
 * The Trade Manager's state (docs/product.md#trade-manager): the open trades, sync (refresh-brokerage) with its 3 s
 * cooldown and the 429 countdown, cleanup, one-way sharing, and the auto-sync check when the owner's brokerage is
 * connected (a free server-side sync: reading the trades again).
 */
export function useTradeManager({ traceId, brokerageConnected }: { traceId: string; brokerageConnected: boolean }) {
  const queryClient = useQueryClient();
  const rateLimit = useRateLimit();
  const cooldown = useSyncCooldown(traceId);
  const [ready, setReady] = useState(false);
  const [syncing, setSyncing] = useState(false);

  useEffect(() => {
    const timer = window.setTimeout(() => setReady(true), INITIAL_FETCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);

  const trades = useQuery({
    queryKey: traceDashboardKeys.trades(traceId),
    queryFn: () => getOwnerTrades(traceId),
    enabled: ready,
  });

  const startRateLimit = rateLimit.start;
  useEffect(() => {
    const limit = rateLimitOf(trades.error);
    if (limit) startRateLimit(limit.retryAfter, limit.message);
  }, [trades.error, startRateLimit]);

  const blocked = rateLimit.limited;
  const blockedRef = useRef(blocked);
  blockedRef.current = blocked;

  const sync = useCallback(
    async ({ background = false }: { background?: boolean } = {}) => {
      if (blockedRef.current || cooldown.isCoolingDown()) return;
      cooldown.markSynced();
      setSyncing(true);
      try {
        // The automatic check never buys the provider's paid real-time refresh ($0.05 each): reading the trades
        // again syncs them on the server from the brokerage's own data. Only the Sync button pays for fresh data.
        if (background) await queryClient.refetchQueries({ queryKey: traceDashboardKeys.trades(traceId) });
        else {
          const response = await refreshBrokerage(traceId);
          toast.success('Brokerage Synced', { description: response.message });
        }
      } catch (error) {
        const limit = rateLimitOf(error);
        if (limit) startRateLimit(limit.retryAfter, limit.message);
        else if (!background) {
          const notice = refreshErrorNotice(error);
          toast.error(notice.title, { description: notice.description });
        } else console.warn('Auto-sync failed', error);
      } finally {
        setSyncing(false);
        if (!background) await queryClient.invalidateQueries({ queryKey: traceDashboardKeys.trades(traceId) });
      }
    },
    [cooldown, queryClient, startRateLimit, traceId],
  );

  // Auto-sync: on load and every 5 minutes, when the brokerage is connected and the last sync is old enough.
  const syncRef = useRef(sync);
  syncRef.current = sync;
  useEffect(() => {
    if (!brokerageConnected) return;
    const check = () => {
      if (shouldAutoSync(readLastSync(traceId), new Date())) void syncRef.current({ background: true });
    };
    check();
    const timer = window.setInterval(check, AUTO_SYNC_CHECK_MS);
    return () => window.clearInterval(timer);
  }, [brokerageConnected, traceId]);

  const cleanup = useMutation({
    mutationFn: () => cleanupTrades(traceId),
    onSuccess: ({ results }) => {
      toast.success('Cleanup Complete', {
        description: `Removed ${results.deletedUnsharedTrades} unshared trade(s); marked ${results.updatedOrphanedSharedTrades} shared trade(s) no longer held.`,
      });
    },
    onError: (error) => {
      const limit = rateLimitOf(error);
      if (limit) startRateLimit(limit.retryAfter, limit.message);
      else
        toast.error('Cleanup Failed', { description: serverMessageOr(error, 'The cleanup could not be completed.') });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: traceDashboardKeys.trades(traceId) }),
  });

  const share = useMutation({
    mutationFn: ({ trade, tier }: { trade: OwnerTradeView; tier: TierName }) =>
      shareTrade(traceId, { snaptradeTradeId: trade.id, minTier: tier }),
    onSuccess: async (response, { trade }) => {
      toast.success('Trade Shared', { description: response.message });
      // The trade is shared from now on: mark it here at once, then read the trace's figures again.
      queryClient.setQueryData<OwnerTradesResponse>(traceDashboardKeys.trades(traceId), (current) =>
        current
          ? {
              ...current,
              trades: current.trades.map((item) =>
                item.id === trade.id ? { ...item, ...response.trade, isShared: true } : item,
              ),
              sharedCount: current.sharedCount + (trade.isShared ? 0 : 1),
            }
          : current,
      );
      await queryClient.invalidateQueries({ queryKey: traceDashboardKeys.trace(traceId), exact: true });
    },
    onError: (error) => toast.error(serverMessageOr(error, 'Failed to share trade')),
  });

  /** Asks the browser's confirmation (sharing is permanent), then shares. */
  const confirmAndShare = (trade: OwnerTradeView, tier: TierName) => {
    if (trade.isShared || share.isPending) return;
    if (!window.confirm(shareConfirmText(trade, tier))) return;
    share.mutate({ trade, tier });
  };

  return {
    trades,
    syncing,
    sync: () => void sync(),
    cleanup,
    confirmAndShare,
    sharingId: share.isPending ? share.variables?.trade.id : undefined,
    rateLimit,
    coolingDown: cooldown.coolingDown,
    /** Sync and cleanup wait while a 429's countdown runs (sync also for its cooldown and while it runs). */
    syncDisabled: blocked || cooldown.coolingDown || syncing,
    cleanupDisabled: blocked || cleanup.isPending,
  };
}

export type TradeManager = ReturnType<typeof useTradeManager>;
