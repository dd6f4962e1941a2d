/**
 * Where a copy stands. `pending`: recorded and sent, the brokerage's fill not known yet (`awaitingConfirmation`
 * when its outcome is unknown: it may have been placed, never shown as not placed); `open`: filled; `failed`: the
 * brokerage refused or did not fill it (`failureReason`); `closed`: sold.
 */
export type CopyInstanceStatus = 'pending' | 'open' | 'failed' | 'closed';
export type CopyPlacement = 'manual' | 'automatic';

/**
 * Seed 001 §3 Copy instance, plus what the product adds: the copy's state, how it was placed, and its receipt (the
 * trader's price and time beside the follower's fill). Prices per share (options: per share of the contract, as the
 * brokerage quotes them; × contractMultiplier per contract); amounts in US dollars.
 */
export interface CopyInstanceView {
  id: string;
  status: CopyInstanceStatus;
  awaitingConfirmation: boolean;
  placement: CopyPlacement;
  copyQuantity: number;
  requestedQuantity: number;
  copyAmount: number;
  copyEntryPrice: number | null;
  /** Also the exit price when closed. */
  copierCurrentPrice: number | null;
  /** Also the realized P&L when closed. */
  copierUnrealizedPnl: number;
  /** Percent. */
  copierTotalReturn: number;
  copiedAt: string;
  failureReason: string | null;
  brokerageAccountId: string;
  brokerageOrderId: string | null;
  requestId: string;
  originalTrade: {
    id: string;
    symbol: string;
    isOptions: boolean;
    /** buy or sell. */
    type: string;
    optionType: 'call' | 'put' | null;
    strikePrice: number | null;
    expirationDate: string | null;
    contractMultiplier: number;
    optionsTicker: string | null;
    trader: { id: string; username: string | null };
    trace: { id: string; name: string; avatar: string | null; handle: string };
  };
  receipt: {
    traderPrice: number;
    traderSharedAt: string | null;
    fillPrice: number | null;
    filledAt: string | null;
  };
  closedAt: string | null;
}

/**
 * POST /api/snaptrade/copy-trade answer. 200 `filled` (the copy is open); 202 `pending` (accepted by the
 * brokerage, not filled yet) or `unknown` (awaiting confirmation): ask again with the same request id.
 */
export interface CopyTradeResponse {
  success: true;
  status: 'filled' | 'pending' | 'unknown';
  message: string;
  requestId: string;
  replayed: boolean;
  order: {
    orderId: string | null;
    price: number | null;
    quantity: number;
    filledQuantity: number | null;
    state: string;
  };
  copyInstance: CopyInstanceView;
}

/** POST /api/copy-trades/copy answer: the copy recorded for the user and trade. */
export interface RecordCopyResponse {
  success: true;
  copyInstance: CopyInstanceView;
}
