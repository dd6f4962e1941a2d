import { Injectable } from '@nestjs/common';
import {
  TIER_NAMES,
  TRADES_PAGE_DEFAULT,
  TracesMessages,
  type ListTradesRpcPayload,
  type ListTradesRpcReply,
  type RpcRequest,
} from '@copytrade/contracts';
import { DomainException } from '@copytrade/nest';
import { DataSource } from 'typeorm';
import { TradeEntity } from '../../shared/entities';
import { findTraceOrThrow, requireActor, viewerOf } from '../../shared/trace-access';
import { toTradeView } from '../../shared/trace-views';

/**
 * GET /api/traces/{id}/trades: shared trades only, newest first. The owner sees every shared trade; an active
 * subscriber those whose required tier ranks at or below theirs; anyone else gets 403 and no trade.
 * Checked on every call against the database, so an ended subscription loses access at once. The reply says
 * what the caller's access is (`viewer`, as the trace page has it): gateways cache the trades by it.
 */
@Injectable()
export class ListTradesUseCase {
  constructor(private readonly dataSource: DataSource) {}

  async execute({ actor, payload }: RpcRequest<ListTradesRpcPayload>): Promise<ListTradesRpcReply> {
    const { userId } = requireActor(actor);
    const manager = this.dataSource.manager;
    const trace = await findTraceOrThrow(manager, payload.traceId);
    const viewer = await viewerOf(manager, trace, userId);
    if (!viewer.hasAccess) throw new DomainException(403, 'SUBSCRIPTION_REQUIRED', TracesMessages.subscriptionRequired);
    const visibleTiers = viewer.isOwner ? [...TIER_NAMES] : TIER_NAMES.slice(0, (viewer.tierRank ?? 0) + 1);
    const builder = manager
      .getRepository(TradeEntity)
      .createQueryBuilder('trade')
      .where('trade.trace_id = :traceId', { traceId: trace.id })
      .andWhere('trade.is_shared')
      .andWhere('trade.required_tier IN (:...visibleTiers)', { visibleTiers });
    if (payload.status) builder.andWhere('trade.status = :status', { status: payload.status });
    const trades = await builder
      .orderBy('trade.executed_at', 'DESC')
      .addOrderBy('trade.id', 'DESC')
      .limit(payload.limit ?? TRADES_PAGE_DEFAULT)
      .getMany();
    const { tierRank: _rank, ...viewerView } = viewer;
    return { trades: trades.map(toTradeView), viewer: viewerView };
  }
}
