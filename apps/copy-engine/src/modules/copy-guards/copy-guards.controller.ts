import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  CopyGuardsRpc,
  FollowerGuardsRpcCall,
  ListTraceGuardsRpcCall,
  StopAllAutoCopyRpcCall,
  TraceGuardsRpc,
  TraceGuardsRpcCall,
  UpdateFollowerGuardsRpcCall,
  UpdateTraceGuardsRpcCall,
  type FollowerGuardsRpcReply,
  type ListTraceGuardsRpcReply,
  type StopAllAutoCopyRpcReply,
  type TraceGuardsRpcReply,
} from '@copytrade/contracts';
import { FollowerGuardsUseCase } from './follower-guards.use-case';
import { TraceGuardsUseCase } from './trace-guards.use-case';

/** The follower's copy guards over NATS (the gateway's /api/copy-guards); the actor must be the follower. */
@Controller()
export class CopyGuardsController {
  constructor(
    private readonly follower: FollowerGuardsUseCase,
    private readonly traces: TraceGuardsUseCase,
  ) {}

  @MessagePattern(CopyGuardsRpc.get)
  get(@Payload() request: FollowerGuardsRpcCall): Promise<FollowerGuardsRpcReply> {
    return this.follower.get(request);
  }

  @MessagePattern(CopyGuardsRpc.update)
  update(@Payload() request: UpdateFollowerGuardsRpcCall): Promise<FollowerGuardsRpcReply> {
    return this.follower.update(request);
  }

  @MessagePattern(CopyGuardsRpc.stopAll)
  stopAll(@Payload() request: StopAllAutoCopyRpcCall): Promise<StopAllAutoCopyRpcReply> {
    return this.follower.stopAll(request);
  }

  @MessagePattern(CopyGuardsRpc.resumeAll)
  resumeAll(@Payload() request: FollowerGuardsRpcCall): Promise<FollowerGuardsRpcReply> {
    return this.follower.resumeAll(request);
  }

  @MessagePattern(TraceGuardsRpc.get)
  getTrace(@Payload() request: TraceGuardsRpcCall): Promise<TraceGuardsRpcReply> {
    return this.traces.get(request);
  }

  @MessagePattern(TraceGuardsRpc.list)
  listTraces(@Payload() request: ListTraceGuardsRpcCall): Promise<ListTraceGuardsRpcReply> {
    return this.traces.list(request);
  }

  @MessagePattern(TraceGuardsRpc.update)
  updateTrace(@Payload() request: UpdateTraceGuardsRpcCall): Promise<TraceGuardsRpcReply> {
    return this.traces.update(request);
  }

  @MessagePattern(TraceGuardsRpc.pause)
  pauseTrace(@Payload() request: TraceGuardsRpcCall): Promise<TraceGuardsRpcReply> {
    return this.traces.pause(request);
  }

  @MessagePattern(TraceGuardsRpc.resume)
  resumeTrace(@Payload() request: TraceGuardsRpcCall): Promise<TraceGuardsRpcReply> {
    return this.traces.resume(request);
  }
}
