import type { PlaceOrderResponse } from '@copytrade/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { api, isApiError, isNetworkError } from '@/lib/api-client';
import { REQUEST_ID_HEADER } from '@/lib/copy-trading/request-id';
import { newRequestId } from '../utils/request-id';
import { paperBrokerKeys } from './query-keys';

/** The body of POST /api/paper/orders (a market order: a stock by ticker, or an option by its OCC data). */
export interface PaperOrderInput {
  accountId?: string;
  action: 'BUY' | 'SELL';
  symbol: string;
  quantity: number;
  isOptions?: boolean;
  optionsTicker?: string;
  optionType?: 'call' | 'put';
  strikePrice?: number;
  expirationDate?: string;
  contractMultiplier?: number;
}

/** POST /api/paper/orders with the submit's idempotency key in X-Request-ID. */
export const placePaperOrder = ({
  order,
  requestId,
}: {
  order: PaperOrderInput;
  requestId: string;
}): Promise<PlaceOrderResponse> =>
  api.post<PlaceOrderResponse>('/api/paper/orders', order, { headers: { [REQUEST_ID_HEADER]: requestId } });

/**
 * Whether the same submit may be sent again with the same request id: the outcome is not known (no answer,
 * a server error, still in flight) or nothing reached the brokerage (rate limited). Refusals are final.
 */
export function isRetryableOrderError(error: unknown): boolean {
  if (isNetworkError(error)) return true;
  if (!isApiError(error)) return false;
  return (
    error.status >= 500 ||
    error.code === 'ORDER_IN_FLIGHT' ||
    error.code === 'PROVIDER_RATE_LIMITED' ||
    error.status === 429
  );
}

interface Attempt {
  requestId: string;
  /** The exact body sent: a retry sends it again, unchanged. */
  order: PaperOrderInput;
  key: string;
}

/**
 * Places paper orders, never twice by accident: each submit gets a fresh request id; while its outcome is
 * uncertain (202 unknown, 409 in flight, 429, 5xx, no answer) the same submit, resent with `retry()` or
 * submitted again unchanged, reuses that id, so the server answers with the first result instead of
 * placing a second order.
 */
export function usePlacePaperOrder({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  const [uncertain, setUncertain] = useState<Attempt | null>(null);
  const uncertainRef = useRef<Attempt | null>(null);

  const remember = (attempt: Attempt | null) => {
    uncertainRef.current = attempt;
    setUncertain(attempt);
  };

  const mutation = useMutation({
    mutationFn: placePaperOrder,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: paperBrokerKeys.accounts(userId) }),
        queryClient.invalidateQueries({ queryKey: [...paperBrokerKeys.all, 'positions', userId] }),
      ]),
  });
  const { mutate, reset } = mutation;

  const send = useCallback(
    (attempt: Attempt) => {
      remember(attempt);
      mutate(
        { order: attempt.order, requestId: attempt.requestId },
        {
          // Unknown, pending or partly filled: the same request id asked again answers the order as it stands now.
          onSuccess: (response) =>
            remember(response.order.state === 'UNKNOWN' || response.order.final === false ? attempt : null),
          onError: (error) => remember(isRetryableOrderError(error) ? attempt : null),
        },
      );
    },
    [mutate],
  );

  /** A new submit: a fresh request id, unless it is the unchanged order whose outcome is still uncertain. */
  const submit = useCallback(
    (order: PaperOrderInput) => {
      const key = JSON.stringify(order);
      const pending = uncertainRef.current;
      send(pending && pending.key === key ? pending : { requestId: newRequestId(), order, key });
    },
    [send],
  );

  /** Sends the uncertain submit again, same body and same request id. */
  const retry = useCallback(() => {
    if (uncertainRef.current) send(uncertainRef.current);
  }, [send]);

  const clear = useCallback(() => {
    remember(null);
    reset();
  }, [reset]);

  return {
    ...mutation,
    submit,
    retry,
    clear,
    canRetry: uncertain !== null && !mutation.isPending,
    requestId: uncertain?.requestId ?? mutation.variables?.requestId,
  };
}
