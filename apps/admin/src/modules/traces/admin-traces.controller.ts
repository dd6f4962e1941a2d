import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  ActorOnlyRpcCall,
  AdminCreateTraceRpcCall,
  AdminListTracesRpcCall,
  AdminTraceIdRpcCall,
  AdminTracesRpc,
  AdminUpdateTraceOwnerRpcCall,
  Messages,
  TracesAdminRpc,
  type AdminDeleteTraceRpcReply,
  type AdminOnboardingTraderRpcReply,
  type AdminTraceChangeRpcReply,
  type AdminTracesRpcReply,
  type RpcRequest,
} from '@copytrade/contracts';
import { DomainException, RpcClient } from '@copytrade/nest';
import { AdminAuditRecorder } from '../audit/admin-audit.recorder';
import { TRACES_RPC_CLIENT } from './traces-rpc-client.provider';

/**
 * The admin panel's trace management: admin checks the caller, asks the traces service (which owns traces and
 * checks admin rights again), then records each change in its audit log (actor, action, before → after, time).
 * The change is committed in traces before the audit row: an audit insert that fails is reported as a failure
 * of the call, though the change stands (no cross-service transaction).
 */
@Controller()
export class AdminTracesController {
  constructor(
    private readonly auditLog: AdminAuditRecorder,
    @Inject(TRACES_RPC_CLIENT) private readonly traces: RpcClient,
  ) {}

  @MessagePattern(AdminTracesRpc.list)
  list(@Payload() request: AdminListTracesRpcCall): Promise<AdminTracesRpcReply> {
    return this.forward(request, TracesAdminRpc.list);
  }

  @MessagePattern(AdminTracesRpc.getOnboardingTrader)
  getOnboardingTrader(@Payload() request: ActorOnlyRpcCall): Promise<AdminOnboardingTraderRpcReply> {
    return this.forward(request, TracesAdminRpc.getOnboardingTrader);
  }

  @MessagePattern(AdminTracesRpc.create)
  async create(@Payload() request: AdminCreateTraceRpcCall): Promise<AdminTraceChangeRpcReply> {
    const reply = await this.forward<AdminTraceChangeRpcReply>(request, TracesAdminRpc.create);
    await this.audit(request, 'trace.create', reply.trace.id, reply.before, reply.after);
    return reply;
  }

  @MessagePattern(AdminTracesRpc.updateOwner)
  async updateOwner(@Payload() request: AdminUpdateTraceOwnerRpcCall): Promise<AdminTraceChangeRpcReply> {
    const reply = await this.forward<AdminTraceChangeRpcReply>(request, TracesAdminRpc.updateOwner);
    await this.audit(request, 'trace.update-owner', request.payload.traceId, reply.before, reply.after);
    return reply;
  }

  @MessagePattern(AdminTracesRpc.setOnboardingTrader)
  async setOnboardingTrader(@Payload() request: AdminTraceIdRpcCall): Promise<AdminTraceChangeRpcReply> {
    const reply = await this.forward<AdminTraceChangeRpcReply>(request, TracesAdminRpc.setOnboardingTrader);
    await this.audit(request, 'trace.set-onboarding-trader', request.payload.traceId, reply.before, reply.after);
    return reply;
  }

  @MessagePattern(AdminTracesRpc.delete)
  async delete(@Payload() request: AdminTraceIdRpcCall): Promise<AdminDeleteTraceRpcReply> {
    const reply = await this.forward<AdminDeleteTraceRpcReply>(request, TracesAdminRpc.delete);
    await this.audit(request, 'trace.delete', request.payload.traceId, reply.before, {
      deleted: true,
      endedSubscriptions: reply.endedSubscriptions,
      deletedTrades: reply.deletedTrades,
    });
    return reply;
  }

  private forward<TReply>({ actor, payload, requestId }: RpcRequest<object>, pattern: string): Promise<TReply> {
    if (!actor) throw DomainException.unauthenticated(Messages.notSignedIn);
    if (!actor.isAdmin) throw DomainException.forbidden(Messages.adminOnly);
    return this.traces.request<object, TReply>(pattern, payload, { requestId, actor });
  }

  private audit(request: RpcRequest<object>, action: string, traceId: string, before: unknown, after: unknown) {
    return this.auditLog.record(request, { action, target: { type: 'trace', id: traceId }, before, after });
  }
}
