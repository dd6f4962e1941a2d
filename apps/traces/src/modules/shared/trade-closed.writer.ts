import { TradeClosed, tradeAggregateId, type TradeClosedV1 } from '@copytrade/contracts';
import type { OutboxWriter } from '@copytrade/nest';
import type { EntityManager } from 'typeorm';
import { TraceEntity, TradeEntity } from './entities';
import { perShare, tradeEventFields, type TradeEventMeta } from './trade-events';
import { closeOpenTrades } from './trade-writer';

export interface TradeClose {
  id: string;
  /** As stored (options: per contract in hundredths). */
  exitPrice: string;
  ownerStatus: 'sold' | 'closed';
  brokerageOrderId?: string | null;
}

/**
 * Closes open trades (trade-writer: realized P&L, statistics) and writes TradeClosed to the outbox for each trade
 * this call closed, in the caller's transaction. Every path that closes a brokerage trade comes here: the owner's
 * sell, a sell fill (OrderFilled), a sync that finds the position gone. A trade closed meanwhile (by another of
 * them, or a retry) is left alone and gets no event, so every trade's TradeClosed is written exactly once,
 * whichever path closes it. Returns the ids closed.
 */
export async function closeTradesAndPublish(
  manager: EntityManager,
  outbox: OutboxWriter,
  traceId: string,
  closes: TradeClose[],
  meta: TradeEventMeta & { closedAt?: Date },
): Promise<string[]> {
  if (closes.length === 0) return [];
  const closedAt = meta.closedAt ?? new Date();
  const closedIds = await closeOpenTrades(
    manager,
    traceId,
    closes.map(({ id, exitPrice, ownerStatus }) => ({ id, exitPrice, ownerStatus })),
    closedAt,
  );
  if (closedIds.length === 0) return [];
  const trace = await manager.findOneByOrFail(TraceEntity, { id: traceId });
  const byId = new Map(closes.map((close) => [close.id, close]));
  for (const id of closedIds) {
    const trade = await manager.findOneByOrFail(TradeEntity, { id });
    const close = byId.get(id)!;
    const event: TradeClosedV1 = {
      ...tradeEventFields(trace, trade),
      exitPrice: perShare(trade, trade.currentPrice),
      realizedPnl: String(Number(trade.realizedPnl ?? 0)),
      reason: close.ownerStatus,
      isShared: trade.isShared,
      brokerageOrderId: close.brokerageOrderId ?? null,
      closedAt: closedAt.toISOString(),
    };
    await outbox.add(manager, TradeClosed, event, {
      correlationId: meta.correlationId,
      causationId: meta.causationId,
      aggregateId: tradeAggregateId(trade.id),
    });
  }
  return closedIds;
}
