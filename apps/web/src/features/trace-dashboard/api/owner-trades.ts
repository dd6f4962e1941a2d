import type {
  CleanupTradesResponse,
  OwnerTradesResponse,
  RefreshBrokerageResponse,
  ShareTradeResponse,
  TierName,
} from '@copytrade/contracts';
import { api } from '@/lib/api-client';

const ownerUrl = (traceId: string, rest: string) => `/api/trace-owner/${encodeURIComponent(traceId)}/${rest}`;

/** GET /api/trace-owner/{traceId}/snaptrade-trades: the open trades with totalCount and sharedCount. */
export const getOwnerTrades = (traceId: string) => api.get<OwnerTradesResponse>(ownerUrl(traceId, 'snaptrade-trades'));

/** POST /api/trace-owner/{traceId}/refresh-brokerage: the provider's real-time refresh, then a sync. */
export const refreshBrokerage = (traceId: string) =>
  api.post<RefreshBrokerageResponse>(ownerUrl(traceId, 'refresh-brokerage'));

/** DELETE /api/trace-owner/{traceId}/cleanup-trades */
export const cleanupTrades = (traceId: string) =>
  api.delete<CleanupTradesResponse>(ownerUrl(traceId, 'cleanup-trades'));

/** The share-trade payload (docs/product.md#entities-and-fields). */
export interface ShareTradeInput {
  snaptradeTradeId: string;
  minTier: TierName;
  strategy?: string;
  confidence?: string;
  notes?: string;
}

/** POST /api/trace-owner/{traceId}/share-trade: private → shared, one way. */
export const shareTrade = (traceId: string, input: ShareTradeInput) =>
  api.post<ShareTradeResponse>(ownerUrl(traceId, 'share-trade'), input);
