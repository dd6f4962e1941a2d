import type { AvailabilityResponse } from '@copytrade/contracts';
import { SignupRules, type AvailabilityState } from '@copytrade/contracts/rules';
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { isApiError } from '@/lib/api-client';
import { useDebouncedValue } from '@/lib/use-debounced-value';

export interface AvailabilityMessages {
  available: string;
  unavailable: string;
  /** The server answered with an error and no message of its own. */
  failed: string;
  /** No answer at all (network). */
  unreachable: string;
}

export interface Availability {
  state: AvailabilityState;
  /** What the hint under the field says; null when hidden (idle). */
  message: string | null;
}

export const CHECKING_AVAILABILITY = 'Checking availability...';

/**
 * A live availability hint (docs/product.md#signup): idle (hidden) below the minimum length, otherwise checked
 * once the value has been still for 500 ms. While waiting for that pause or for the answer the state is
 * 'checking', so a submit in between is held back ('Please wait for validation to complete.').
 */
export function useAvailabilityCheck<TKey extends QueryKey>({
  value,
  isCheckable,
  queryOptions,
  messages,
}: {
  value: string;
  isCheckable: (value: string) => boolean;
  queryOptions: (value: string) => UseQueryOptions<AvailabilityResponse, Error, AvailabilityResponse, TKey>;
  messages: AvailabilityMessages;
}): Availability {
  const current = value.trim();
  const debounced = useDebouncedValue(current, SignupRules.checkDebounceMs);
  const enabled = isCheckable(debounced);
  const query = useQuery({ ...queryOptions(debounced), enabled });

  if (!isCheckable(current)) return { state: 'idle', message: null };
  if (current !== debounced || query.isPending) return { state: 'checking', message: CHECKING_AVAILABILITY };
  if (query.isError) {
    const error = query.error;
    const message = isApiError(error) ? (error.serverMessage ?? messages.failed) : messages.unreachable;
    return { state: 'error', message };
  }
  if (typeof query.data.available !== 'boolean') return { state: 'error', message: messages.failed };
  return query.data.available
    ? { state: 'available', message: messages.available }
    : { state: 'unavailable', message: query.data.message || messages.unavailable };
}
