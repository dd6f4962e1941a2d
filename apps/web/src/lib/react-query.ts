import { QueryClient, type DefaultOptions, type UseMutationOptions } from '@tanstack/react-query';
import { isApiError } from './api-client';

/** Client errors (4xx) are answers, not hiccups: they are never retried. Others get two more tries. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export const queryConfig = {
  queries: {
    retry: shouldRetry,
    refetchOnWindowFocus: false,
    staleTime: 60 * 1000,
  },
  mutations: {
    retry: false,
  },
} satisfies DefaultOptions;

export function createQueryClient(overrides: DefaultOptions = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { ...queryConfig.queries, ...overrides.queries },
      mutations: { ...queryConfig.mutations, ...overrides.mutations },
    },
  });
}

// Helper types in the bulletproof-react style: a hook accepts `queryConfig` / `mutationConfig` to tune
// the options its feature defines, without redefining the key or the fetcher.
type AnyFunction = (...args: never[]) => unknown;
type AsyncResult<FnType extends AnyFunction> = Awaited<ReturnType<FnType>>;

/** Options a caller may add to a feature's `queryOptions` (everything but the key and the fetcher). */
export type QueryConfig<T extends AnyFunction> = Omit<Partial<ReturnType<T>>, 'queryKey' | 'queryFn'>;

export type MutationConfig<MutationFnType extends (...args: never[]) => Promise<unknown>> = UseMutationOptions<
  AsyncResult<MutationFnType>,
  Error,
  Parameters<MutationFnType>[0]
>;
