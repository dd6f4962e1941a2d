import type { TraceCategory, TraceSort, TracesListResponse } from '@copytrade/contracts';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { tracesKeys } from './query-keys';

/** The filters of GET /api/traces (docs/product.md#rest-calls); an unset field is left out of the query string. */
export interface TracesFilter {
  /** Name, handle or specialty; case-insensitive, matched by the server. */
  search?: string;
  featured?: boolean;
  category?: TraceCategory;
  sortBy?: TraceSort;
  /** 1..100 (server default 50). */
  limit?: number;
}

export interface TracesPageParams extends TracesFilter {
  offset?: number;
}

/** `search=…&featured=…&category=…&sortBy=…&limit=…&offset=…`, only the fields given (search trimmed). */
export function tracesQueryString(params: TracesPageParams): string {
  const query = new URLSearchParams();
  const search = params.search?.trim();
  if (search) query.set('search', search);
  if (params.featured !== undefined) query.set('featured', String(params.featured));
  if (params.category) query.set('category', params.category);
  if (params.sortBy) query.set('sortBy', params.sortBy);
  if (params.limit !== undefined) query.set('limit', String(params.limit));
  if (params.offset) query.set('offset', String(params.offset));
  return query.toString();
}

/** GET /api/traces: one page of traces and the offset of the next page (null on the last one). */
export async function getTraces(params: TracesPageParams, signal?: AbortSignal): Promise<TracesListResponse> {
  const query = tracesQueryString(params);
  const response = await api.get<TracesListResponse>(`/api/traces${query ? `?${query}` : ''}`, { signal });
  return {
    ...response,
    traces: response.traces ?? [],
    pagination: response.pagination ?? { limit: params.limit ?? 0, offset: params.offset ?? 0, nextOffset: null },
  };
}

/** The key of a list: trimmed search, so "abc " and "abc" share one cache entry. */
const listParams = (filter: TracesFilter) => ({ ...filter, search: filter.search?.trim() || undefined });

/** One page (the Featured Traders row: the first `limit` featured traces). */
export const getTracesQueryOptions = (params: TracesPageParams) =>
  queryOptions({
    queryKey: tracesKeys.list({ ...listParams(params), offset: params.offset ?? 0 }),
    queryFn: ({ signal }) => getTraces(params, signal),
  });

/** Every page loaded so far of one filter, each asked for with the previous answer's `nextOffset`. */
export const getTracesInfiniteQueryOptions = (filter: TracesFilter) =>
  infiniteQueryOptions({
    queryKey: tracesKeys.list({ ...listParams(filter), paged: true }),
    queryFn: ({ pageParam, signal }) => getTraces({ ...filter, offset: pageParam }, signal),
    initialPageParam: 0,
    getNextPageParam: (lastPage) => lastPage.pagination.nextOffset ?? undefined,
  });

/** While a new search or sort loads, the previous answer stays on screen (`isPlaceholderData`). */
export function useTraces(params: TracesPageParams) {
  return useQuery({ ...getTracesQueryOptions(params), placeholderData: keepPreviousData });
}

export function useInfiniteTraces(filter: TracesFilter) {
  return useInfiniteQuery({ ...getTracesInfiniteQueryOptions(filter), placeholderData: keepPreviousData });
}
