import type { CloseCopyResponse, SellPositionResponse } from '@copytrade/contracts';
import type { SellPositionBody } from '@/components/order-form/sell-position';
import { api } from '@/lib/api-client';
import { REQUEST_ID_HEADER } from './request-id';

/**
 * POST /api/snaptrade/sell-position under `X-Request-ID` (a retry answers the first order, never a second one):
 * 200 `filled`, 202 `pending` / `unknown` (at the brokerage, not filled or not confirmed yet).
 */
export const sellCopyPosition = (body: SellPositionBody): Promise<SellPositionResponse> =>
  api.post<SellPositionResponse>('/api/snaptrade/sell-position', body, {
    headers: { [REQUEST_ID_HEADER]: body.requestId, 'user-id': body.userId },
  });

/**
 * PUT /api/copy-trades/{id}/close (docs/product.md#rest-calls): the exit price the client believes (the server keeps
 * the brokerage's fill over it) and the sell's order id.
 */
export const closeCopy = (
  userId: string,
  copyId: string,
  body: { exitPrice: number; brokerageSellOrderId: string | null },
): Promise<CloseCopyResponse> =>
  api.put<CloseCopyResponse>(`/api/copy-trades/${encodeURIComponent(copyId)}/close`, body, {
    headers: { 'user-id': userId },
  });
