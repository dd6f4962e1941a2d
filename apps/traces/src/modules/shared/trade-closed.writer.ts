import { TradeClosed, tradeAggregateId, type TradeClosedV1 } from '@copytrade/contracts';
import type { OutboxWriter } from '@copytrade/nest';
import type { EntityManager } from 'typeorm';
import { TraceEntity, TradeEntity } from '../shared/entities';
import { closeOpenTrades } from '../shared/trade-writer';

export interface TradeClose {
  id: string;
  /** As stored (options: per contract in hundredths). */
  exitPrice: string;
  ownerStatus: 'sold' | 'closed';
  /** Sold part of the trade: the trade closes with this quantity (the rest is held, and the next sync lists it). */
  quantity?: string;
  brokerageOrderId?: string | null;
}

/** A stored price back to the price per share (options: stored per contract in hundredths). */
export const perShare = (trade: Pick<TradeEntity, 'isOptions' | 'contractMultiplier'>, stored: string): string =>
  trade.isOptions ? String(Number(stored) / (trade.contractMultiplier * 100)) : String(Number(stored));

/**
 * Closes open trades (trade-writer: realized P&L, statistics) and writes TradeClosed to the outbox for each trade
 * this call closed, in the caller's transaction. A trade closed meanwhile (a sync, the fill event, a retried sell)
 * is left alone and gets no event, so every trade's TradeClosed is written exactly once, whichever path closes it.
 * Returns the ids closed.
 */
export async function closeTradesAndPublish(
  manager: EntityManager,
  outbox: OutboxWriter,
  traceId: string,
  closes: TradeClose[],
  meta: { correlationId: string; causationId?: string; closedAt?: Date },
): Promise<string[]> {
  if (closes.length === 0) return [];
  const closedAt = meta.closedAt ?? new Date();
  for (const close of closes)
    if (close.quantity !== undefined)
      await manager.query(
        `UPDATE traces.trades SET quantity = $3 WHERE id = $1 AND trace_id = $2 AND status = 'open' AND quantity > $3`,
        [close.id, traceId, close.quantity],
      );
  const closedIds = await closeOpenTrades(
    manager,
    traceId,
    closes.map(({ id, exitPrice, ownerStatus }) => ({ id, exitPrice, ownerStatus })),
    closedAt,
  );
  if (closedIds.length === 0) return [];
  const trace = await manager.findOneByOrFail(TraceEntity, { id: traceId });
  for (const id of closedIds) {
    const trade = await manager.findOneByOrFail(TradeEntity, { id });
    const close = closes.find((candidate) => candidate.id === id)!;
    const event: TradeClosedV1 = {
      tradeId: trade.id,
      traceId,
      ownerUserId: trace.ownerUserId,
      symbol: trade.symbol,
      side: trade.side,
      quantity: String(Number(trade.quantity)),
      entryPrice: perShare(trade, trade.price),
      exitPrice: perShare(trade, trade.currentPrice),
      realizedPnl: String(Number(trade.realizedPnl ?? 0)),
      optionsTicker: trade.optionsTicker,
      contractMultiplier: trade.isOptions ? trade.contractMultiplier : 1,
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
