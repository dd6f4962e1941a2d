import type {
  BalancesView,
  BrokerageAccountView,
  BrokerageConnectionView,
  MarketStatusView,
  OrderResolutionView,
  OrderView,
  PlacedOrderView,
  PortfolioHistoryView,
  PositionView,
  QuoteView,
  UnknownOrderView,
} from '../../http/brokerage/brokerage.view';
import type { PaperPortalSessionView } from '../../http/brokerage/brokerage.responses';
import type { MarketOrderInput } from '../../rules/market-order.rules';
import type { RpcCallTypes } from '../rpc-envelope';
import type { CacheableRpcReply } from '../read-cache/read-cache.rpc';

/** Requests the brokerage service answers. Every user-scoped one refuses a userId that is not the actor's. */
export const BrokerageRpc = {
  registerUser: 'rpc.brokerage.provider-users.register',
  getCredentials: 'rpc.brokerage.provider-users.credentials',
  connectionPortal: 'rpc.brokerage.connection-portal.create',
  listConnections: 'rpc.brokerage.connections.list',
  removeConnection: 'rpc.brokerage.connections.remove',
  refreshConnection: 'rpc.brokerage.connections.refresh',
  listAccounts: 'rpc.brokerage.accounts.list',
  getBalances: 'rpc.brokerage.balances.get',
  listPositions: 'rpc.brokerage.positions.list',
  listOrders: 'rpc.brokerage.orders.list',
  placeOrder: 'rpc.brokerage.orders.place',
  /** A system call (the copy engine's automatic copies; no user actor): many users' orders at once. */
  placeOrderBatch: 'rpc.brokerage.orders.place-batch',
  getPlacedOrder: 'rpc.brokerage.orders.get',
  listUnknownOrders: 'rpc.brokerage.orders.list-unknown',
  resolveUnknownOrder: 'rpc.brokerage.orders.resolve-unknown',
  getQuotes: 'rpc.brokerage.quotes.get',
  /** A system call (no user actor): the market's quotes, for checking a copy's price before it is placed. */
  marketQuotes: 'rpc.brokerage.quotes.market',
  /** A system call (no user actor): the value of many users' primary accounts, for sizing copies by a percentage. */
  accountValues: 'rpc.brokerage.account-values.list',
  portfolioHistory: 'rpc.brokerage.portfolio-history.get',
  paperPortalGet: 'rpc.brokerage.paper-portal.get',
  paperPortalConnect: 'rpc.brokerage.paper-portal.connect',
  paperMarket: 'rpc.brokerage.paper-market.get',
  devSetPrice: 'rpc.brokerage.dev-market.set-price',
  devSetMarketHours: 'rpc.brokerage.dev-market.set-hours',
  devPlaceOrder: 'rpc.brokerage.dev-orders.place',
} as const;

/** Order placement waits for the provider (up to its own timeout), so callers wait longer than for reads. */
export const BROKERAGE_ORDER_RPC_TIMEOUT_MS = 30_000;
/** Reads may wait for the provider's rate-limit scheduler and a provider round trip. */
export const BROKERAGE_READ_RPC_TIMEOUT_MS = 12_000;

export interface UserScopedRpcRequest {
  userId: string;
}
export interface AccountScopedRpcRequest {
  userId: string;
  accountId: string;
}

export interface RegisterProviderUserRpcReply {
  providerUserId: string;
  alreadyRegistered: boolean;
}
export interface ProviderCredentialsRpcReply {
  providerUserId: string;
  userSecret: string;
}

export interface ConnectionPortalRpcRequest {
  userId: string;
  broker?: string;
  customRedirect?: string;
  connectionType?: 'read' | 'trade';
}
export interface ConnectionPortalRpcReply {
  connectionUrl: string;
}

/** Connections without the `user` block, which the gateway fills from the session's user. */
export type ConnectionRecord = Omit<BrokerageConnectionView, 'user'>;
export interface ListConnectionsRpcReply {
  providerUserId: string;
  connections: ConnectionRecord[];
  accountIds: string[];
}
export interface ConnectionRpcRequest {
  userId: string;
  connectionId: string;
}
export interface RefreshConnectionRpcReply {
  detail: string;
  /** Whether the provider charges for the refresh (SnapTrade does; the paper broker does not). */
  charged: boolean;
}

export interface ListAccountsRpcReply extends CacheableRpcReply {
  accounts: BrokerageAccountView[];
}
export interface GetBalancesRpcReply {
  balances: BalancesView;
}
export interface ListPositionsRpcReply {
  positions: PositionView[];
}
/** At most this many orders in one listOrders reply (about 200 kB of JSON, far under NATS's 1 MB max_payload). */
export const ORDERS_PAGE_MAX = 500;
/**
 * listOrders: one page of the account's orders of the last 30 days, newest first (time placed, then id). Without a
 * cursor, the first page; each reply's `nextCursor` asks for the next one.
 */
export interface ListOrdersRpcRequest extends AccountScopedRpcRequest {
  /** The previous page's nextCursor (opaque). */
  cursor?: string;
  /** 1 to ORDERS_PAGE_MAX orders (the maximum when omitted). */
  limit?: number;
}
export interface ListOrdersRpcReply {
  orders: OrderView[];
  /** Where the next page starts; null on the last page. */
  nextCursor?: string | null;
}
export type PortfolioHistoryRpcReply = PortfolioHistoryView;

/**
 * The user-scoped BrokerageRpc subjects the gateway forwards (registration, the connection portal, credentials and the
 * account reads): each one's request and reply.
 */
export interface BrokerageUserRpcCalls {
  [BrokerageRpc.registerUser]: RpcCallTypes<UserScopedRpcRequest, RegisterProviderUserRpcReply>;
  [BrokerageRpc.getCredentials]: RpcCallTypes<UserScopedRpcRequest, ProviderCredentialsRpcReply>;
  [BrokerageRpc.connectionPortal]: RpcCallTypes<ConnectionPortalRpcRequest, ConnectionPortalRpcReply>;
  [BrokerageRpc.listConnections]: RpcCallTypes<UserScopedRpcRequest, ListConnectionsRpcReply>;
  [BrokerageRpc.listAccounts]: RpcCallTypes<UserScopedRpcRequest, ListAccountsRpcReply>;
  [BrokerageRpc.getBalances]: RpcCallTypes<AccountScopedRpcRequest, GetBalancesRpcReply>;
  [BrokerageRpc.listPositions]: RpcCallTypes<AccountScopedRpcRequest, ListPositionsRpcReply>;
  [BrokerageRpc.listOrders]: RpcCallTypes<ListOrdersRpcRequest, ListOrdersRpcReply>;
  [BrokerageRpc.portfolioHistory]: RpcCallTypes<UserScopedRpcRequest, PortfolioHistoryRpcReply>;
}

export interface QuotesRpcRequest {
  userId: string;
  accountId?: string;
  symbols: string[];
}
export interface QuotesRpcReply {
  quotes: QuoteView[];
}

/** At most this many users in one marketQuotes request. */
export const MARKET_QUOTES_MAX_USERS = 1_000;

/**
 * marketQuotes: quotes of 1 to 10 symbols (tickers or OCC symbols), with no user actor. The paper broker quotes its
 * own market; SnapTrade quotes only through a user's account: the primary account of the first of `userIds` that has
 * one (a symbol it cannot quote, such as an option, is left out). No quote at all: 503 QUOTE_UNAVAILABLE.
 */
export interface MarketQuotesRpcRequest {
  symbols: string[];
  /** Users whose accounts may be used for the quote, in order of preference (at most MARKET_QUOTES_MAX_USERS). */
  userIds?: string[];
}
export interface MarketQuotesRpcReply {
  quotes: QuoteView[];
  quotedAt: string;
}

/** At most this many users in one accountValues request (a fan-out's page of followers). */
export const ACCOUNT_VALUES_MAX_USERS = 1_000;

/**
 * accountValues: the value of each given user's primary account (the one orders go to when none is named), from what
 * the brokerage already holds — never a provider call per user. Users with no account or no known value are left out.
 */
export interface AccountValuesRpcRequest {
  userIds: string[];
}
export interface AccountValueView {
  userId: string;
  accountId: string;
  /** Decimal text (cash and positions), in `currency`. */
  totalValue: string;
  currency: string;
  /** When the value was taken: now for the paper broker, the last balance read for others. */
  asOf: string;
}
export interface AccountValuesRpcReply {
  values: AccountValueView[];
}

export interface PlaceOrderRpcRequest {
  userId: string;
  /** The primary account when omitted. */
  accountId?: string;
  /** The client's idempotency key (X-Request-ID, or event id + follower for auto-copy). */
  requestId: string;
  order: MarketOrderInput;
  /** Refuse unless this provider is the configured one (the paper trading page never places real orders). */
  requireProvider?: 'paper';
}
export interface PlaceOrderRpcReply {
  order: PlacedOrderView;
  replayed: boolean;
}

/** At most this many orders in one placeOrderBatch request (its reply stays far under NATS's 1 MB max_payload). */
export const PLACE_ORDER_BATCH_MAX = 500;

/** What every order of a batch group buys or sells: a market order without its quantity. */
export type MarketOrderTemplate = Omit<MarketOrderInput, 'quantity'>;

/** One order of a batch group: a user's quantity of the group's order; accountId null → the user's primary account. */
export interface PlaceOrderBatchItem {
  userId: string;
  accountId: string | null;
  /** The idempotency key of this user's order (event id + follower for automatic copies). */
  requestId: string;
  quantity: number;
}

/**
 * Orders of one instrument and side (one shared trade's automatic copies): the order written (and checked) once, a
 * quantity per user — rather than the same order repeated 500 times.
 */
export interface PlaceOrderBatchGroup {
  order: MarketOrderTemplate;
  orders: PlaceOrderBatchItem[];
}

/**
 * placeOrderBatch: each order with the single path's checks and errors, done in bulk, and the single path's
 * idempotency (a repeated (userId, requestId) gets the first order, replayed; never a second order). Paper
 * orders are filled before the reply; SnapTrade orders are queued durably and answered SUBMITTING, then placed
 * by the brokerage's rate-limited scheduler, their outcome published as OrderUpdated / OrderFilled.
 * At most PLACE_ORDER_BATCH_MAX orders in all its groups.
 */
export interface PlaceOrderBatchRpcRequest {
  groups: PlaceOrderBatchGroup[];
}

/** One order of a batch as the single path's request would give it (without requireProvider). */
export interface PlaceOrderBatchOrder {
  userId: string;
  accountId: string | null;
  requestId: string;
  order: MarketOrderInput;
}

/** A batch's orders one by one, in the request's order: its groups in turn, each group's orders in turn. */
export function ordersOfBatch(request: PlaceOrderBatchRpcRequest): PlaceOrderBatchOrder[] {
  return request.groups.flatMap(({ order, orders }) =>
    orders.map(({ userId, accountId, requestId, quantity }) => ({
      userId,
      accountId,
      requestId,
      order: { ...order, quantity },
    })),
  );
}

/**
 * Orders as a batch request: consecutive orders equal but for their quantity share a group (a fan-out's copies, claimed
 * together, make one), so ordersOfBatch gives back exactly these orders in this order.
 */
export function batchOf(orders: PlaceOrderBatchOrder[]): PlaceOrderBatchRpcRequest {
  const groups: Array<PlaceOrderBatchGroup & { key: string }> = [];
  for (const { userId, accountId, requestId, order } of orders) {
    const { quantity, ...template } = order;
    const key = JSON.stringify(template);
    let group = groups[groups.length - 1];
    if (group?.key !== key) groups.push((group = { key, order: template, orders: [] }));
    group.orders.push({ userId, accountId, requestId, quantity });
  }
  return { groups: groups.map(({ order, orders: items }) => ({ order, orders: items })) };
}

export interface PlaceOrderBatchError {
  status: number;
  code: string;
  message: string;
}
/** The outcome of one order of the batch: `order` or `error`, never both. */
export interface PlaceOrderBatchResult {
  requestId: string;
  userId: string;
  /** The account the order went to (the primary one resolved); null when it could not be resolved. */
  accountId: string | null;
  order: PlacedOrderView | null;
  replayed: boolean;
  error: PlaceOrderBatchError | null;
}
/** One result per order of the request, in the request's order (ordersOfBatch). */
export interface PlaceOrderBatchRpcReply {
  results: PlaceOrderBatchResult[];
}

/** The stored outcome of one request id of the user (for a client whose placement answer never came). */
export interface GetPlacedOrderRpcRequest {
  userId: string;
  requestId: string;
}
export interface GetPlacedOrderRpcReply {
  order: PlacedOrderView | null;
}

/** Admins only (the actor must be an admin). */
export interface ListUnknownOrdersRpcReply {
  orders: UnknownOrderView[];
}
export interface ResolveUnknownOrderRpcRequest {
  intentId: string;
  outcome: 'placed' | 'not_placed';
  note: string;
  brokerageOrderId?: string;
}
export interface ResolveUnknownOrderRpcReply {
  resolution: OrderResolutionView;
}

export interface PaperPortalRpcRequest {
  sessionId: string;
}
export interface PaperPortalRpcReply {
  session: PaperPortalSessionView;
}
export interface PaperPortalConnectRpcReply {
  connectionId: string;
  redirectUrl: string | null;
}
export interface PaperMarketRpcRequest {
  symbols: string[];
}
export interface PaperMarketRpcReply {
  market: MarketStatusView;
  quotes: QuoteView[];
}
export interface DevSetPriceRpcRequest {
  symbol: string;
  price: number;
}
export interface DevSetPriceRpcReply {
  symbol: string;
  price: number;
}
export interface DevSetMarketHoursRpcRequest {
  open: boolean | null;
}
export interface DevSetMarketHoursRpcReply {
  market: MarketStatusView;
}
