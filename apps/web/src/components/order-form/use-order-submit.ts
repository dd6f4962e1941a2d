import { useRef, useState } from 'react';
import { isNetworkError } from '@/lib/api-client';
import { newRequestId } from './order-rules';

/**
 * One order submission at a time under an idempotency key. The key is kept while the outcome of a submission is
 * unknown (no answer: the order may have been placed, so asking again must answer that order, never place a second
 * one) and replaced after a refusal (nothing was placed: the next submission is a new order).
 */
export function useOrderSubmit({
  isOutcomeUnknown = isNetworkError,
}: { isOutcomeUnknown?: (error: unknown) => boolean } = {}) {
  const [pending, setPending] = useState(false);
  const requestId = useRef(newRequestId());
  const busy = useRef(false);

  /** Runs `send` with the current key; resolves to its answer, or rethrows its error after choosing the next key. */
  const submit = async <T>(send: (requestId: string) => Promise<T>): Promise<T | undefined> => {
    if (busy.current) return undefined;
    busy.current = true;
    setPending(true);
    try {
      return await send(requestId.current);
    } catch (error) {
      if (!isOutcomeUnknown(error)) requestId.current = newRequestId();
      throw error;
    } finally {
      busy.current = false;
      setPending(false);
    }
  };

  return {
    pending,
    submit,
    requestId: () => requestId.current,
    renewRequestId: () => (requestId.current = newRequestId()),
  };
}
