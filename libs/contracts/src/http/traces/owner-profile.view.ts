import type { BrokerageAccountView, BrokerageConnectionView } from '../brokerage/brokerage.view';
import type { PostView } from './trace.view';
import type { RiskLevel, TierName } from './traces.rules';

/** The owner's trace as the dashboard edits it (docs/product.md#entities-and-fields), privacy settings included. */
export interface OwnerTraceView {
  id: string;
  name: string;
  handle: string;
  description: string;
  bio: string;
  tradingStyle: string[];
  riskLevel: RiskLevel;
  minInvestment: number;
  allowComments: boolean;
  allowCopying: boolean;
  autoShareProfitableTrades: boolean;
  defaultSharingTier: TierName;
  publicProfile: boolean;
  /** `/api/traces/{id}/avatar?v=…` once uploaded (or the URL an admin gave), else null. */
  avatar: string | null;
  subscriberCount: number;
  monthlyReturn: number;
  winRate: number;
  totalLikes: number;
}

/** The signed-in owner (their own e-mail: only the owner ever gets this answer). */
export interface OwnerTraceOwnerView {
  username: string;
  email: string;
  snaptradeUserId: string | null;
  brokerageConnected: boolean;
}

export interface RecentSubscriberView {
  userId: string;
  /** Null when identity did not answer in time. */
  username: string | null;
  tier: TierName;
  subscribedAt: string;
}

/**
 * Figures from the trace's real subscriptions. Nothing is charged during the beta, so revenue is 0 (`revenueNote`
 * says so); `potentialMonthlyRevenue` is what the active subscriptions' tiers would bring per month at their prices.
 * subscriberGrowth: active subscriptions started in the last 30 days ÷ subscriptions active 30 days ago × 100
 * (100 when none were active then and some started since; 0 when none did). engagementRate: the trace's likes ÷ its
 * active subscribers × 100 (0 without subscribers). Percentages with 2 decimals.
 */
export interface OwnerAnalyticsView {
  totalRevenue: number;
  monthlyRevenue: number;
  potentialMonthlyRevenue: number;
  betaFreeAccess: true;
  revenueNote: string;
  subscriberGrowth: number;
  newSubscribersLast30Days: number;
  subscribersThirtyDaysAgo: number;
  engagementRate: number;
  /** Up to 5, newest first. */
  recentSubscribers: RecentSubscriberView[];
}

export interface OwnerTierView {
  id: string;
  name: TierName;
  price: number;
}

/** GET /api/trace-owner/{traceId} */
export interface OwnerTraceDataResponse {
  success: true;
  trace: OwnerTraceView;
  owner: OwnerTraceOwnerView;
  analytics: OwnerAnalyticsView;
  /** Every post of the trace (latest 50), pinned first. */
  posts: PostView[];
  subscriptionTiers: OwnerTierView[];
}

/** GET /api/trace-owner/{traceId}/integration (docs/product.md#entities-and-fields). */
export interface TraceOwnerIntegrationResponse {
  success: true;
  integration: {
    /** Whether the owner has any brokerage connection with the provider. */
    hasSnaptradeConnection: boolean;
    /** Null until the owner is registered with the provider. */
    snaptradeUserId: string | null;
    connections: BrokerageConnectionView[];
    accounts: BrokerageAccountView[];
  };
}

export interface OwnerProfileUpdateResponse {
  success: true;
  message: string;
  trace: OwnerTraceView;
}

export interface OwnerPostResponse {
  success: true;
  message: string;
  post: PostView;
}

export interface OwnerMessageResponse {
  success: true;
  message: string;
}

/** POST /api/trace-owner/{traceId}/avatar */
export interface OwnerAvatarResponse {
  success: true;
  message: string;
  url: string;
  /** The stored image: JPEG, at most 512 × 512, metadata removed. */
  width: number;
  height: number;
  bytes: number;
}
