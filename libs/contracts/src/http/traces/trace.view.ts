import type { FollowerResultsFigures, FollowerResultsWeek } from '../../rules/follower-results.rules';
import type { RiskLevel, SubscriptionStatus, TierName, TradeSide, TradeStatus } from './traces.rules';

/** Sidebar entries (docs/product.md#entities-and-fields). */
export interface OwnedTraceView {
  id: string;
  name: string;
  handle: string;
  avatar: string | null;
  subscriberCount: number;
}
export interface SubscriptionView {
  id: string;
  traceId: string;
  status: SubscriptionStatus;
  tier: { id: string; name: TierName; canCopyTrades: boolean };
  trace: { name: string; handle: string; avatar: string | null };
  createdAt: string;
}
export interface SubscriptionsResponse {
  success: true;
  subscriptions: SubscriptionView[];
}
export interface OwnedTracesResponse {
  success: true;
  ownedTraces: OwnedTraceView[];
}

export interface TierView {
  id: string;
  name: TierName;
  rank: number;
  /** US dollars per month. */
  price: number;
  canCopyTrades: boolean;
}

/**
 * A trace's owner (docs/product.md#entities-and-fields). The discovery list carries the id only; the trace page adds
 * the username, the admin's list the username and e-mail (never shown to other users: privacy). A username is
 * null when identity did not answer in time: the trace is still answered.
 */
export interface TraceOwnerView {
  id: string;
  username?: string | null;
}
export interface AdminTraceOwnerView extends TraceOwnerView {
  email?: string | null;
}

/** The public fields of a trace (discovery cards and the public view). Percentages are percent values. */
export interface TraceSummaryView {
  id: string;
  name: string;
  handle: string;
  avatar: string | null;
  banner: string | null;
  isVerified: boolean;
  isFeatured: boolean;
  isActive: boolean;
  winRate: number;
  monthlyReturn: number;
  totalReturn: number;
  maxDrawdown: number;
  subscriberCount: number;
  totalLikes: number;
  avgTradeSize: number;
  totalTrades: number;
  profitableTrades: number;
  riskLevel: RiskLevel;
  tradingStyle: string[];
  description: string;
  bio: string;
  ownerId: string;
  owner: TraceOwnerView;
  minInvestment: number;
  createdAt: string;
  /**
   * What followers actually got (docs/follower-results.md), all time: the median follower return on copied trades
   * and the median signed slippage; null while there are not enough copies (FOLLOWER_RESULTS_MIN_COPIES).
   */
  followerReturnMedian: number | null;
  slippageMedian: number | null;
}

export interface PostView {
  id: string;
  title: string;
  content: string;
  createdAt: string;
  isPinned: boolean;
  isPublic: boolean;
  likeCount: number;
  commentCount: number;
}

/** The caller's relation to the trace: full view when hasAccess (owner or active subscriber). */
export interface TraceViewerView {
  isOwner: boolean;
  isSubscribed: boolean;
  hasAccess: boolean;
  tier: TierName | null;
}

export interface TraceDetailView extends TraceSummaryView {
  subscriptionTiers: TierView[];
  /** Full view: every post (latest 50); public view: up to 2 public posts. */
  posts: PostView[];
  counts: { subscriptions: number; trades: number; posts: number };
  viewer: TraceViewerView;
  followerResults: FollowerResultsView;
}

/**
 * A trace's follower results on its page. The full view (owner, subscribers with access) has every time frame; the
 * public view a summary: the 'all' time frame only, without the tail percentiles (p90 return, p95 delay and slippage
 * are null). `computedAt` null: nothing computed yet (no copy ever decided).
 */
export interface FollowerResultsView {
  summaryOnly: boolean;
  computedAt: string | null;
  minCopies: number;
  windows: FollowerResultsFigures[];
}

/** The owner's Analytics tab (GET /api/trace-owner/:traceId/analytics). */
export interface OwnerAnalyticsResponse {
  success: true;
  computedAt: string | null;
  minCopies: number;
  /** Every time frame, full figures. */
  windows: FollowerResultsFigures[];
  /** Follower results per week (FOLLOWER_RESULTS_SERIES_WEEKS, oldest first). */
  weekly: FollowerResultsWeek[];
  /** Active subscribers at the end of each of the same weeks (oldest first). */
  subscribersWeekly: Array<{ weekStart: string; subscribers: number }>;
  /** The latest shared trades (at most OWNER_ANALYTICS_TRADES_MAX, newest first) and how many copies each had. */
  copiesPerTrade: Array<{ tradeId: string; symbol: string; sharedAt: string; copyCount: number }>;
}

/** A subscriber on the owner's Subscribers tab. */
export interface OwnerSubscriberView {
  userId: string;
  username: string | null;
  tier: TierName;
  status: SubscriptionStatus;
  since: string;
  /** Copies this subscriber placed of this trace's trades. */
  copies: number;
}

/** GET /api/trace-owner/:traceId/subscribers?cursor=&limit= — newest first, keyset-paged. */
export interface OwnerSubscribersResponse {
  success: true;
  subscribers: OwnerSubscriberView[];
  nextCursor: string | null;
}

/** Options prices (price, currentPrice) are in hundredths: ÷ 100 gives the per-contract price in dollars. */
export interface TradeView {
  id: string;
  symbol: string;
  side: TradeSide;
  quantity: number;
  price: number;
  currentPrice: number;
  status: TradeStatus;
  executedAt: string;
  closedAt: string | null;
  strategy: string;
  confidence: string;
  notes: string | null;
  tags: string[];
  requiredTier: TierName | null;
  isOptions: boolean;
  optionType: 'call' | 'put' | null;
  optionsTicker: string | null;
  strikePrice: number | null;
  expirationDate: string | null;
  contractMultiplier: number;
  unrealizedPnl: number;
  realizedPnl: number;
  copyCount: number;
}

export interface TracesListResponse {
  success: true;
  traces: TraceSummaryView[];
  pagination: { limit: number; offset: number; nextOffset: number | null };
}
export interface TraceResponse {
  success: true;
  trace: TraceDetailView;
}
export interface TiersResponse {
  success: true;
  tiers: TierView[];
  /** The beta grants paid tiers without payment. */
  betaFreeAccess: true;
}
export interface TradesResponse {
  success: true;
  trades: TradeView[];
}
export interface SubscribeResponse {
  success: true;
  message: string;
  subscription: SubscriptionView;
}
export interface UnsubscribeResponse {
  success: true;
  message: string;
}

export interface OnboardingTraderView {
  id: string | null;
  name: string;
  handle: string;
  avatar: string | null;
  isVerified: boolean;
  winRate: number;
  monthlyReturn: number;
  subscriberCount: number;
  description: string;
  bio: string;
  /** The last 3 closed trades; `price` in dollars (options: per contract, already ÷ 100), `unrealizedPnl` realized. */
  trades: Array<{ symbol: string; side: TradeSide; price: number; unrealizedPnl: number; executedAt: string }>;
}
export interface OnboardingTraderResponse {
  success: true;
  trader: OnboardingTraderView;
  /** True when no trace is designated and the documented fallback values are answered. */
  isFallback: boolean;
}
export interface AutoSubscribeResponse {
  success: true;
  message: string;
  subscription: SubscriptionView;
}

/** Admin list rows: every public field plus the counts. */
export interface AdminTraceView extends TraceSummaryView {
  owner: AdminTraceOwnerView;
  counts: { subscriptions: number; trades: number; posts: number };
  isOnboardingTrader: boolean;
}
export interface AdminTracesResponse {
  success: true;
  traces: AdminTraceView[];
}
export interface AdminTraceResponse {
  success: true;
  message: string;
  trace: AdminTraceView;
}
export interface AdminOnboardingTraderResponse {
  success: true;
  onboardingTrader: AdminTraceView | null;
}
export interface AdminSetOnboardingTraderResponse {
  success: true;
  message: string;
  onboardingTrader: AdminTraceView;
}
export interface AdminDeleteTraceResponse {
  success: true;
  message: string;
  /** Active subscriptions ended (each with a SubscriptionEnded event) before the trace was removed. */
  endedSubscriptions: number;
  deletedTrades: number;
}
