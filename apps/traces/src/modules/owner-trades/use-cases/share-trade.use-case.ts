import { Injectable } from '@nestjs/common';
import {
  OwnerTradesErrorCode,
  OwnerTradesMessages,
  TradeShared,
  tradeAggregateId,
  type RpcRequest,
  type ShareTradeRpcPayload,
  type ShareTradeRpcReply,
  type TradeSharedV1,
} from '@copytrade/contracts';
import { DomainException, OutboxRelay, OutboxWriter } from '@copytrade/nest';
import { DataSource } from 'typeorm';
import { TradeEntity, type TraceEntity } from '../../shared/entities';
import { requireTraceOwner } from '../../shared/trace-access';
import { toOwnerTradeView } from '../mappers/owner-trade-view.mapper';

/** A stored price back to the price per share (options: stored per contract in hundredths). */
const perShare = (trade: TradeEntity, stored: string): string =>
  trade.isOptions ? String(Number(stored) / (trade.contractMultiplier * 100)) : String(Number(stored));

/**
 * POST /api/trace-owner/{traceId}/share-trade: one way, private → shared at `minTier`. The trade's row is locked,
 * so of two concurrent shares exactly one succeeds; the other, and any later one, is 409 TRADE_ALREADY_SHARED.
 * A closed trade is 409 TRADE_NOT_OPEN; a trade of another trace is 404 TRADE_NOT_FOUND. TradeShared
 * (aggregate `trade:<id>`) is written to the outbox in the same transaction.
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
      const sharedAt = new Date();
      const change: Partial<TradeEntity> = { isShared: true, requiredTier: payload.minTier, sharedAt };
      if (payload.strategy?.trim()) change.strategy = payload.strategy.trim();
      if (payload.confidence?.trim()) change.confidence = payload.confidence.trim();
      if (payload.notes?.trim()) change.notes = payload.notes.trim();
      await manager.update(TradeEntity, { id: trade.id }, change);
      const updated = await manager.findOneByOrFail(TradeEntity, { id: trade.id });
      const event: TradeSharedV1 = {
        tradeId: updated.id,
        traceId: trace.id,
        ownerUserId: trace.ownerUserId,
        symbol: updated.symbol,
        side: updated.side,
        quantity: String(Number(updated.quantity)),
        entryPrice: perShare(updated, updated.price),
        isOptions: updated.isOptions,
        optionType: updated.optionType,
        optionsTicker: updated.optionsTicker,
        strikePrice: updated.strikePrice == null ? null : String(Number(updated.strikePrice)),
        expirationDate: updated.expirationDate,
        contractMultiplier: updated.isOptions ? updated.contractMultiplier : 1,
        requiredTier: payload.minTier,
        strategy: updated.strategy,
        confidence: updated.confidence,
        notes: updated.notes,
        sharedAt: sharedAt.toISOString(),
      };
      await this.outbox.add(manager, TradeShared, event, {
        correlationId: requestId,
        aggregateId: tradeAggregateId(updated.id),
      });
      return updated;
    });
    this.relay.kick();
    return { trade: toOwnerTradeView(shared) };
  }
}
