import { IsInt, Max, Min } from 'class-validator';
import { BaseServiceConfig } from '@copytrade/nest';

export class CopyEngineConfig extends BaseServiceConfig {
  /**
   * How long a brokerage call for a copy is held as under way: a retry of the same request id meanwhile answers 409,
   * and the sweeper resumes the copy only after it (a crash between recording the copy and the brokerage's answer).
   * Longer than the placement's own timeout (30 s).
   */
  @IsInt()
  @Min(1_000)
  @Max(10 * 60_000)
  COPY_BROKERAGE_LEASE_MS: number = 60_000;

  /** How often the sweeper looks for PENDING copies to resume (0: never, for tests that drive it themselves). */
  @IsInt()
  @Min(0)
  @Max(10 * 60_000)
  COPY_SWEEP_INTERVAL_MS: number = 5_000;

  /** Placement workers of automatic copies run at once in this process (each sends one batch at a time). */
  @IsInt()
  @Min(1)
  @Max(64)
  AUTO_COPY_WORKERS: number = 4;

  /** Automatic copies per brokerage batch (placeOrderBatch takes at most 500). */
  @IsInt()
  @Min(1)
  @Max(500)
  AUTO_COPY_BATCH_SIZE: number = 500;

  /**
   * How long a claimed batch of automatic copies is its worker's: after it (the worker crashed or gave up) another
   * worker or replica claims them again, and the brokerage's idempotency answers any order already placed. Longer
   * than the batch call's timeout.
   */
  @IsInt()
  @Min(1_000)
  @Max(10 * 60_000)
  AUTO_COPY_LEASE_MS: number = 30_000;

  /** How long the brokerage's batch call may take before its outcome is taken as unknown (and asked again). */
  @IsInt()
  @Min(1_000)
  @Max(5 * 60_000)
  AUTO_COPY_BATCH_TIMEOUT_MS: number = 20_000;

  /** After an unanswered batch, how long before its copies are asked about again (same request ids). */
  @IsInt()
  @Min(0)
  @Max(10 * 60_000)
  AUTO_COPY_RETRY_MS: number = 2_000;

  /**
   * How often the automatic-copy workers (placement, close on the trader's sell) look for work besides being kicked
   * (other replicas' fan-outs, leases run out); 0: never, for tests that drive them.
   */
  @IsInt()
  @Min(0)
  @Max(10 * 60_000)
  AUTO_COPY_POLL_MS: number = 1_000;

  /**
   * How long a TradeShared delivery stays this replica's before JetStream hands it to another (the fan-out keeps it
   * while it works; a crashed replica's delivery comes back after it).
   */
  @IsInt()
  @Min(1_000)
  @Max(10 * 60_000)
  AUTO_COPY_FANOUT_ACK_WAIT_MS: number = 60_000;

  /**
   * A TradeShared older than this (written by traces that long ago) is not fanned out: a new consumer replays the
   * stream's history (a deploy), and a trade shared long before is not copied at today's price for anyone.
   */
  @IsInt()
  @Min(60_000)
  @Max(7 * 24 * 60 * 60_000)
  AUTO_COPY_MAX_SHARE_AGE_MS: number = 15 * 60_000;

  /**
   * How often the copy stop-loss is evaluated: each pass values the open copies of every (follower, trace) with a
   * stop-loss at live quotes and closes those past it (0: never, for tests that drive it themselves).
   */
  @IsInt()
  @Min(0)
  @Max(10 * 60_000)
  COPY_STOP_LOSS_INTERVAL_MS: number = 15_000;

  /**
   * A keyed close (copy stop-loss, kill switch, the trader's sell) whose sell the brokerage refused for another reason
   * than a closed market is tried again after this, doubling with each attempt (at most 10 min); it also spaces the
   * looks at a close waiting for its copy's fill or its sell's outcome. A closed market waits for the next open.
   */
  @IsInt()
  @Min(1_000)
  @Max(10 * 60_000)
  COPY_CLOSE_RETRY_MS: number = 15_000;

  /** Sell attempts of a keyed close before it gives up (the copy stays open, flagged with the last refusal). */
  @IsInt()
  @Min(1)
  @Max(50)
  COPY_CLOSE_MAX_ATTEMPTS: number = 6;

  /**
   * How long the gateway may answer a live-positions or my-copies read again from memory when it shows what ages by
   * the clock (a live quote, a quote that failed, a copy pending or open); 0: it is not kept. The user's own writes
   * and the live push drop it sooner. The gateway caps it with its variable of the same name.
   */
  @IsInt()
  @Min(0)
  @Max(60_000)
  LIVE_READS_CACHE_TTL_MS: number = 5_000;

  /**
   * The same for an answer showing nothing that ages by the clock (no brokerage to quote through, every quote's
   * trace price; a page of closed copies only): all it shows changes by what drops it, but for the counts of other
   * users' copies still pending. Never shorter than LIVE_READS_CACHE_TTL_MS.
   */
  @IsInt()
  @Min(0)
  @Max(300_000)
  LIVE_READS_CACHE_UNQUOTED_TTL_MS: number = 15_000;

  /** Past its freshness, how long the gateway may still give such an answer while it refreshes it (0: never). */
  @IsInt()
  @Min(0)
  @Max(60_000)
  LIVE_READS_CACHE_STALE_MS: number = 8_000;

  /**
   * How often the follower-results loop reads the change log (traces whose copies changed) and recomputes those
   * traces (docs/follower-results.md); 0: never, for tests that drive it themselves.
   */
  @IsInt()
  @Min(0)
  @Max(60_000)
  FOLLOWER_RESULTS_POLL_MS: number = 200;

  /** A trace's follower results are computed at most once per this many ms (a fan-out changes its copies for seconds). */
  @IsInt()
  @Min(0)
  @Max(60_000)
  FOLLOWER_RESULTS_MIN_INTERVAL_MS: number = 500;

  /**
   * How often the follower-results refresh looks for traces computed more than a day ago (the time frames' edges have
   * moved) and, after a start, for traces with copies and no figures yet; 0: never, for tests that drive it.
   */
  @IsInt()
  @Min(0)
  @Max(60 * 60_000)
  FOLLOWER_RESULTS_REFRESH_MS: number = 60_000;
}
