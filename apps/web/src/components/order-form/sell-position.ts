import type { OwnerTradeView } from '@copytrade/contracts';

/**
 * The sell payload of POST /api/snaptrade/sell-position (docs/product.md#entities-and-fields): always a market order
 * with price null.
 */
export interface SellPositionBody {
  userId: string;
  accountId: string;
  positionData: {
    symbol: string;
    quantity: number;
    isOptions: boolean;
    orderType: 'Market';
    price: null;
    /** The trace the position belongs to, or 'unknown' (the gateway then sells the caller's copy). */
    traceId: string;
    optionsTicker?: string;
    optionType?: 'call' | 'put';
    strikePrice?: number;
    expirationDate?: string;
  };
  confirmRisks: true;
  requestId: string;
}

/** The fields of a trade (the owner's, or the one a copy copied) that a sell of it names. */
export type SoldTrade = Pick<
  OwnerTradeView,
  'symbol' | 'isOptions' | 'optionsTicker' | 'optionType' | 'strikePrice' | 'expirationDate'
>;

/** positionData of a market sell of `quantity` of `trade`; an option names its contract (the fields it has). */
export function marketSellData(trade: SoldTrade, traceId: string, quantity: number): SellPositionBody['positionData'] {
  return {
    symbol: trade.symbol,
    quantity,
    isOptions: trade.isOptions,
    orderType: 'Market',
    price: null,
    traceId: traceId || 'unknown',
    ...(trade.isOptions
      ? {
          ...(trade.optionsTicker ? { optionsTicker: trade.optionsTicker } : {}),
          ...(trade.optionType ? { optionType: trade.optionType } : {}),
          ...(trade.strikePrice !== null ? { strikePrice: trade.strikePrice } : {}),
          ...(trade.expirationDate ? { expirationDate: trade.expirationDate.slice(0, 10) } : {}),
        }
      : {}),
  };
}
