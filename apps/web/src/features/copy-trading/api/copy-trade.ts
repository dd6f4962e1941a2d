import type { CopyInstanceView, CopyTradeResponse, RecordCopyResponse } from '@copytrade/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/api-client';
import { copyTradingKeys } from '@/lib/live-events/query-keys';

/** The request-id header of the copy call (the gateway's order idempotency key). */
export const REQUEST_ID_HEADER = 'X-Request-ID';

/** Seed 001 §7 'Copy and sell': the body of POST /api/snaptrade/copy-trade. */
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

/** Seed 001 §7: the second call's `copyData`, what the client saw of the fill (the server keeps its own). */
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
export const recordCopy = (userId: string, originalTradeId: string, copyData?: CopyData): Promise<RecordCopyResponse> =>
  api.post<RecordCopyResponse>(
    '/api/copy-trades/copy',
    copyData ? { originalTradeId, copyData } : { originalTradeId },
    { headers: { 'user-id': userId } },
  );

/** The copy of a trade recorded for the user, or null when there is none (404 COPY_NOT_FOUND). */
export async function getCopyOfTrade(userId: string, tradeId: string): Promise<CopyInstanceView | null> {
  try {
    return (await recordCopy(userId, tradeId)).copyInstance;
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

/** Under the 'copy-trades' prefix, so the live push (copy opened / closed) refreshes it. */
export const copyOfTradeKey = (userId: string, tradeId: string) =>
  [...copyTradingKeys.copyTrades, 'of-trade', userId, tradeId] as const;

export const getCopyOfTradeQueryOptions = (userId: string, tradeId: string) =>
  queryOptions({
    queryKey: copyOfTradeKey(userId, tradeId),
    queryFn: () => getCopyOfTrade(userId, tradeId),
    staleTime: 60_000,
    retry: false,
  });

/**
 * The user's copy of a trade (to show 'Copied' after a reload): the copy the server recorded, read through the
 * seeds' POST /api/copy-trades/copy (there is no GET of one copy yet). A failed read shows the trade as not copied;
 * the server still refuses a second copy.
 */
export function useCopyOfTrade(userId: string, tradeId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getCopyOfTradeQueryOptions(userId, tradeId), enabled: enabled && Boolean(userId) });
}
