import type { CopyInstanceView, RefreshCopyPriceResponse } from '@copytrade/contracts';
import { api } from '@/lib/api-client';

/** POST /api/copy-trades/{id}/refresh-price (docs/product.md#rest-calls): the copy at the brokerage's price. */
export const refreshCopyPrice = async (userId: string, copyId: string): Promise<CopyInstanceView> =>
  (
    await api.post<RefreshCopyPriceResponse>(
      `/api/copy-trades/${encodeURIComponent(copyId)}/refresh-price`,
      undefined,
      {
        headers: { 'user-id': userId },
      },
    )
  ).updatedCopy;
