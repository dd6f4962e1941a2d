import { IsUUID } from 'class-validator';
import type { TradeView } from '../../http/traces/trace.view';
import { rpcCallOf } from '../rpc-call';

/**
 * The Trading Terminal's trades (docs/product.md#trading-terminal): the OPEN, shared trades of the traces the user owns
 * or actively subscribes to, filtered by tier as the trace page's trades are (an active subscriber sees a trade whose
 * required tier ranks at or below theirs; the owner sees every shared trade of their traces), newest first
 * (executedAt), at most LIVE_TRADES_MAX. Asked by the copy engine on the user's behalf: the actor must be `userId` (403
 * otherwise).
 */
export const TracesLiveTradesRpc = {
  list: 'rpc.traces.live-trades.list',
} as const;

/** The newest this many trades are answered (`truncated` says when more were visible). */
export const LIVE_TRADES_MAX = 200;

export class LiveTradesRpcPayload {
  @IsUUID('all', { message: 'userId must be a valid id' })
  userId: string;
}
export class LiveTradesRpcCall extends rpcCallOf(LiveTradesRpcPayload) {}

/** A trade as the trace page has it (options prices in hundredths), with its trace and trader. */
export interface LiveTradeView extends TradeView {
  traceId: string;
  traceName: string;
  traceHandle: string;
  traceAvatar: string | null;
  /** The trace's owner; username null when identity did not answer in time. */
  trader: { id: string; username: string | null };
  sharedAt: string | null;
  /** When the trace recorded or shared the trade (the copy engine puts its quote's time when it quotes it). */
  lastSyncedAt: string;
  /** The user owns the trace. */
  isOwn: boolean;
}

export interface LiveTradesRpcReply {
  trades: LiveTradeView[];
  truncated: boolean;
}
