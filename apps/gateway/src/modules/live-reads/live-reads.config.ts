import { IsInt, Max, Min } from 'class-validator';

/** The per-user cache of the polled copy-trading reads (environment, read once at boot by loadConfig). */
export class LiveReadsConfig {
  /**
   * A cached live-positions or my-copies answer is given at most this long (its quotes are that old at most);
   * 0 turns the cache off. The user's own writes and the live push drop it sooner.
   */
  @IsInt()
  @Min(0)
  @Max(60_000)
  LIVE_READS_CACHE_TTL_MS: number = 2_000;

  /**
   * Past its TTL an answer is still given for this long while one call refreshes it in the background (a reader
   * polling back to back never waits for the copy engine); 0: it is refreshed in the foreground.
   */
  @IsInt()
  @Min(0)
  @Max(60_000)
  LIVE_READS_CACHE_STALE_MS: number = 8_000;

  /** Answers kept at most (one per user and URL; the least recently used go first). */
  @IsInt()
  @Min(1)
  @Max(1_000_000)
  LIVE_READS_CACHE_MAX_ENTRIES: number = 20_000;
}
