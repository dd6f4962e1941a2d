import type { AdminPagination } from './admin-pagination';
import type { TierName, TradeSide, TradeStatus } from '../traces/traces.rules';

/** One copy of a trade as the admin's trade list shows it (docs/product.md#admin-panel). */
export interface AdminTradeCopyView {
  id: string;
  copierUserId: string;
  /** Null when identity did not answer in time. */
  copierUsername: string | null;
  /** Dollars invested. */
  copyAmount: number;
  copiedAt: string;
  /** open or closed; pending while the order's fill is not known. */
  status: 'pending' | 'open' | 'closed';
}

/**
 * A trade of any trace, with its copies (docs/product.md#admin-panel). Prices per share (options: per contract ÷ 100).
 */
export interface AdminTradeView {
  id: string;
  symbol: string;
  side: TradeSide;
  isOptions: boolean;
  optionType: 'call' | 'put' | null;
  optionsTicker: string | null;
  strikePrice: number | null;
  expirationDate: string | null;
  contractMultiplier: number;
  quantity: number;
  price: number;
  currentPrice: number;
  isShared: boolean;
  requiredTier: TierName | null;
  status: TradeStatus;
  strategy: string;
  confidence: string;
  notes: string | null;
  tags: string[];
  unrealizedPnl: number;
  realizedPnl: number;
  executedAt: string;
  trader: { id: string; username: string | null };
  trace: { id: string; name: string; handle: string };
  /** Copies that count: pending, open and closed (refused ones never existed for the follower). */
  copyCount: number;
  /** The first ADMIN_TRADE_COPIES_SHOWN copies, oldest first; the rest is '...and {moreCopies} more'. */
  copyInstances: AdminTradeCopyView[];
  moreCopies: number;
}

export interface AdminTradesResponse {
  success: true;
  trades: AdminTradeView[];
  pagination: AdminPagination;
}
export interface AdminTradeChangeResponse {
  success: true;
  message: string;
  trade: AdminTradeView;
}
export interface AdminDeleteTradeResponse {
  success: true;
  message: string;
  /** The trade's copies, left with their copiers (see AdminTradesMessages.tradeDeleted). */
  copiesKept: number;
}

export const AdminTradesMessages = {
  tradeNotFound: 'Trade not found',
  notShared: 'This trade is not shared.',
  tradeShared: (tier: TierName) => `Trade shared with ${tier} subscribers and above`,
  tradeUnshared: 'Trade unshared. Existing copies are untouched.',
  /**
   * What happens to the copies of a deleted trade: they are the followers' own positions at their brokerages, so
   * nothing is sold or deleted — they stay in their copiers' My Copy Trades, where they are closed as before.
   */
  tradeDeleted: (copies: number) =>
    copies === 0
      ? 'Trade deleted. It had no copies.'
      : `Trade deleted. Its ${copies} ${copies === 1 ? 'copy was' : 'copies were'} kept: nothing was sold, and ${copies === 1 ? 'it stays' : 'they stay'} in the copiers' My Copy Trades.`,
} as const;
