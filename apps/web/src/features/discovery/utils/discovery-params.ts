import type { TraceCategory, TraceSort } from '@copytrade/contracts';

/**
 * The five category tabs (docs/product.md#discovery), each with the slug it has in the address
 * (`?category=most-profitable`).
 */
export const CATEGORIES = [
  { value: 'All', slug: 'all', heading: 'All Traders' },
  { value: 'Top Rated', slug: 'top-rated', heading: 'Top Rated Traders' },
  { value: 'Most Profitable', slug: 'most-profitable', heading: 'Most Profitable Traders' },
  { value: 'Crypto', slug: 'crypto', heading: 'Crypto Traders' },
  { value: 'Stocks', slug: 'stocks', heading: 'Stock Traders' },
] as const satisfies ReadonlyArray<{ value: TraceCategory; slug: string; heading: string }>;

/**
 * The sort select: Monthly Return (default), Subscribers, Win Rate, Follower Results (the median follower return, all
 * time; traces without enough copies last).
 */
export const SORT_OPTIONS = [
  { value: 'return', label: 'Monthly Return' },
  { value: 'subscribers', label: 'Subscribers' },
  { value: 'winrate', label: 'Win Rate' },
  { value: 'followers', label: 'Follower Results' },
] as const satisfies ReadonlyArray<{ value: TraceSort; label: string }>;

export const DEFAULT_CATEGORY: TraceCategory = 'All';
export const DEFAULT_SORT: TraceSort = 'return';
/** The server's search limit (characters). */
export const SEARCH_MAX_LENGTH = 100;

export interface DiscoveryParams {
  search: string;
  category: TraceCategory;
  sortBy: TraceSort;
}

export const categorySlug = (category: TraceCategory): string =>
  CATEGORIES.find((entry) => entry.value === category)?.slug ?? 'all';
export const categoryOfSlug = (slug: string | null): TraceCategory =>
  CATEGORIES.find((entry) => entry.slug === slug)?.value ?? DEFAULT_CATEGORY;

/** Reads `?q=&category=&sort=`; anything unknown falls back to the defaults. */
export function readDiscoveryParams(params: URLSearchParams): DiscoveryParams {
  const sort = params.get('sort');
  return {
    search: (params.get('q') ?? '').slice(0, SEARCH_MAX_LENGTH),
    category: categoryOfSlug(params.get('category')),
    sortBy: SORT_OPTIONS.find((option) => option.value === sort)?.value ?? DEFAULT_SORT,
  };
}

/** Writes them back, leaving defaults out so the plain `/discovery` stays plain; other parameters are kept. */
export function writeDiscoveryParams(current: URLSearchParams, next: DiscoveryParams): URLSearchParams {
  const params = new URLSearchParams(current);
  const search = next.search.trim();
  if (search) params.set('q', search);
  else params.delete('q');
  if (next.category === DEFAULT_CATEGORY) params.delete('category');
  else params.set('category', categorySlug(next.category));
  if (next.sortBy === DEFAULT_SORT) params.delete('sort');
  else params.set('sort', next.sortBy);
  return params;
}
