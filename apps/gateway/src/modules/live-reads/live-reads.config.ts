import { IsInt, Max, Min } from 'class-validator';

/** The per-user cache of the polled copy-trading reads (environment, read once at boot by loadConfig). */
export class LiveReadsConfig {
  /**
   * A cached live-positions or my-copies answer is fresh at most this long (its quotes are that old at most); each
   * answer's freshness is drawn between three quarters of it and all of it, so answers cached together do not all go
   * stale at the same moment. 0 turns the cache off. The user's own writes and the live push drop it sooner.
   */
  @IsInt()
  @Min(0)
  @Max(60_000)
  LIVE_READS_CACHE_TTL_MS: number = 5_000;

  /**
   * A live-positions answer showing no live quote (the user has no brokerage to quote through, or every price failed:
   * the traces' last synced prices, whose changes traces announces) is fresh this long at most instead: all it shows
   * changes by what drops it (trades, subscriptions, copies opened or closed), but for the counts of other users'
   * copies still pending. So is a my-copies page with no copy pending or open. Never shorter than
   * LIVE_READS_CACHE_TTL_MS.
   */
  @IsInt()
  @Min(0)
  @Max(300_000)
  LIVE_READS_CACHE_UNQUOTED_TTL_MS: number = 15_000;

  /**
   * Past its TTL an answer is still given for this long while one call refreshes it in the background (a reader
   * polling back to back never waits for the copy engine); 0: it is refreshed in the foreground.
   */
  @IsInt()
  @Min(0)
  @Max(60_000)
  LIVE_READS_CACHE_STALE_MS: number = 8_000;

  /**
   * Background refreshes of stale answers running at once at most (a stale answer whose refresh cannot start is
   * given once more; a later read refreshes it): many users' answers going stale together must not become a burst of
   * copy-engine calls that starves the requests being answered.
   */
  @IsInt()
  @Min(1)
  @Max(1_000)
  LIVE_READS_CACHE_REFRESH_CONCURRENCY: number = 4;

  /** Answers kept at most (one per user and URL; the least recently used go first). */
  @IsInt()
  @Min(1)
  @Max(1_000_000)
  LIVE_READS_CACHE_MAX_ENTRIES: number = 20_000;
}
