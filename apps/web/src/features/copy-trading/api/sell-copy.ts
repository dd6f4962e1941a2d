import type { CloseCopyResponse, SellPositionResponse } from '@copytrade/contracts';
import { api } from '@/lib/api-client';
import { REQUEST_ID_HEADER } from './copy-trade';

/** Seed 001 §3 Sell payload for a copied position: always a market order with price null. */
export interface SellCopyBody {
  userId: string;
  accountId: string;
  positionData: {
    symbol: string;
    quantity: number;
    isOptions: boolean;
    orderType: 'Market';
    price: null;
    /** The copy's trace, or 'unknown' (the gateway then sells the caller's copy, never an owner's trade). */
    traceId: string;
    optionsTicker?: string;
    optionType?: string;
    strikePrice?: number;
    expirationDate?: string;
  };
  confirmRisks: true;
  requestId: string;
}

/**
 * POST /api/snaptrade/sell-position under `X-Request-ID` (a retry answers the first order, never a second one):
 * 200 `filled`, 202 `pending` / `unknown` (at the brokerage, not filled or not confirmed yet).
 */
export const sellCopyPosition = (body: SellCopyBody): Promise<SellPositionResponse> =>
  api.post<SellPositionResponse>('/api/snaptrade/sell-position', body, {
    headers: { [REQUEST_ID_HEADER]: body.requestId, 'user-id': body.userId },
  });

/**
 * PUT /api/copy-trades/{id}/close (seed 001 §7): the exit price the client believes (the server keeps the
 * brokerage's fill over it) and the sell's order id.
 */
export const closeCopy = (
  userId: string,
  copyId: string,
  body: { exitPrice: number; brokerageSellOrderId: string | null },
): Promise<CloseCopyResponse> =>
  api.put<CloseCopyResponse>(`/api/copy-trades/${encodeURIComponent(copyId)}/close`, body, {
    headers: { 'user-id': userId },
  });
