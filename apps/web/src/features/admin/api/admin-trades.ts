import type {
  AdminDeleteTradeResponse,
  AdminTradeChangeResponse,
  AdminTradesResponse,
  TierName,
} from '@copytrade/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { AdminFallbacks } from '../components/admin-toasts';
import { adminKeys } from './query-keys';
import { useAdminAction } from './use-admin-action';

/** The shared-flag filter as the select holds it. */
export type SharedFilter = 'all' | 'true' | 'false';

export interface AdminTradesParams {
  symbol: string;
  traceId: string;
  isShared: SharedFilter;
  page: number;
}

/**
 * POST /api/admin/trades {userId, symbol, traceId, isShared, page, limit}: pages of 25 from 1
 * (docs/product.md#business-constants).
 */
export const getAdminTrades = (userId: string, { symbol, traceId, isShared, page }: AdminTradesParams) =>
  api.post<AdminTradesResponse>('/api/admin/trades', {
    userId,
    page,
    limit: 25,
    ...(symbol.trim() ? { symbol: symbol.trim() } : {}),
    ...(traceId.trim() ? { traceId: traceId.trim() } : {}),
    ...(isShared === 'all' ? {} : { isShared: isShared === 'true' }),
  });

export function useAdminTrades(userId: string, params: AdminTradesParams) {
  return useQuery({
    queryKey: adminKeys.trades(params),
    queryFn: () => getAdminTrades(userId, params),
    placeholderData: keepPreviousData,
  });
}

interface TradeInput {
  userId: string;
  tradeId: string;
}

const tradeAction = <TInput extends TradeInput, TResponse extends { message?: string }>(
  path: string,
  fallback: string,
) =>
  function useTradeAction() {
    return useAdminAction<TInput, TResponse>({
      mutationFn: (input) => api.post<TResponse>(path, input),
      fallback,
      invalidates: () => [adminKeys.trades(), adminKeys.auditLog()],
    });
  };

/** POST /api/admin/share-trade {userId, tradeId, requiredTier}. */
export const useShareTrade = tradeAction<TradeInput & { requiredTier: TierName }, AdminTradeChangeResponse>(
  '/api/admin/share-trade',
  AdminFallbacks.shareTrade,
);
/** POST /api/admin/unshare-trade {userId, tradeId}: existing copies stay untouched. */
export const useUnshareTrade = tradeAction<TradeInput, AdminTradeChangeResponse>(
  '/api/admin/unshare-trade',
  AdminFallbacks.unshareTrade,
);
/** POST /api/admin/delete-trade {userId, tradeId}: the copies are kept (the server's message says so). */
export const useDeleteTrade = tradeAction<TradeInput, AdminDeleteTradeResponse>(
  '/api/admin/delete-trade',
  AdminFallbacks.deleteTrade,
);
