import { IsInt, IsOptional, IsUUID, Max, Min } from 'class-validator';
import { rpcCallOf } from '../rpc-call';
import type { CopyableTradeView } from './copy-eligibility.rpc';

/**
 * The open shared trades of one trace that one follower may have copied automatically (asked by the copy engine when
 * a follower who copies open positions subscribes or resumes copying the trace; a system call, no actor). The rules
 * of the copy audience seen from the follower's side: an active subscription (never the owner) whose tier has
 * canCopyTrades, on a trace that allows copying; of its trades, those shared and open whose required tier (none:
 * free) ranks at or below the follower's. Nothing when the follower may copy none. Paged by keyset on the trade id.
 */
export const TracesCopyableOpenTradesRpc = {
  list: 'rpc.traces.copyable-open-trades.list',
} as const;

/** Trades per page at most (each a CopyableTradeView, well under NATS's max_payload). */
export const COPYABLE_OPEN_TRADES_PAGE_MAX = 100;

export class CopyableOpenTradesRpcPayload {
  @IsUUID('all', { message: 'traceId must be a valid id' })
  traceId: string;

  @IsUUID('all', { message: 'userId must be a valid id' })
  userId: string;

  /** The previous page's nextCursor (the last trade id it held); the first page without it. */
  @IsOptional()
  @IsUUID('all', { message: 'after must be a valid id' })
  after?: string | null;

  /** 1 to COPYABLE_OPEN_TRADES_PAGE_MAX trades (the maximum when omitted). */
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(COPYABLE_OPEN_TRADES_PAGE_MAX)
  limit?: number;
}
export class CopyableOpenTradesRpcCall extends rpcCallOf(CopyableOpenTradesRpcPayload) {}

export interface CopyableOpenTradesRpcReply {
  /** The trades as a copy needs them, ascending by id. */
  trades: CopyableTradeView[];
  /** Where the next page starts; null on the last page. */
  nextCursor: string | null;
}
