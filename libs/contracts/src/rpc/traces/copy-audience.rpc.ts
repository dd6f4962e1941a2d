import { IsInt, IsOptional, IsUUID, Max, Min } from 'class-validator';
import { rpcCallOf } from '../rpc-call';
import type { CopyableTradeView } from './copy-eligibility.rpc';

/**
 * Who may have a shared trade copied for them automatically (asked by the copy engine's fan-out of TradeShared; a
 * system call, no actor): the trace's active subscribers — never its owner — whose tier ranks at or above the trade's
 * required tier and has canCopyTrades, on a trace that allows copying (the rules of copy-eligibility, as one query).
 * Paged by keyset on the user id: each reply's `nextCursor` asks for the next page. Whether the followers turned
 * copy trading on is the copy engine's own knowledge (its follower-settings projection), not asked here.
 */
export const TracesCopyAudienceRpc = {
  list: 'rpc.traces.copy-audience.list',
} as const;

/** Ids per page at most (about 200 kB of JSON, far under NATS's 1 MB max_payload). */
export const COPY_AUDIENCE_PAGE_MAX = 5_000;

export class CopyAudienceRpcPayload {
  @IsUUID('all', { message: 'tradeId must be a valid id' })
  tradeId: string;

  /** The previous page's nextCursor (the last user id it held); the first page without it. */
  @IsOptional()
  @IsUUID('all', { message: 'after must be a valid id' })
  after?: string | null;

  /** 1 to COPY_AUDIENCE_PAGE_MAX ids (the maximum when omitted). */
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(COPY_AUDIENCE_PAGE_MAX)
  limit?: number;
}
export class CopyAudienceRpcCall extends rpcCallOf(CopyAudienceRpcPayload) {}

export interface CopyAudienceRpcReply {
  /** The trade as a copy needs it; null when there is no such trade. */
  trade: CopyableTradeView | null;
  /** Shared, still open and on a trace that allows copying: otherwise nobody may copy it (userIds empty). */
  copyable: boolean;
  /** Eligible followers, ascending. */
  userIds: string[];
  /** Where the next page starts; null on the last page. */
  nextCursor: string | null;
}
