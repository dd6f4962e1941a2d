import type { MarketClosedPolicy, SizingMode, TracePauseReason } from '../../rules/copy-guards.rules';

/** The follower-wide copy guards (GET /api/copy-guards). Null numbers are guards that are off. */
export interface FollowerGuardsView {
  /** The most a copy's price may differ from the trader's, in percent. */
  priceProtectionPercent: number | null;
  /** Automatic copies of a trade shared longer ago than this are not placed. */
  maxShareAgeMinutes: number | null;
  /** The kill switch: no automatic copy is placed while it is on. */
  autoCopyStopped: boolean;
  autoCopyStoppedAt: string | null;
  /** US dollars lost in a day after which automatic copying pauses. */
  dailyLossLimit: number | null;
  /**
   * The US trading day (YYYY-MM-DD, US/Eastern) on which the daily loss limit stopped automatic copying, while that
   * day is today; null when copying is not stopped by it.
   */
  dailyLossStoppedOn: string | null;
  /** The day (YYYY-MM-DD, US/Eastern) automatic copying resumes by itself when the limit stopped it; else null. */
  dailyLossResumesOn: string | null;
  marketClosedPolicy: MarketClosedPolicy;
  sizingMode: SizingMode;
  sizingPercent: number | null;
  /** Copy the trader's positions already open when starting to copy a trace. */
  copyOpenPositions: boolean;
  /** Null until the follower first changes one. */
  updatedAt: string | null;
}

/** One trace's copy guards for the follower (GET /api/copy-guards/traces/{traceId}). */
export interface TraceGuardsView {
  traceId: string;
  autoCopyPaused: boolean;
  pausedReason: TracePauseReason | null;
  pausedAt: string | null;
  /** An automatic copy of this trace is sold once it has lost this share of its cost. */
  stopLossPercent: number | null;
  /** Overrides the follower-wide price protection for this trace; null uses it. */
  priceProtectionPercent: number | null;
  updatedAt: string | null;
}

export interface FollowerGuardsResponse {
  success: true;
  guards: FollowerGuardsView;
  message?: string;
}

export interface StopAllAutoCopyResponse extends FollowerGuardsResponse {
  /** Whether the follower asked for their automatic copies to be closed as well. */
  closeAutomaticCopies: boolean;
  /** Open automatic copies being sold at market because of this call. */
  closingCopies: number;
}

export interface TraceGuardsResponse {
  success: true;
  traceGuards: TraceGuardsView;
  message?: string;
}

export interface TraceGuardsListResponse {
  success: true;
  traceGuards: TraceGuardsView[];
}
