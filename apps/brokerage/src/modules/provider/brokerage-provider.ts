import type {
  MarketOrderRequest,
  PortalOptions,
  ProviderAccount,
  ProviderBalance,
  ProviderConnection,
  ProviderName,
  ProviderOrder,
  ProviderPosition,
  ProviderQuote,
  ProviderUserCredentials,
} from './provider.types';
import type { OrderKey } from '../accounts/order-pages';

/** Injection token of the configured provider (SnapTrade with credentials, else the paper broker). */
export const BROKERAGE_PROVIDER = Symbol('BROKERAGE_PROVIDER');

/**
 * One brokerage provider. Every method either returns the provider's answer or throws a ProviderError;
 * no method retries an order on its own (the provider does not deduplicate orders).
 */
export interface BrokerageProvider {
  readonly name: ProviderName;

  /** Not idempotent at SnapTrade: call once per user, under a lock. */
  registerUser(userId: string): Promise<ProviderUserCredentials>;
  deleteUser(userId: string): Promise<void>;
  listUsers(): Promise<string[]>;

  /** A URL, valid a few minutes, where the user connects a brokerage. */
  connectionPortalUrl(user: ProviderUserCredentials, options: PortalOptions): Promise<string>;
  listConnections(user: ProviderUserCredentials): Promise<ProviderConnection[]>;
  removeConnection(user: ProviderUserCredentials, connectionId: string): Promise<void>;
  /** A paid real-time refresh at SnapTrade; asynchronous. */
  refreshConnection(user: ProviderUserCredentials, connectionId: string): Promise<string>;

  listAccounts(user: ProviderUserCredentials): Promise<ProviderAccount[]>;
  getBalance(user: ProviderUserCredentials, accountId: string): Promise<ProviderBalance>;
  listPositions(user: ProviderUserCredentials, accountId: string): Promise<ProviderPosition[]>;
  listOrders(user: ProviderUserCredentials, accountId: string, days?: number): Promise<ProviderOrder[]>;
  /**
   * Only a provider that can page its order history itself (the paper broker, from its own table): up to `limit`
   * orders of the last `days` days (30 by default) after the order `after` (from the newest without it), newest
   * first by time placed, then id, descending (accounts/order-pages.ts). Others leave it undefined and the brokerage
   * pages their listOrders instead.
   */
  listOrdersPage?(
    user: ProviderUserCredentials,
    accountId: string,
    page: { after: OrderKey | null; limit: number; days?: number },
  ): Promise<ProviderOrder[]>;
  /** Realtime list of the last day's orders, used to reconcile orders whose outcome is unknown. */
  listRecentOrders(user: ProviderUserCredentials, accountId: string): Promise<ProviderOrder[]>;
  getQuotes(user: ProviderUserCredentials, accountId: string, symbols: string[]): Promise<ProviderQuote[]>;
  /**
   * Only a provider with a market of its own (the paper broker): quotes of any symbols, options included, with no
   * user or account. Others leave it undefined and quote through a user's account (getQuotes).
   */
  quotes?(symbols: string[]): Promise<ProviderQuote[]>;
  /**
   * Only a provider whose accounts live in our own database (the paper broker): the current balances of these
   * accounts (cash and positions at its market's prices) by account id, with no user's credentials and a fixed number
   * of reads however many accounts; unknown ids are left out. Others leave it undefined and the brokerage answers
   * from the balances it last read (its balance snapshots).
   */
  balancesOf?(accountIds: string[]): Promise<Map<string, ProviderBalance>>;

  /**
   * The provider's current record of one order it accepted (how much filled, at what average price, whether
   * it is over), or null when this lookup does not know it (then the order lists are asked). Throws a
   * NOT_SUPPORTED ProviderError where the brokerage offers no order detail (403/501).
   */
  getOrder(user: ProviderUserCredentials, accountId: string, brokerageOrderId: string): Promise<ProviderOrder | null>;

  /**
   * Only a provider whose own record is complete and immediate (the paper broker, whose fills commit in our
   * database): the order with this client order id, or null when it certainly was not placed. Others leave it
   * undefined and reconciliation matches their order lists instead.
   */
  findOrderByClientOrderId?(
    user: ProviderUserCredentials,
    accountId: string,
    clientOrderId: string,
  ): Promise<ProviderOrder | null>;

  /**
   * Places a market order (or a limit order, when the order has a limit price) once. A ProviderError with outcome
   * 'unknown' means it may have been placed.
   */
  placeMarketOrder(user: ProviderUserCredentials, request: MarketOrderRequest): Promise<ProviderOrder>;
}
