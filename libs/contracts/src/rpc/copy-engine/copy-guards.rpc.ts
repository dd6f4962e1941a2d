import { IsUUID } from 'class-validator';
import {
  StopAllAutoCopyDto,
  TraceGuardsQueryDto,
  UpdateFollowerGuardsDto,
  UpdateTraceGuardsDto,
} from '../../http/copy-engine/copy-guards.dto';
import type { FollowerGuardsView, TraceGuardsView } from '../../http/copy-engine/copy-guards.view';
import { CopyGuardMessages } from '../../rules/copy-guards.rules';
import { rpcCallOf } from '../rpc-call';

/**
 * The follower's copy guards, kept by the copy engine (which applies them when it copies). Every call names the
 * follower (`userId`) and is refused (403) unless the actor is that follower.
 */
export const CopyGuardsRpc = {
  get: 'rpc.copy-engine.guards.get',
  update: 'rpc.copy-engine.guards.update',
  stopAll: 'rpc.copy-engine.guards.stop-all',
  resumeAll: 'rpc.copy-engine.guards.resume-all',
} as const;

/**
 * How long a caller waits for Stop all or a trace's pause: the switch commits only after a batch of orders already on
 * its way to the brokerage is answered (the copy engine waits up to its AUTO_COPY_BATCH_TIMEOUT_MS, 20 s by default),
 * so the default 5 s wait could answer 503 for a switch that then commits.
 */
export const COPY_GUARD_SWITCH_RPC_TIMEOUT_MS = 30_000;

export const TraceGuardsRpc = {
  get: 'rpc.copy-engine.trace-guards.get',
  /** Several traces at once (≤ 100): a trace with no guards of the follower answers every default. */
  list: 'rpc.copy-engine.trace-guards.list',
  update: 'rpc.copy-engine.trace-guards.update',
  pause: 'rpc.copy-engine.trace-guards.pause',
  resume: 'rpc.copy-engine.trace-guards.resume',
} as const;

export class FollowerRpcPayload {
  @IsUUID('all', { message: 'userId must be a valid id' })
  userId: string;
}
export class FollowerGuardsRpcCall extends rpcCallOf(FollowerRpcPayload) {}

export class UpdateFollowerGuardsRpcPayload extends UpdateFollowerGuardsDto {
  @IsUUID('all', { message: 'userId must be a valid id' })
  userId: string;
}
export class UpdateFollowerGuardsRpcCall extends rpcCallOf(UpdateFollowerGuardsRpcPayload) {}

export class StopAllAutoCopyRpcPayload extends StopAllAutoCopyDto {
  @IsUUID('all', { message: 'userId must be a valid id' })
  userId: string;
}
export class StopAllAutoCopyRpcCall extends rpcCallOf(StopAllAutoCopyRpcPayload) {}

export interface FollowerGuardsRpcReply {
  guards: FollowerGuardsView;
}

export interface StopAllAutoCopyRpcReply extends FollowerGuardsRpcReply {
  closeAutomaticCopies: boolean;
  /** Open automatic copies recorded to be sold at market by this call (0 when none was asked or left). */
  closingCopies: number;
}

export class TraceGuardsRpcPayload extends FollowerRpcPayload {
  @IsUUID('all', { message: CopyGuardMessages.traceIdInvalid })
  traceId: string;
}
export class TraceGuardsRpcCall extends rpcCallOf(TraceGuardsRpcPayload) {}

export class ListTraceGuardsRpcPayload extends TraceGuardsQueryDto {
  @IsUUID('all', { message: 'userId must be a valid id' })
  userId: string;
}
export class ListTraceGuardsRpcCall extends rpcCallOf(ListTraceGuardsRpcPayload) {}

export class UpdateTraceGuardsRpcPayload extends UpdateTraceGuardsDto {
  @IsUUID('all', { message: 'userId must be a valid id' })
  userId: string;

  @IsUUID('all', { message: CopyGuardMessages.traceIdInvalid })
  traceId: string;
}
export class UpdateTraceGuardsRpcCall extends rpcCallOf(UpdateTraceGuardsRpcPayload) {}

export interface TraceGuardsRpcReply {
  traceGuards: TraceGuardsView;
}

export interface ListTraceGuardsRpcReply {
  traceGuards: TraceGuardsView[];
}
