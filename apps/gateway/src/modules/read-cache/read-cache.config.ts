import { IsInt, Max, Min } from 'class-validator';

/**
 * The gateway's bounds on its one read cache (environment, read once at boot by loadConfig). The services decide
 * whether and how long each answer may be kept (the `cache` metadata of their replies, docs/read-cache.md); these
 * only cap that, for every service alike, so a service changes its rules without the gateway changing.
 */
export class ReadCacheConfig {
  /** The longest any answer is kept fresh, whatever its service says; 0 turns the read cache off. */
  @IsInt()
  @Min(0)
  @Max(300_000)
  READ_CACHE_MAX_FRESH_MS: number = 60_000;

  /** The longest any answer past its freshness is still given while one call refreshes it; 0: never. */
  @IsInt()
  @Min(0)
  @Max(300_000)
  READ_CACHE_MAX_STALE_MS: number = 60_000;

  /** Entries kept at most: answers and users' access keys (least recently used dropped first). */
  @IsInt()
  @Min(1)
  @Max(10_000_000)
  READ_CACHE_MAX_ENTRIES: number = 50_000;

  /**
   * Background refreshes of stale answers running at once at most (a stale answer whose refresh cannot start is
   * given once more; a later read refreshes it): many answers going stale together must not become a burst of
   * service calls that starves the requests being answered.
   */
  @IsInt()
  @Min(1)
  @Max(1_000)
  READ_CACHE_REFRESH_CONCURRENCY: number = 4;
}
