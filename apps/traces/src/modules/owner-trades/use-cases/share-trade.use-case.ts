import { Injectable } from '@nestjs/common';
import {
  OwnerTradesErrorCode,
  OwnerTradesMessages,
  type RpcRequest,
  type ShareTradeRpcPayload,
  type ShareTradeRpcReply,
} from '@copytrade/contracts';
import { DomainException, OutboxRelay, OutboxWriter } from '@copytrade/nest';
import { DataSource } from 'typeorm';
import { TradeEntity, type TraceEntity } from '../../shared/entities';
import { requireTraceOwner } from '../../shared/trace-access';
import { shareTradeAndPublish } from '../../shared/trade-sharing';
import { toOwnerTradeView } from '../mappers/owner-trade-view.mapper';

/**
 * POST /api/trace-owner/{traceId}/share-trade: one way, private → shared at `minTier`. The trade's row is locked,
 * so of two concurrent shares exactly one succeeds; the other, and any later one, is 409 TRADE_ALREADY_SHARED.
 * A closed trade is 409 TRADE_NOT_OPEN; a trade of another trace is 404 TRADE_NOT_FOUND. TradeShared
 * (aggregate `trade:<id>`) is written to the outbox in the same transaction (shareTradeAndPublish).
 */
@Injectable()
export class ShareTradeUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: OutboxWriter,
    private readonly relay: OutboxRelay,
  ) {}

  async execute({ actor, payload, requestId }: RpcRequest<ShareTradeRpcPayload>): Promise<ShareTradeRpcReply> {
    const shared = await this.dataSource.transaction(async (manager) => {
      const trace: TraceEntity = await requireTraceOwner(manager, payload.traceId, actor);
      const trade = await manager.findOne(TradeEntity, {
        where: { id: payload.snaptradeTradeId, traceId: trace.id },
        lock: { mode: 'pessimistic_write' },
      });
      if (!trade)
        throw DomainException.notFound(OwnerTradesMessages.tradeNotFound, OwnerTradesErrorCode.TRADE_NOT_FOUND);
      if (trade.isShared)
        throw new DomainException(409, OwnerTradesErrorCode.TRADE_ALREADY_SHARED, OwnerTradesMessages.alreadyShared);
      if (trade.status !== 'open')
        throw new DomainException(409, OwnerTradesErrorCode.TRADE_NOT_OPEN, OwnerTradesMessages.notOpen);
      return shareTradeAndPublish(manager, this.outbox, trace, trade.id, payload, { correlationId: requestId });
    });
    this.relay.kick();
    return { trade: toOwnerTradeView(shared) };
  }
}
