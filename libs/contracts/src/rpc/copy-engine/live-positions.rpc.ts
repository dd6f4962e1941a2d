import { IsUUID } from 'class-validator';
import type { LivePositionsResponse } from '../../http/copy-engine/live-position.view';
import type { CacheableRpcReply } from '../read-cache/read-cache.rpc';
import { rpcCallOf } from '../rpc-call';

/**
 * GET /api/trading-terminal/live-positions: the copy engine composes the user's live positions — traces' visible
 * open shared trades (rpc.traces.live-trades.list), its own copy counts and the user's copies of them, and one
 * batched brokerage quote call. The actor must be `userId` (403 otherwise). Reply: LivePositionsRpcReply (the HTTP
 * body and the gateway's cache metadata).
 */
export const CopyEngineLivePositionsRpc = {
  list: 'rpc.copy-engine.live-positions.list',
} as const;

export class LivePositionsRpcPayload {
  @IsUUID('all', { message: 'userId must be a valid id' })
  userId: string;
}
export class LivePositionsRpcCall extends rpcCallOf(LivePositionsRpcPayload) {}

/** The feed as the HTTP body, with how the gateway may cache it (stripped before the body is sent). */
export type LivePositionsRpcReply = LivePositionsResponse & CacheableRpcReply;
