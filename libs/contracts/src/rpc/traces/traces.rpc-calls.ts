import { IsUUID } from 'class-validator';
import {
  AdminCreateTraceDto,
  AdminListTracesDto,
  AdminTraceIdDto,
  AdminUpdateTraceOwnerDto,
  AutoSubscribeDto,
  ListTracesQueryDto,
  ListTradesQueryDto,
  SubscribeDto,
  UnsubscribeDto,
} from '../../http/traces/traces.dto';
import { rpcCallOf } from '../rpc-call';
import type {
  AdminCreateTraceRpcRequest,
  AdminListTracesRpcRequest,
  AdminTraceIdRpcRequest,
  AdminUpdateTraceOwnerRpcRequest,
  ListSubscriptionsRpcRequest,
  ListTradesRpcRequest,
  TraceIdRpcRequest,
} from './traces.rpc';

// Validated envelopes of the traces service's handlers (see rpcCallOf), reusing the gateway's DTOs.

export class ListSubscriptionsRpcPayload implements ListSubscriptionsRpcRequest {
  @IsUUID('all', { message: 'userId must be a valid id' })
  userId: string;
}
export class TraceIdRpcPayload implements TraceIdRpcRequest {
  @IsUUID('all', { message: 'traceId must be a valid id' })
  traceId: string;
}
export class ListTradesRpcPayload extends ListTradesQueryDto implements ListTradesRpcRequest {
  @IsUUID('all', { message: 'traceId must be a valid id' })
  traceId: string;
}

export class ListSubscriptionsRpcCall extends rpcCallOf(ListSubscriptionsRpcPayload) {}
export class ListTracesRpcCall extends rpcCallOf(ListTracesQueryDto) {}
export class TraceIdRpcCall extends rpcCallOf(TraceIdRpcPayload) {}
export class ListTradesRpcCall extends rpcCallOf(ListTradesRpcPayload) {}
export class SubscribeRpcCall extends rpcCallOf(SubscribeDto) {}
export class UnsubscribeRpcCall extends rpcCallOf(UnsubscribeDto) {}
export class AutoSubscribeRpcCall extends rpcCallOf(AutoSubscribeDto) {}
export class AdminListTracesRpcCall extends rpcCallOf<AdminListTracesRpcRequest>(AdminListTracesDto) {}
export class AdminCreateTraceRpcCall extends rpcCallOf<AdminCreateTraceRpcRequest>(AdminCreateTraceDto) {}
export class AdminUpdateTraceOwnerRpcCall extends rpcCallOf<AdminUpdateTraceOwnerRpcRequest>(
  AdminUpdateTraceOwnerDto,
) {}
export class AdminTraceIdRpcCall extends rpcCallOf<AdminTraceIdRpcRequest>(AdminTraceIdDto) {}
