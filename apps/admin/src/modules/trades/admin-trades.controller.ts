import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  ADMIN_DEFAULT_SHARE_TIER,
  AdminListTradesRpcCall,
  AdminShareTradeRpcCall,
  AdminTradeIdRpcCall,
  AdminTradesRpc,
  CopyEngineAdminRpc,
  TracesAdminTradesRpc,
  type AdminDeleteTradeRpcReply,
  type AdminTradeChangeRpcReply,
  type AdminTradesRpcReply,
  type CopiesOfTradesRpcReply,
  type RpcRequest,
  type TracesAdminDeleteTradeRpcReply,
  type TracesAdminTradeChangeRpcReply,
  type TracesAdminTradesRpcReply,
} from '@copytrade/contracts';
import { RpcClient } from '@copytrade/nest';
import { AdminAuditRecorder } from '../audit/admin-audit.recorder';
import { requireAdmin } from '../rpc/require-admin';
import { IDENTITY_RPC_CLIENT } from '../rpc/service-rpc-client.module';
import { TRACES_RPC_CLIENT } from '../traces/traces-rpc-client.provider';
import { toAdminTradeViews } from './admin-trade-views';
import { COPY_ENGINE_RPC_CLIENT } from './copy-engine-rpc-client.module';

/**
 * The admin panel's Trades tab (docs/product.md#admin-panel): traces owns the trades (and checks admin rights again),
 * the copy engine their copies, identity the names. Each change is recorded in the audit log once traces committed it
 * (no cross-service transaction: a failed audit insert fails the call, the change stands).
 */
@Controller()
export class AdminTradesController {
  constructor(
    @Inject(TRACES_RPC_CLIENT) private readonly traces: RpcClient,
    @Inject(COPY_ENGINE_RPC_CLIENT) private readonly copyEngine: RpcClient,
    @Inject(IDENTITY_RPC_CLIENT) private readonly identity: RpcClient,
    private readonly auditLog: AdminAuditRecorder,
  ) {}

  @MessagePattern(AdminTradesRpc.list)
  async list(@Payload() { actor, payload, requestId }: AdminListTradesRpcCall): Promise<AdminTradesRpcReply> {
    requireAdmin(actor);
    const context = { requestId, actor };
    const reply = await this.traces.request<object, TracesAdminTradesRpcReply>(
      TracesAdminTradesRpc.list,
      payload,
      context,
    );
    return { trades: await this.views(reply.trades, context), total: reply.total };
  }

  /** requiredTier premium when none is named (docs/product.md#admin-panel). */
  @MessagePattern(AdminTradesRpc.share)
  share(@Payload() request: AdminShareTradeRpcCall): Promise<AdminTradeChangeRpcReply> {
    const { tradeId, requiredTier } = request.payload;
    return this.change(request, TracesAdminTradesRpc.share, 'trade.share', {
      tradeId,
      requiredTier: requiredTier ?? ADMIN_DEFAULT_SHARE_TIER,
    });
  }

  @MessagePattern(AdminTradesRpc.unshare)
  unshare(@Payload() request: AdminTradeIdRpcCall): Promise<AdminTradeChangeRpcReply> {
    return this.change(request, TracesAdminTradesRpc.unshare, 'trade.unshare', { tradeId: request.payload.tradeId });
  }

  /**
   * The trade goes; its copies stay with their copiers (counted first, so a copy engine that does not answer
   * leaves the trade in place): they are the followers' own positions, closed from My Copy Trades as before.
   */
  @MessagePattern(AdminTradesRpc.delete)
  async delete(@Payload() request: AdminTradeIdRpcCall): Promise<AdminDeleteTradeRpcReply> {
    const { actor, payload, requestId } = request;
    requireAdmin(actor);
    const context = { requestId, actor };
    const { copies } = await this.copyEngine.request<object, CopiesOfTradesRpcReply>(
      CopyEngineAdminRpc.copiesOfTrades,
      { tradeIds: [payload.tradeId] },
      context,
    );
    const copiesKept = copies[payload.tradeId]?.count ?? 0;
    const reply = await this.traces.request<object, TracesAdminDeleteTradeRpcReply>(
      TracesAdminTradesRpc.delete,
      { tradeId: payload.tradeId },
      context,
    );
    await this.auditLog.record(request, {
      action: 'trade.delete',
      target: { type: 'trade', id: payload.tradeId },
      before: reply.before,
      after: { deleted: true, copiesKept },
    });
    return { copiesKept };
  }

  private async change(
    request: RpcRequest<{ tradeId: string }>,
    pattern: string,
    action: string,
    payload: object,
  ): Promise<AdminTradeChangeRpcReply> {
    const { actor, requestId } = request;
    requireAdmin(actor);
    const context = { requestId, actor };
    const reply = await this.traces.request<object, TracesAdminTradeChangeRpcReply>(pattern, payload, context);
    await this.auditLog.record(request, {
      action,
      target: { type: 'trade', id: request.payload.tradeId },
      before: reply.before,
      after: reply.after,
    });
    const [trade] = await this.views([reply.trade], context);
    return { trade: trade! };
  }

  private views(
    records: TracesAdminTradesRpcReply['trades'],
    context: { requestId: string; actor?: RpcRequest<unknown>['actor'] },
  ) {
    return toAdminTradeViews(records, { copyEngine: this.copyEngine, identity: this.identity }, context);
  }
}
