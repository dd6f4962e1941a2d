/**
 * Where a copy stands. `pending`: recorded and sent, the brokerage's fill not known yet (`awaitingConfirmation`
 * when its outcome is unknown: it may have been placed, never shown as not placed); `open`: filled; `failed`: the
 * brokerage refused or did not fill it (`failureReason`); `skipped`: one of the follower's guards decided not to place
 * it (price protection, maximum age, pause, stop switch; `failureReason` says which); `closed`: sold.
 */
export type CopyInstanceStatus = 'pending' | 'open' | 'failed' | 'skipped' | 'closed';
export type CopyPlacement = 'manual' | 'automatic';
/**
 * Who sold a closed copy: the follower's own sell, the automatic close when the trader sold, the follower's copy
 * stop-loss of the trace, or their kill switch ("Stop all" with close).
 */
export type CopyClosedBy = 'follower' | 'trader' | 'stop_loss' | 'kill_switch';

/**
 * A copy instance (docs/product.md#entities-and-fields), plus what the product adds: the copy's state, how it was
 * placed, and its receipt (the trader's price and time beside the follower's fill). Prices per share (options: per
 * share of the contract, as the brokerage quotes them; × contractMultiplier per contract); amounts in US dollars.
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
  /**
   * A pending automatic copy the brokerage refused because the market was closed, queued (the follower's
   * market-closed policy 'next_open') to be sized and sent at this open (ISO); null otherwise.
   */
  queuedUntil: string | null;
  /** Null while an automatic copy waits for the brokerage to name the follower's primary account. */
  brokerageAccountId: string | null;
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
  /** Units still held: filled, less what its sells filled or have pending. */
  heldQuantity: number;
  /** When copierCurrentPrice was last read from the brokerage (null: the fill / exit price). */
  priceUpdatedAt: string | null;
  receipt: {
    traderPrice: number;
    traderSharedAt: string | null;
    fillPrice: number | null;
    filledAt: string | null;
    /** The live quote the copy was sized and capped against when it was placed, and when (null: none recorded). */
    sizingPrice: number | null;
    sizingQuotedAt: string | null;
    /** The follower's maximum copy amount when it was placed (null: none set). */
    maxCopyAmount: number | null;
    /** The limit of a price-protected order (null: a market order). */
    limitPrice: number | null;
    /**
     * The fill cost more than the maximum copy amount: the market moved between the quote and the fill (only possible
     * for a market order; a price-protected order's limit keeps it within the cap).
     */
    filledAboveMax: boolean;
    /**
     * An automatic copy of a position the trader already held when the follower subscribed or resumed copying the
     * trace (they copy open positions): its trader price is the trader's entry, its share time when copying began.
     */
    copiedOpenPosition: boolean;
  } & CopyReceiptFigures;
  closedAt: string | null;
  /** Who sold it, for a closed copy (null otherwise). */
  closedBy: CopyClosedBy | null;
  /** The loss the copy stop-loss saw over the trace's open copies when it closed this one, in percent (else null). */
  closedByLossPercent: number | null;
  /**
   * An open copy that a close decided for it (copy stop-loss, stop all, the trader's sell) could not sell: the
   * brokerage refused each of its attempts, so it gave up — who tried, how many times, the last refusal. Null
   * otherwise (and while a close of it is under way).
   */
  closeFailure: CopyCloseFailure | null;
}

/** A close that gave up selling an open copy. */
export interface CopyCloseFailure {
  by: Exclude<CopyClosedBy, 'follower'>;
  attempts: number;
  reason: string | null;
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

/**
 * The performance summary (docs/product.md#entities-and-fields), from the user's real copies (open and closed; pending
 * and failed copies hold no money and are not counted): totalInvested (sum of the copies' amounts), totalReturn
 * (signed: realized P&L of closed copies + unrealized P&L of open ones at their last known price), totalReturnPercent
 * (of totalInvested), winRate (0 to 100: closed copies with a realized gain over all closed copies; 0 when none
 * closed).
 */
export interface CopyPerformanceView {
  totalInvested: number;
  totalReturn: number;
  totalReturnPercent: number;
  winRate: number;
  totalCopies: number;
  openPositions: number;
  closedPositions: number;
}

/** The copy's receipt, computed: the follower's fill against the trader's price and share time. */
export interface CopyReceiptFigures {
  /** Seconds from the trader's share to the follower's fill (null until both are known). */
  delaySeconds: number | null;
  /**
   * Signed, per share in dollars: fillPrice − traderPrice (for a buy, positive paid more than the trader: worse; for
   * a sell, positive received more: better). `versusTrader` says which.
   */
  slippage: number | null;
  /** slippage in percent of the trader's price, signed the same way. */
  slippagePercent: number | null;
  /** slippage × quantity × contract multiplier, signed the same way (dollars over the whole copy). */
  slippageAmount: number | null;
  /** 'better', 'same' or 'worse' than the trader (null until filled). */
  versusTrader: 'better' | 'same' | 'worse' | null;
}

/** GET /api/copy-trades/my-copies answer (copyInstances), newest first, one page. */
export interface MyCopiesResponse {
  success: true;
  copyInstances: CopyInstanceView[];
  pagination: { limit: number; offset: number; total: number; hasMore: boolean };
}
export interface MyPerformanceResponse {
  success: true;
  performance: CopyPerformanceView;
}
export interface RefreshCopyPriceResponse {
  success: true;
  updatedCopy: CopyInstanceView;
}
export interface CloseCopyResponse {
  success: true;
  /** false when it was closed already: nothing changed. */
  closed: boolean;
  copyInstance: CopyInstanceView;
}
