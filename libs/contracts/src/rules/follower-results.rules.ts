/**
 * Follower results: what the followers of a trace actually got from its shared trades, beside what the trader got
 * (docs/follower-results.md). Computed by the copy engine from its own copies, announced with
 * TraceFollowerResultsComputed, kept by traces for the trace page, discovery and the owner's Analytics tab.
 */

/** The time frames figures are given for: copies decided in the last 30 or 90 days, or ever. */
export const FOLLOWER_RESULTS_WINDOWS = ['30d', '90d', 'all'] as const;
export type FollowerResultsWindow = (typeof FOLLOWER_RESULTS_WINDOWS)[number];

/**
 * Below this many copies in a figure's population the figure is null and shown as "Not enough copies yet": a median
 * of three copies would mislead.
 */
export const FOLLOWER_RESULTS_MIN_COPIES = 10;

/** Weeks of history in the owner's Analytics series (newest last). */
export const FOLLOWER_RESULTS_SERIES_WEEKS = 26;

/**
 * One time frame's figures. Percentages are percent (12.5 = 12.5 %); delays in milliseconds. A figure whose
 * population is smaller than FOLLOWER_RESULTS_MIN_COPIES is null.
 */
export interface FollowerResultsFigures {
  window: FollowerResultsWindow;
  /** Distinct followers with at least one placed copy. */
  followers: number;
  /** Copies that opened (open or closed since). */
  copiesPlaced: number;
  /** Automatic copies the follower's own settings or guards left out (a skip is the follower's choice). */
  copiesSkipped: number;
  /** Copies that were tried and hold nothing: refused, rejected, canceled, expired. */
  copiesNotPlaced: number;
  /** placed ÷ (placed + not placed) × 100; null below the minimum. */
  fillRate: number | null;
  /** Closed copies of trades the trader has closed: the population of the two returns. */
  closedCopies: number;
  /** Median and 90th percentile of the followers' realised return on those copies (sells reversed). */
  followerReturnMedian: number | null;
  followerReturnP90: number | null;
  /** Median of the trader's own return on the same trades (the trader's entry to the trader's exit). */
  traderReturnMedian: number | null;
  /** Fill time (the brokerage's) − the trader's share time, over placed copies. */
  delayMedianMs: number | null;
  delayP95Ms: number | null;
  /**
   * (follower fill − trader price) ÷ trader price × 100, reversed for sells: positive means the follower got a worse
   * price than the trader. Over placed copies.
   */
  slippageMedian: number | null;
  slippageP95: number | null;
  /** Shared trades of the time frame with at least one automatic copy placed ÷ shared trades × 100. */
  autoCopiedShare: number | null;
  sharedTrades: number;
}

/** One week of the owner's Analytics series (weeks start on Monday, UTC). */
export interface FollowerResultsWeek {
  weekStart: string;
  copiesPlaced: number;
  copiesNotPlaced: number;
  followerReturnMedian: number | null;
  traderReturnMedian: number | null;
  slippageMedian: number | null;
}

/** Everything computed for one trace at one moment. */
export interface TraceFollowerResults {
  traceId: string;
  computedAt: string;
  /** One per FOLLOWER_RESULTS_WINDOWS, in that order. */
  windows: FollowerResultsFigures[];
  /** The last FOLLOWER_RESULTS_SERIES_WEEKS weeks, oldest first, every week present (zeros when nothing). */
  weekly: FollowerResultsWeek[];
}
