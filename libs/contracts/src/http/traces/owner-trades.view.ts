import type { OwnerTradeStatus } from './owner-trades.rules';
import type { TierName, TradeSide } from './traces.rules';

/**
 * A trade in the owner's Trade Manager (docs/product.md#entities-and-fields). Options prices are per contract in
 * dollars (the stored hundredths ÷ 100), as the trace page shows them.
 */
export interface OwnerTradeView {
  id: string;
  symbol: string;
  side: TradeSide;
  status: OwnerTradeStatus;
  quantity: number;
  /** Entry price. */
  price: number;
  currentPrice: number;
  executedAt: string;
  description: string;
  isShared: boolean;
  /** Copies of this trade that opened (kept by traces from the copy engine's CopyOpened). */
  copyCount: number;
  requiredTier: TierName | null;
  isOptions: boolean;
  optionType: 'call' | 'put' | null;
  optionsTicker: string | null;
  strikePrice: number | null;
  expirationDate: string | null;
  contractMultiplier: number;
}

export interface OwnerTradesResponse {
  success: true;
  trades: OwnerTradeView[];
  totalCount: number;
  sharedCount: number;
}

export interface CleanupTradesResponse {
  success: true;
  results: { deletedUnsharedTrades: number; updatedOrphanedSharedTrades: number };
}

export interface ShareTradeResponse {
  success: true;
  message: string;
  trade: OwnerTradeView;
}
