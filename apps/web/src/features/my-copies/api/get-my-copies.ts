import type { CopyInstanceView, MyCopiesResponse } from '@copytrade/contracts';
import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { myCopiesKeys } from './query-keys';

/** One page of copies: the server's default (it allows up to 200). Later pages load on 'Show more'. */
export const MY_COPIES_PAGE_SIZE = 100;
/** My Copies auto-refresh while Real-time is on. */
export const MY_COPIES_REFRESH_MS = 30_000;

/** GET /api/copy-trades/my-copies (docs/product.md#rest-calls): the user's copies, newest first, one page. */
export const getMyCopies = (userId: string, offset: number, signal?: AbortSignal): Promise<MyCopiesResponse> =>
  api.get<MyCopiesResponse>(`/api/copy-trades/my-copies?limit=${MY_COPIES_PAGE_SIZE}&offset=${offset}`, {
    headers: { 'user-id': userId },
    signal,
  });

export const getMyCopiesQueryOptions = (userId: string) =>
  infiniteQueryOptions({
    queryKey: myCopiesKeys.list(userId),
    queryFn: ({ pageParam, signal }) => getMyCopies(userId, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last) =>
      last.pagination.hasMore ? last.pagination.offset + last.copyInstances.length : undefined,
  });

export type MyCopiesData = InfiniteData<MyCopiesResponse, unknown>;

/** Every copy loaded so far, in the server's order (newest first). */
export const copiesOf = (data: MyCopiesData | undefined): CopyInstanceView[] =>
  data ? data.pages.flatMap((page) => page.copyInstances) : [];

/** The copies, refreshed every 30 s while `realtime` (and at once by the live push). */
export function useMyCopies(userId: string, { realtime }: { realtime: boolean }) {
  return useInfiniteQuery({
    ...getMyCopiesQueryOptions(userId),
    enabled: Boolean(userId),
    refetchInterval: realtime ? MY_COPIES_REFRESH_MS : false,
  });
}

/** The list with one copy replaced by its newer view (a price refresh's `updatedCopy`). */
export function withCopy(data: MyCopiesData | undefined, copy: CopyInstanceView): MyCopiesData | undefined {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      copyInstances: page.copyInstances.map((each) => (each.id === copy.id ? copy : each)),
    })),
  };
}
