/** Traces, tiers and trades: the fixed values (docs/product.md#business-constants). */
export const TIER_NAMES = ['free', 'basic', 'premium', 'vip'] as const;
export type TierName = (typeof TIER_NAMES)[number];
/** free < basic < premium < vip: a subscriber sees a shared trade when their tier ranks at or above its tier. */
export const tierRank = (name: TierName): number => TIER_NAMES.indexOf(name);
export const tiersAtOrBelow = (name: TierName): TierName[] => TIER_NAMES.slice(0, tierRank(name) + 1);

/**
 * The tiers every new trace starts with (US dollars per month). During the beta paid tiers are granted
 * without payment (`betaFreeAccess` in the tiers answer).
 */
export const DEFAULT_TIERS: ReadonlyArray<{ name: TierName; price: string; canCopyTrades: boolean }> = [
  { name: 'free', price: '0.00', canCopyTrades: false },
  { name: 'basic', price: '19.99', canCopyTrades: true },
  { name: 'premium', price: '49.99', canCopyTrades: true },
  { name: 'vip', price: '99.99', canCopyTrades: true },
];

export const RISK_LEVELS = ['low', 'medium', 'high'] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];
export const TRADING_STYLES = [
  'day_trading',
  'swing_trading',
  'options',
  'futures',
  'crypto',
  'forex',
  'stocks',
  'etfs',
  'scalping',
  'position_trading',
] as const;
export type TradingStyle = (typeof TRADING_STYLES)[number];

export const TRACE_CATEGORIES = ['All', 'Top Rated', 'Most Profitable', 'Crypto', 'Stocks'] as const;
export type TraceCategory = (typeof TRACE_CATEGORIES)[number];
/** `followers`: by the median follower return (all time), traces without enough copies last. */
export const TRACE_SORTS = ['return', 'subscribers', 'winrate', 'followers'] as const;
/** The owner's Analytics tab lists the copies of this many latest shared trades. */
export const OWNER_ANALYTICS_TRADES_MAX = 20;
/** Page size bounds of the owner's Subscribers tab. */
export const OWNER_SUBSCRIBERS_PAGE_DEFAULT = 20;
export const OWNER_SUBSCRIBERS_PAGE_MAX = 100;
export type TraceSort = (typeof TRACE_SORTS)[number];
/** Most Profitable: monthly return of at least 20 %. */
export const MOST_PROFITABLE_MIN_MONTHLY_RETURN = 20;
/** Top Rated: verified traces with a win rate of at least this (percent). */
export const TOP_RATED_MIN_WIN_RATE = 60;
export const TRACES_PAGE_MAX = 100;
export const TRACES_PAGE_DEFAULT = 50;
export const TRACES_OFFSET_MAX = 10_000;
/** Trace trades: 50 for the owner, 20 closed or fallback; never more than this. */
export const TRADES_PAGE_MAX = 100;
export const TRADES_PAGE_DEFAULT = 20;
/** Public view: up to 2 public posts as a free preview. */
export const PUBLIC_POST_PREVIEW = 2;
export const FULL_VIEW_POSTS = 50;
export const ONBOARDING_RECENT_TRADES = 3;

export type TradeSide = 'buy' | 'sell';
export type TradeStatus = 'open' | 'closed';
export type SubscriptionStatus = 'active' | 'ended';

/** Shown when no designated trader can be loaded (see docs/product.md#entities-and-fields). */
export const FALLBACK_ONBOARDING_TRADER = {
  id: null,
  name: 'Default Trader',
  handle: '@default_trader',
  avatar: null,
  isVerified: true,
  winRate: 75,
  monthlyReturn: 18.5,
  subscriberCount: 100,
  description: '',
  bio: '',
  trades: [],
} as const;

export const TracesMessages = {
  traceNotFound: 'Trace not found',
  /** An owner call by anyone but the trace's owner (the dashboard shows 'Trace Not Found'). */
  notTraceOwner: "You don't have access to this trace or it doesn't exist.",
  tierNotOfTrace: 'This tier does not belong to this trace.',
  alreadySubscribed: 'User already has a subscription to this trace',
  notSubscribed: 'You do not have an active subscription to this trace.',
  ownerCannotSubscribe: 'You own this trace: owners have full access without subscribing.',
  ownerCannotUnsubscribe: 'Owners cannot unsubscribe from their own trace.',
  subscriptionRequired: 'Subscribe to this trace to see its trades.',
  ownSubscriptionsOnly: 'You can only view your own subscriptions.',
  subscribeOwnOnly: 'You can only subscribe or unsubscribe yourself.',
  subscribed: 'Subscribed successfully',
  unsubscribed: 'Unsubscribed successfully',
  noOnboardingTrader: 'No onboarding trader is designated.',
  autoSubscribed: 'Subscribed to the onboarding trader',
  requiredFields: 'Please fill in all required fields',
  handleTaken: 'This handle is already taken.',
  ownerNotFound: 'Owner not found: no user has this id.',
  traceCreated: 'Trace created successfully',
  ownerUpdated: 'Trace owner updated successfully',
  onboardingTraderSet: 'Onboarding trader set successfully',
  traceDeleted: 'Trace deleted successfully',
  cannotDeleteOnboardingTrader:
    'This trace is the onboarding trader: set another onboarding trader before deleting it.',
} as const;
