import type {
  AdminTraceView,
  PostView,
  SubscriptionView,
  TierView,
  TraceSummaryView,
  TradeView,
} from '@copytrade/contracts';
import type { PostEntity, SubscriptionEntity, TierEntity, TraceEntity, TradeEntity } from './entities';

const num = (value: string | number | null | undefined): number => (value == null ? 0 : Number(value));

/** The follower results a trace's card shows (all time); null while nothing was computed for it. */
export type TraceCardFigures = Pick<TraceSummaryView, 'followerReturnMedian' | 'slippageMedian'>;
export const NO_CARD_FIGURES: TraceCardFigures = { followerReturnMedian: null, slippageMedian: null };

export function toTraceSummaryView(trace: TraceEntity, figures: TraceCardFigures | undefined): TraceSummaryView {
  return {
    id: trace.id,
    name: trace.name,
    handle: trace.handle,
    avatar: trace.avatarUrl,
    banner: trace.bannerUrl,
    isVerified: trace.isVerified,
    isFeatured: trace.isFeatured,
    isActive: trace.isActive,
    winRate: num(trace.winRate),
    monthlyReturn: num(trace.monthlyReturn),
    totalReturn: num(trace.totalReturn),
    maxDrawdown: num(trace.maxDrawdown),
    subscriberCount: trace.subscriberCount,
    totalLikes: trace.totalLikes,
    avgTradeSize: num(trace.avgTradeSize),
    totalTrades: trace.totalTrades,
    profitableTrades: trace.profitableTrades,
    riskLevel: trace.riskLevel,
    tradingStyle: trace.tradingStyle,
    description: trace.description,
    bio: trace.bio,
    ownerId: trace.ownerUserId,
    owner: { id: trace.ownerUserId },
    minInvestment: num(trace.minInvestment),
    createdAt: trace.createdAt.toISOString(),
    ...(figures ?? NO_CARD_FIGURES),
  };
}

export function toAdminTraceView(
  trace: TraceEntity,
  counts: AdminTraceView['counts'],
  isOnboardingTrader: boolean,
  figures: TraceCardFigures | undefined,
): AdminTraceView {
  return { ...toTraceSummaryView(trace, figures), counts, isOnboardingTrader };
}

export const toTierView = (tier: TierEntity): TierView => ({
  id: tier.id,
  name: tier.name,
  rank: tier.rank,
  price: num(tier.price),
  canCopyTrades: tier.canCopyTrades,
});

export const toPostView = (post: PostEntity): PostView => ({
  id: post.id,
  title: post.title,
  content: post.content,
  createdAt: post.createdAt.toISOString(),
  isPinned: post.isPinned,
  isPublic: post.isPublic,
  likeCount: post.likeCount,
  commentCount: post.commentCount,
});

/** A trade's option contract as the views show it (nulls for a stock). */
export function optionFieldsView(
  trade: TradeEntity,
): Pick<TradeView, 'isOptions' | 'optionType' | 'optionsTicker' | 'strikePrice' | 'expirationDate'> {
  return {
    isOptions: trade.isOptions,
    optionType: trade.optionType,
    optionsTicker: trade.optionsTicker,
    strikePrice: trade.strikePrice == null ? null : num(trade.strikePrice),
    expirationDate: trade.expirationDate,
  };
}

/** P&L in dollars: (current − entry) × quantity for a buy, the reverse for a sell; options prices ÷ 100. */
export function tradePnl(trade: TradeEntity): number {
  const move =
    trade.side === 'buy' ? num(trade.currentPrice) - num(trade.price) : num(trade.price) - num(trade.currentPrice);
  const dollars = move * num(trade.quantity) * (trade.isOptions ? 0.01 : 1);
  return Math.round(dollars * 100) / 100;
}

export function toTradeView(trade: TradeEntity): TradeView {
  const pnl = tradePnl(trade);
  return {
    id: trade.id,
    symbol: trade.symbol,
    side: trade.side,
    quantity: num(trade.quantity),
    price: num(trade.price),
    currentPrice: num(trade.currentPrice),
    status: trade.status,
    executedAt: trade.executedAt.toISOString(),
    closedAt: trade.closedAt?.toISOString() ?? null,
    strategy: trade.strategy,
    confidence: trade.confidence,
    notes: trade.notes,
    tags: trade.tags,
    requiredTier: trade.requiredTier,
    ...optionFieldsView(trade),
    contractMultiplier: trade.contractMultiplier,
    unrealizedPnl: trade.status === 'open' ? pnl : 0,
    // Brokerage trades keep what they realized (partial sells included, while still open); others work it out.
    realizedPnl: trade.realizedPnl != null ? num(trade.realizedPnl) : trade.status === 'closed' ? pnl : 0,
    copyCount: trade.copyCount,
  };
}

export function toSubscriptionView(
  subscription: SubscriptionEntity,
  trace: TraceEntity,
  tier: TierEntity,
): SubscriptionView {
  return {
    id: subscription.id,
    traceId: subscription.traceId,
    status: subscription.status,
    tier: { id: tier.id, name: tier.name, canCopyTrades: tier.canCopyTrades },
    trace: { name: trace.name, handle: trace.handle, avatar: trace.avatarUrl },
    createdAt: subscription.createdAt.toISOString(),
  };
}
