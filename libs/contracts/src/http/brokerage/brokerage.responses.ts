import type {
  BalancesView,
  BrokerageAccountView,
  BrokerageConnectionView,
  BrokerageView,
  MarketStatusView,
  OrderOutcomeStatus,
  OrderResolutionView,
  OrderView,
  PlacedOrderView,
  PortfolioHistoryView,
  PositionView,
  QuoteView,
  UnknownOrderView,
} from './brokerage.view';

export interface RegisterProviderUserResponse {
  success: true;
  message: string;
  snaptradeUserId: string;
  alreadyRegistered: boolean;
}
export interface ConnectionPortalResponse {
  success: true;
  connectionUrl: string;
}
export interface ConnectionsResponse {
  success: true;
  connections: BrokerageConnectionView[];
  /** Accounts of the active connections; the first is the primary one. */
  accountIds: string[];
}
export interface AccountsResponse {
  success: true;
  accounts: BrokerageAccountView[];
}
export interface BalancesResponse {
  success: true;
  balances: BalancesView;
}
export interface PositionsResponse {
  success: true;
  positions: PositionView[];
}
export interface OrdersResponse {
  success: true;
  orders: OrderView[];
}
export interface PortfolioHistoryResponse extends PortfolioHistoryView {
  success: true;
}
export interface ProviderCredentialsResponse {
  success: true;
  snaptradeUserId: string;
  snaptradeUserSecret: string;
}
/**
 * 201 placed, 200 a replay of a settled request id, 202 while the outcome is unknown: `status: 'unknown'` with a
 * message; the same request id asked again returns the final result once known (202 again until then).
 */
export interface PlaceOrderResponse {
  success: true;
  /** The client's idempotency key (X-Request-ID). */
  requestId: string;
  status: OrderOutcomeStatus;
  /** Present when the status is 'unknown': awaiting confirmation, do not place the order again. */
  message?: string;
  order: PlacedOrderView;
  /** True when this request id was seen before and the first result is returned. */
  replayed: boolean;
}

/** GET /api/admin/orders/unknown */
export interface UnknownOrdersResponse {
  success: true;
  orders: UnknownOrderView[];
}

/** POST /api/admin/orders/unknown/:id/resolve */
export interface ResolveUnknownOrderResponse {
  success: true;
  resolution: OrderResolutionView;
}

/** The pending connection the paper broker's portal page shows. */
export interface PaperPortalSessionView {
  sessionId: string;
  status: 'PENDING' | 'CONNECTED' | 'EXPIRED';
  expiresAt: string;
  brokerage: BrokerageView;
  connectionType: 'read' | 'trade';
  /** Where the page goes after connecting when it is not a popup (absolute URL on this origin). */
  redirectUrl: string | null;
  connectionId: string | null;
  /** The simulated accounts a new connection opens with. */
  accounts: { name: string; startingCash: number }[];
}
export interface PaperPortalSessionResponse {
  success: true;
  session: PaperPortalSessionView;
}
export interface PaperPortalConnectResponse {
  success: true;
  connectionId: string;
  /** customRedirect with `status=SUCCESS&connection_id=…`, like the provider's portal. */
  redirectUrl: string | null;
}
export interface PaperMarketResponse {
  success: true;
  market: MarketStatusView;
  quotes: QuoteView[];
}
export interface DevMarketPriceResponse {
  success: true;
  symbol: string;
  price: number;
}
export interface DevMarketHoursResponse {
  success: true;
  market: MarketStatusView;
}
