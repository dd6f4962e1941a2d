import { IsInt, Max, Min } from 'class-validator';

/**
 * The gateway's bounds on the copy engine's cacheable reads (live-positions, my-copies) and the read cache's size
 * (environment, read once at boot by loadConfig). The copy engine decides each answer's freshness (its own
 * variables of the same names); these cap it. Traces and brokerage reads are capped by GatewayConfig's
 * TRACES_READ_CACHE_TTL_SECONDS and BROKERAGE_READ_CACHE_TTL_SECONDS.
 */
export class ReadCacheConfig {
  /**
   * The longest a copy-engine answer showing live quotes is kept fresh; 0 turns caching of copy-engine reads off.
   * Each answer's freshness is drawn between three quarters of what is allowed and all of it.
   */
  @IsInt()
  @Min(0)
  @Max(60_000)
  LIVE_READS_CACHE_TTL_MS: number = 5_000;
  /** The longest a copy-engine answer showing nothing that ages by the clock is kept fresh (never below the above). */
  @IsInt()
  @Min(0)
  @Max(300_000)
  LIVE_READS_CACHE_UNQUOTED_TTL_MS: number = 15_000;
  /** The longest a copy-engine answer past its freshness is still given while one call refreshes it; 0: never. */
  @IsInt()
  @Min(0)
  @Max(60_000)
  LIVE_READS_CACHE_STALE_MS: number = 8_000;
  /**
   * Background refreshes of stale answers running at once at most (a stale answer whose refresh cannot start is
   * given once more; a later read refreshes it): many answers going stale together must not become a burst of
   * service calls that starves the requests being answered.
   */
  @IsInt()
  @Min(1)
  @Max(1_000)
  LIVE_READS_CACHE_REFRESH_CONCURRENCY: number = 4;
  /** Copy-engine answers kept at most (one per user and URL), on top of the traces and brokerage entries. */
  @IsInt()
  @Min(1)
  @Max(1_000_000)
  LIVE_READS_CACHE_MAX_ENTRIES: number = 20_000;
}
