import type { CloseCopyResponse, CopyInstanceView, SellPositionResponse } from '@copytrade/contracts';
import { api } from '@/lib/api-client';

/** Seed 001 §3 Sell payload: always a market order with price null, risks confirmed. */
export interface SellCopyBody {
  userId: string;
  accountId: string;
  positionData: {
    symbol: string;
    quantity: number;
    isOptions: boolean;
    orderType: 'Market';
    price: null;
    traceId: string;
    optionsTicker?: string | null;
    optionType?: 'call' | 'put' | null;
    strikePrice?: number | null;
    expirationDate?: string | null;
  };
  confirmRisks: true;
  requestId: string;
}

/**
 * The sell of a copy. positionData.traceId names the copy's trace so the server sells this copy and not another
 * of the same symbol; when the user owns that trace it is 'unknown' (the seed's value), or the server would take it
 * for the owner's own sell of the original trade.
 */
export function sellBodyOf(copy: CopyInstanceView, userId: string, accountId: string, requestId: string): SellCopyBody {
  const trade = copy.originalTrade;
  return {
    userId,
    accountId,
    positionData: {
      symbol: trade.symbol,
      quantity: quantityToClose(copy),
      isOptions: trade.isOptions,
      orderType: 'Market',
      price: null,
      traceId: trade.trader.id === userId ? 'unknown' : trade.trace.id,
      ...(trade.isOptions
        ? {
            optionsTicker: trade.optionsTicker,
            optionType: trade.optionType,
            strikePrice: trade.strikePrice,
            expirationDate: trade.expirationDate,
          }
        : {}),
    },
    confirmRisks: true,
    requestId,
  };
}

/** What Close Position sells: all the copy still holds (its whole quantity when the server did not say). */
export const quantityToClose = (copy: CopyInstanceView): number =>
  copy.heldQuantity > 0 ? copy.heldQuantity : copy.copyQuantity;

/** POST /api/snaptrade/sell-position with the request id as X-Request-ID (a retry never sells twice). */
export const sellCopy = (body: SellCopyBody): Promise<SellPositionResponse> =>
  api.post<SellPositionResponse>('/api/snaptrade/sell-position', body, {
    headers: { 'X-Request-ID': body.requestId, 'user-id': body.userId },
  });

/**
 * PUT /api/copy-trades/{id}/close (seed 001 §7): exitPrice is the order's price, else the current price, else the
 * entry price, else 1 (the server keeps the brokerage's fill over it); brokerageSellOrderId the order id or null.
 */
export const closeCopy = (
  userId: string,
  copy: CopyInstanceView,
  order: { price: number | null; orderId: string | null },
): Promise<CloseCopyResponse> =>
  api.put<CloseCopyResponse>(
    `/api/copy-trades/${encodeURIComponent(copy.id)}/close`,
    {
      exitPrice: order.price ?? copy.copierCurrentPrice ?? copy.copyEntryPrice ?? 1,
      brokerageSellOrderId: order.orderId ?? null,
    },
    { headers: { 'user-id': userId } },
  );
