import type { CopyTradeResponse, RecordCopyResponse } from '@copytrade/contracts';
import { api } from '@/lib/api-client';
import { REQUEST_ID_HEADER } from '@/lib/copy-trading/request-id';

/** The body of POST /api/snaptrade/copy-trade (docs/product.md#rest-calls). */
export interface CopyTradeBody {
  userId: string;
  tradeId: string;
  accountId: string;
  copyAmount: number;
  customQuantity: number;
  confirmRisks: true;
  isOptions?: true;
  optionType?: string;
  strikePrice?: number;
  expirationDate?: string;
  contractMultiplier: number;
}

/**
 * The second call's `copyData`, what the client saw of the fill (the server keeps its own) (see
 * docs/product.md#rest-calls).
 */
export interface CopyData {
  copyEntryPrice: number | null;
  copyQuantity: number;
  copyAmount: number;
  marketConditions: { originalTraderPnl: number; copyAdvantage: 'better_price' | 'same_price' };
}

export const newRequestId = (): string =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

/**
 * POST /api/snaptrade/copy-trade under `requestId`: 200 `filled` (the copy is open), 202 `pending` / `unknown` (the
 * order is at the brokerage, not filled or not confirmed yet: the same request id answers its outcome later).
 */
export const copyTrade = (body: CopyTradeBody, requestId: string): Promise<CopyTradeResponse> =>
  api.post<CopyTradeResponse>('/api/snaptrade/copy-trade', body, {
    headers: { [REQUEST_ID_HEADER]: requestId, 'user-id': body.userId },
  });

/** POST /api/copy-trades/copy: the copy the server recorded for the user and trade (it never creates one). */
export const recordCopy = (userId: string, originalTradeId: string, copyData: CopyData): Promise<RecordCopyResponse> =>
  api.post<RecordCopyResponse>(
    '/api/copy-trades/copy',
    { originalTradeId, copyData },
    { headers: { 'user-id': userId } },
  );
