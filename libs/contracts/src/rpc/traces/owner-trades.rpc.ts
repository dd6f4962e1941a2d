import { IsUUID } from 'class-validator';
import { ShareTradeDto } from '../../http/traces/owner-trades.dto';
import type { OwnerTradeView } from '../../http/traces/owner-trades.view';
import { rpcCallOf } from '../rpc-call';

/** The owner's Trade Manager calls (owner only: 404 for an unknown trace, 403 NOT_TRACE_OWNER for anyone else). */
export const OwnerTradesRpc = {
  list: 'rpc.traces.owner-trades.list',
  cleanup: 'rpc.traces.owner-trades.cleanup',
  share: 'rpc.traces.owner-trades.share',
} as const;

/** A sync reads the brokerage first (several provider calls), so callers wait longer than for a plain read. */
export const OWNER_TRADES_RPC_TIMEOUT_MS = 30_000;

export interface OwnerTradesRpcReply {
  trades: OwnerTradeView[];
  totalCount: number;
  sharedCount: number;
}
export interface CleanupTradesRpcReply {
  deletedUnsharedTrades: number;
  updatedOrphanedSharedTrades: number;
}
export interface ShareTradeRpcReply {
  trade: OwnerTradeView;
}

export class OwnerTraceRpcPayload {
  @IsUUID('all', { message: 'traceId must be a valid id' })
  traceId: string;
}
export class ShareTradeRpcPayload extends ShareTradeDto {
  @IsUUID('all', { message: 'traceId must be a valid id' })
  traceId: string;
}

export class OwnerTraceRpcCall extends rpcCallOf(OwnerTraceRpcPayload) {}
export class ShareTradeRpcCall extends rpcCallOf(ShareTradeRpcPayload) {}
