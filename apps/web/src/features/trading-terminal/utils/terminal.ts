import type { LivePositionView, SubscriptionView, TradeView } from '@copytrade/contracts';

/** The feed's filter (docs/product.md#trading-terminal). */
export type PositionFilter = 'all' | 'recent' | 'profitable';
export const POSITION_FILTERS: ReadonlyArray<{ value: PositionFilter; label: string }> = [
  { value: 'all', label: 'All' },
  { value: 'recent', label: 'Recent' },
  { value: 'profitable', label: 'Profitable' },
];
/** 'Recent': opened within the last day. */
export const RECENT_WINDOW_MS = 24 * 60 * 60 * 1000;
/** The trader strip shows the first 3 traders plus '+N more'. */
export const TRADER_STRIP_SIZE = 3;

const timeOf = (iso: string): number => {
  const time = new Date(iso).getTime();
  return Number.isNaN(time) ? 0 : time;
};

/** The traces the user follows: active subscriptions, one per trace. */
export function followedTraces(subscriptions: readonly SubscriptionView[]): SubscriptionView[] {
  const seen = new Set<string>();
  return subscriptions.filter((subscription) => {
    if (subscription.status !== 'active' || seen.has(subscription.traceId)) return false;
    seen.add(subscription.traceId);
    return true;
  });
}

/**
 * The feed (docs/product.md#trading-terminal) is made only of positions of traces the user actively subscribes to (a
 * client-side filter: the server also answers the traces the user owns), newest first.
 */
export function subscribedPositions(
  positions: readonly LivePositionView[],
  followed: readonly SubscriptionView[],
): LivePositionView[] {
  const traceIds = new Set(followed.map((subscription) => subscription.traceId));
  return positions
    .filter((position) => traceIds.has(position.traceId))
    .sort((a, b) => timeOf(b.executedAt) - timeOf(a.executedAt));
}

/** Search (symbol or trader: the trace's name or handle, or the trader's username), then the filter. */
export function visiblePositions(
  positions: readonly LivePositionView[],
  { search, filter, now = Date.now() }: { search: string; filter: PositionFilter; now?: number },
): LivePositionView[] {
  const needle = search.trim().toLowerCase().replace(/^@/, '');
  return positions.filter((position) => {
    if (filter === 'profitable' && !position.isProfit) return false;
    if (filter === 'recent' && now - timeOf(position.executedAt) > RECENT_WINDOW_MS) return false;
    if (!needle) return true;
    return [position.symbol, position.tracerName, position.tracerHandle.replace(/^@/, ''), position.trader.username]
      .filter((value): value is string => Boolean(value))
      .some((value) => value.toLowerCase().includes(needle));
  });
}

/** The trader strip (docs/product.md#business-constants): the first 3 followed traces, and how many more there are. */
export function traderStrip<T>(traders: readonly T[]): { shown: T[]; more: number } {
  return { shown: traders.slice(0, TRADER_STRIP_SIZE), more: Math.max(0, traders.length - TRADER_STRIP_SIZE) };
}

export interface PositionsSummary {
  positions: number;
  profitable: number;
  /** 0 to 100: profitable positions over all of them (0 when there are none). */
  winRate: number;
  /** Signed dollars: the sum of the positions' P&L. */
  totalReturn: number;
}

export function summarize(positions: readonly LivePositionView[]): PositionsSummary {
  const profitable = positions.filter((position) => position.isProfit).length;
  const totalReturn = positions.reduce((sum, position) => sum + (Number.isFinite(position.pnl) ? position.pnl : 0), 0);
  return {
    positions: positions.length,
    profitable,
    winRate: positions.length ? (profitable / positions.length) * 100 : 0,
    totalReturn: Math.round(totalReturn * 100) / 100,
  };
}

/** Each followed trace with the summary of its own positions (the per-trader cards). */
export function summarizeByTrace(
  positions: readonly LivePositionView[],
  followed: readonly SubscriptionView[],
): Array<{ subscription: SubscriptionView; summary: PositionsSummary }> {
  return followed.map((subscription) => ({
    subscription,
    summary: summarize(positions.filter((position) => position.traceId === subscription.traceId)),
  }));
}

/** The user's copy of the position that still holds units (what Sell @ Market sells), if any. */
export const openCopyOf = (position: LivePositionView) =>
  position.copyInstances.find((copy) => copy.status === 'open' && copy.heldQuantity > 0) ?? null;

/** The copy dialog takes a trace page trade: a live position is an open shared trade. */
export const tradeOfPosition = (position: LivePositionView): TradeView => ({
  id: position.id,
  symbol: position.symbol,
  side: position.side,
  quantity: position.quantity,
  price: position.price,
  currentPrice: position.currentPrice,
  status: 'open',
  executedAt: position.executedAt,
  closedAt: null,
  strategy: position.strategy,
  confidence: position.confidence,
  notes: position.notes,
  tags: position.tags,
  requiredTier: position.tier,
  isOptions: position.isOptions,
  optionType: position.optionType,
  optionsTicker: position.optionsTicker,
  strikePrice: position.strikePrice,
  expirationDate: position.expirationDate,
  contractMultiplier: position.contractMultiplier,
  unrealizedPnl: position.pnl,
  realizedPnl: 0,
  copyCount: position.copyCount,
});
