import type { CopyInstanceView } from '@copytrade/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { newRequestId } from '@/components/order-form/order-rules';
import { toast } from '@/components/ui/toast';
import { getAccountsQueryOptions } from '@/lib/brokerage/get-accounts';
import { closeCopy, sellCopyPosition } from '@/lib/copy-trading/sell-copy';
import { copyPositionData, exitPriceOf } from '@/lib/copy-trading/sell-copy-rules';
import { isNetworkError } from '@/lib/api-client';
import { myCopiesKeys } from '../api/query-keys';
import {
  closeConfirmationText,
  closedSuccessfully,
  NO_BROKERAGE_ACCOUNT,
  quantityToClose,
  SELL_THROWN,
  sellFailureMessage,
  TRACKING_FAILED,
  USER_NOT_AUTHENTICATED,
} from '../utils/close-position';

/** A success toast lasts 3 s. */
const SUCCESS_TOAST_MS = 3_000;

/**
 * Close Position (docs/product.md#my-copy-trades): the user, then the native confirmation, then a brokerage account;
 * the market sell through POST /api/snaptrade/sell-position (confirmRisks true), then PUT /api/copy-trades/{id}/close
 * with the order's price and id. A sell whose answer never came keeps its request id, so trying again cannot sell
 * twice. A sell accepted but not filled yet is not closed here: the server closes the copy when the fill arrives. The
 * lists reload after every attempt that reached the brokerage.
 */
export function useClosePosition(userId: string | null) {
  const queryClient = useQueryClient();
  const [closingId, setClosingId] = useState<string | null>(null);
  const requestIds = useRef(new Map<string, string>());

  const close = async (copy: CopyInstanceView) => {
    const symbol = copy.originalTrade.symbol;
    if (!userId) {
      toast.error(USER_NOT_AUTHENTICATED);
      return;
    }
    if (!window.confirm(closeConfirmationText(copy))) return;
    setClosingId(copy.id);
    try {
      let accounts;
      try {
        accounts = await queryClient.fetchQuery({ ...getAccountsQueryOptions(userId), staleTime: 0 });
      } catch {
        toast.error(SELL_THROWN);
        return;
      }
      if (accounts.length === 0) {
        toast.error(NO_BROKERAGE_ACCOUNT);
        return;
      }
      // Only the first account is ever used; the copy's own account when it is still linked (it holds the shares).
      const accountId = accounts.find((account) => account.id === copy.brokerageAccountId)?.id ?? accounts[0]!.id;
      const requestId = requestIds.current.get(copy.id) ?? newRequestId();
      requestIds.current.set(copy.id, requestId);
      let sold;
      try {
        sold = await sellCopyPosition({
          userId,
          accountId,
          positionData: copyPositionData(copy, userId, quantityToClose(copy)),
          confirmRisks: true,
          requestId,
        });
      } catch (error) {
        if (!isNetworkError(error)) requestIds.current.delete(copy.id);
        toast.error(sellFailureMessage(error));
        return;
      }
      requestIds.current.delete(copy.id);
      if (sold.status !== 'filled') {
        toast.info(`Sell order for ${symbol} submitted`, { description: sold.message });
        return;
      }
      try {
        await closeCopy(userId, copy.id, {
          exitPrice: exitPriceOf(sold.orderResult.price, copy),
          brokerageSellOrderId: sold.orderResult.orderId ?? null,
        });
        toast.success(closedSuccessfully(symbol), { duration: SUCCESS_TOAST_MS });
      } catch {
        toast.warning(TRACKING_FAILED);
      }
    } finally {
      setClosingId(null);
      void queryClient.invalidateQueries({ queryKey: myCopiesKeys.all });
    }
  };

  return { close, closingId };
}
