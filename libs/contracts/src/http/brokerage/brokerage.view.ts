/**
 * Brokerage data as the web app receives it (docs/product.md#entities-and-fields). Money and quantities are JSON
 * numbers rounded at the edge.
 */
export interface MoneyView {
  amount: number;
  currency: string;
}

export interface BrokerageView {
  slug: string;
  name: string;
  display_name: string;
  description: string;
  aws_s3_logo_url: string | null;
}

/** A connection (brokerage authorization). `status` is CONNECTED when usable, DISABLED when the provider disabled it. */
export interface BrokerageConnectionView {
  id: string;
  name: string;
  type: 'read' | 'trade';
  disabled: boolean;
  status: 'CONNECTED' | 'DISABLED';
  created_date: string | null;
  disabled_date: string | null;
  detail: string | null;
  brokerage: BrokerageView;
  user: { id: string; email: string; username: string; snaptradeUserId: string };
}

export interface BrokerageAccountView {
  id: string;
  connection_id: string;
  name: string;
  number: string;
  institution_name: string;
  created_date: string | null;
  is_paper: boolean;
  status: string | null;
  /** buying_power is null when the provider's account list does not carry it (SnapTrade: read it from balances). */
  balance: { total: MoneyView | null; buying_power: MoneyView | null };
}

export interface BalancesView {
  accountId: string;
  currency: string;
  total_value: MoneyView;
  cash: MoneyView;
  buying_power: MoneyView;
  asOf: string;
}

export interface PositionView {
  /** The ticker (for an option, its underlying's; the contract is optionsTicker). */
  symbol: string;
  description: string | null;
  quantity: number;
  /** Last price per share (per contract unit for options: multiply by contractMultiplier). */
  price: number | null;
  /** quantity × price (× contractMultiplier for options). */
  value: number | null;
  averagePurchasePrice: number | null;
  currency: string;
  isOptions: boolean;
  optionsTicker: string | null;
  optionType: 'call' | 'put' | null;
  strikePrice: number | null;
  expirationDate: string | null;
  contractMultiplier: number;
}

export interface OrderView {
  id: string;
  /** The ticker (for an option, its underlying's; the contract is optionsTicker). */
  symbol: string;
  isOptions: boolean;
  optionsTicker: string | null;
  optionType: 'call' | 'put' | null;
  strikePrice: number | null;
  expirationDate: string | null;
  action: string;
  orderType: string;
  timeInForce: string | null;
  /** Provider status: EXECUTED, PENDING, REJECTED, CANCELED, … */
  status: string;
  quantity: number;
  filledQuantity: number | null;
  executionPrice: number | null;
  timePlaced: string | null;
  timeExecuted: string | null;
}

export interface PortfolioHistoryPoint {
  timestamp: string;
  totalValue: number;
}

export interface PortfolioHistoryView {
  currency: string;
  bucketMinutes: number;
  from: string;
  to: string;
  points: PortfolioHistoryPoint[];
}

/**
 * SUBMITTING: being sent to the brokerage now. UNKNOWN: sent, but its outcome is not known (a timeout, a lost
 * answer, a crash): it may have been placed, so it is never placed again; it stays UNKNOWN until the brokerage's
 * own record settles it or an admin resolves it. SUBMITTED: accepted by the brokerage, nothing filled yet
 * (pending). PARTIALLY_FILLED: some units filled; still open unless the order is final (then the rest was
 * canceled or expired, and the user holds the filled part). FILLED. CANCELED / EXPIRED: ended with nothing
 * filled. REJECTED: not placed, or refused by the brokerage after it accepted the order.
 */
export const ORDER_INTENT_STATES = [
  'SUBMITTING',
  'UNKNOWN',
  'SUBMITTED',
  'PARTIALLY_FILLED',
  'FILLED',
  'CANCELED',
  'EXPIRED',
  'REJECTED',
] as const;
export type OrderIntentState = (typeof ORDER_INTENT_STATES)[number];

/** What the client should make of a placement answer: 'placed' (the brokerage answered) or 'unknown' (awaiting confirmation). */
export type OrderOutcomeStatus = 'placed' | 'unknown';

/** An order whose outcome is unknown, as admins review it. */
export interface UnknownOrderView {
  /** The intent's id: what an admin resolves. */
  id: string;
  userId: string;
  requestId: string;
  accountId: string;
  provider: string;
  clientOrderId: string;
  action: 'BUY' | 'SELL';
  symbol: string;
  quantity: number;
  state: OrderIntentState;
  placedAt: string;
  reconcileAttempts: number;
  lastReconciledAt: string | null;
  /** Why reconciliation could not settle it yet (no match yet, several candidates, another provider…). */
  reconcileNote: string | null;
}

/** One admin decision on an unknown order (audited in the brokerage's order_resolutions table). */
export interface OrderResolutionView {
  intentId: string;
  outcome: 'placed' | 'not_placed';
  note: string;
  resolvedBy: string;
  resolvedAt: string;
  state: OrderIntentState;
}

/** The outcome of one order placement, as stored under its request id. */
export interface PlacedOrderView {
  requestId: string;
  /** Null only when the brokerage's reply never reached the gateway (the outcome is then UNKNOWN). */
  accountId: string | null;
  state: OrderIntentState;
  clientOrderId: string | null;
  brokerageOrderId: string | null;
  action: 'BUY' | 'SELL';
  /** The ticker (for an option, its underlying's; the contract is optionsTicker). */
  symbol: string;
  quantity: number;
  isOptions: boolean;
  optionsTicker: string | null;
  /** A limit order's limit per share (per contract unit for options); null for a market order. */
  limitPrice: number | null;
  /** A limit order's time in force (Day, IOC, FOK); null for a market order. */
  timeInForce: string | null;
  /** Units filled so far (null before the brokerage answered). */
  filledQuantity: number | null;
  /** Average price of the filled units. */
  executionPrice: number | null;
  providerStatus: string | null;
  /** The brokerage will not change this order any more (filled, canceled, expired, rejected). */
  final: boolean;
  placedAt: string;
  /**
   * When the order executed, by the brokerage's own record (the paper broker's fill, SnapTrade's time_executed); when
   * the brokerage gives no time, the first moment the brokerage service saw it filled. Null while nothing is filled.
   * Absent from services that predate it (read it as null).
   */
  filledAt?: string | null;
}

export interface QuoteView {
  symbol: string;
  price: number | null;
  bid: number | null;
  ask: number | null;
}

export interface MarketStatusView {
  open: boolean;
  /** Configured hours: real US hours (US/Eastern, weekends closed, holidays ignored) or always open. */
  hoursMode: 'real' | 'always-open';
  /** A development override from POST /api/dev/market/hours, or null. */
  override: boolean | null;
  /**
   * When it next opens (ISO): now when open; the next weekday 9:30 US/Eastern by real hours; a minute from now when
   * an override (or always-open hours) keeps it closed, there being no scheduled open to wait for.
   */
  nextOpenAt: string;
}
