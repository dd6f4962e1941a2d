import { IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';
import { ShareTradeDto } from '../../http/traces/owner-trades.dto';
import type { OwnerTradeView } from '../../http/traces/owner-trades.view';
import { rpcCallOf } from '../rpc-call';
import type { TraceIdRpcRequest } from './traces.rpc';

/** The owner's Trade Manager calls (owner only: 404 for an unknown trace, 403 NOT_TRACE_OWNER for anyone else). */
export const OwnerTradesRpc = {
  list: 'rpc.traces.owner-trades.list',
  cleanup: 'rpc.traces.owner-trades.cleanup',
  share: 'rpc.traces.owner-trades.share',
} as const;

/** A sync reads the brokerage first (several provider calls), so callers wait longer than for a plain read. */
export const OWNER_TRADES_RPC_TIMEOUT_MS = 30_000;

/**
 * At most this many open trades in one list reply: an owner trade is about 500 bytes of JSON, so a page stays near
 * half of NATS's 1 MB max_payload. The gateway reads every page for the Trade Manager's one answer.
 */
export const OWNER_TRADES_PAGE_MAX = 1_000;

/** list: without a cursor, a sync then the first page; with the previous page's nextCursor, the next page. */
export interface OwnerTradesRpcRequest {
  traceId: string;
  cursor?: string;
}
export interface OwnerTradesRpcReply {
  trades: OwnerTradeView[];
  /** Every open trade of the trace, and how many of them are shared (not only this page's). */
  totalCount: number;
  sharedCount: number;
  /** Present when more trades follow. */
  nextCursor?: string;
}
export interface CleanupTradesRpcReply {
  deletedUnsharedTrades: number;
  updatedOrphanedSharedTrades: number;
}
export interface ShareTradeRpcReply {
  trade: OwnerTradeView;
}

export class OwnerTraceRpcPayload implements TraceIdRpcRequest {
  @IsUUID('all', { message: 'traceId must be a valid id' })
  traceId: string;
}
export class OwnerTradesListRpcPayload extends OwnerTraceRpcPayload implements OwnerTradesRpcRequest {
  @IsOptional()
  @IsString()
  @MaxLength(200)
  cursor?: string;
}
export interface ShareTradeRpcRequest extends ShareTradeDto, TraceIdRpcRequest {}
export class ShareTradeRpcPayload extends ShareTradeDto implements ShareTradeRpcRequest {
  @IsUUID('all', { message: 'traceId must be a valid id' })
  traceId: string;
}

export class OwnerTraceRpcCall extends rpcCallOf(OwnerTraceRpcPayload) {}
export class OwnerTradesListRpcCall extends rpcCallOf(OwnerTradesListRpcPayload) {}
export class ShareTradeRpcCall extends rpcCallOf(ShareTradeRpcPayload) {}
