/**
 * POST /api/trace-owner/{traceId}/refresh-brokerage (docs/product.md#rest-calls): `cost` in dollars, 0 where nothing is
 * charged.
 */
export interface RefreshBrokerageResponse {
  success: true;
  message: string;
  cost: number;
}

/**
 * POST /api/snaptrade/sell-position (docs/product.md#rest-calls). `status`: `filled` (200, the trade is sold),
 * `pending` (202, accepted by the brokerage, not filled yet) or `unknown` (202, awaiting the brokerage's confirmation:
 * it may have been placed). `orderResult.price` is the average fill price per share (null until filled).
 */
export interface SellPositionResponse {
  success: true;
  status: 'filled' | 'pending' | 'unknown';
  message: string;
  requestId: string;
  orderResult: { price: number | null; orderId: string | null };
  replayed: boolean;
}

/** The failure fields of a sell (docs/product.md#rest-calls), in the error body beside `code` and `message`. */
export interface SellFailureDetails {
  isMarketHoursRestriction: boolean;
  technical: string;
  errorCode: string | null;
  canRetry: boolean;
}
