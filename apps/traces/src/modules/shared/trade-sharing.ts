import { TradeShared, tradeAggregateId, type TierName, type TradeSharedV1 } from '@copytrade/contracts';
import type { OutboxWriter } from '@copytrade/nest';
import type { EntityManager } from 'typeorm';
import { TradeEntity, type TraceEntity } from './entities';
import { tradeEventFields, type TradeEventMeta } from './trade-events';

export interface SharingChoice {
  minTier: TierName;
  strategy?: string | null;
  confidence?: string | null;
  notes?: string | null;
}

/**
 * Private → shared (one way) at `minTier`, with TradeShared (aggregate `trade:<id>`) written to the outbox in the
 * caller's transaction. The caller has checked the trade: of its trace, open, not shared yet, its row locked or
 * inserted by this very transaction. Blank strategy, confidence or notes keep the trade's own.
 */
export async function shareTradeAndPublish(
  manager: EntityManager,
  outbox: OutboxWriter,
  trace: Pick<TraceEntity, 'id' | 'ownerUserId'>,
  tradeId: string,
  choice: SharingChoice,
  meta: TradeEventMeta,
): Promise<TradeEntity> {
  const sharedAt = new Date();
  const change: Partial<TradeEntity> = { isShared: true, requiredTier: choice.minTier, sharedAt };
  if (choice.strategy?.trim()) change.strategy = choice.strategy.trim();
  if (choice.confidence?.trim()) change.confidence = choice.confidence.trim();
  if (choice.notes?.trim()) change.notes = choice.notes.trim();
  await manager.update(TradeEntity, { id: tradeId }, change);
  const shared = await manager.findOneByOrFail(TradeEntity, { id: tradeId });
  const event: TradeSharedV1 = {
    ...tradeEventFields(trace, shared),
    isOptions: shared.isOptions,
    requiredTier: choice.minTier,
    strategy: shared.strategy,
    confidence: shared.confidence,
    notes: shared.notes,
    sharedAt: sharedAt.toISOString(),
  };
  await outbox.add(manager, TradeShared, event, { ...meta, aggregateId: tradeAggregateId(shared.id) });
  return shared;
}

/**
 * Whether an open trade is in profit at its current price, over a traces.trades row: a buy above its entry price, a
 * sell (short) below it. Options store both prices per contract in hundredths, so the comparison is the same.
 */
const PROFITABLE_SQL = `CASE side WHEN 'buy' THEN current_price > price WHEN 'sell' THEN current_price < price ELSE false END`;

/**
 * The trace's auto-share setting (Privacy & Sharing: autoShareProfitableTrades, defaultSharingTier — "Share trades
 * automatically once they are profitable"). With it on, every open, not yet shared trade of the trace that is
 * profitable at its current price (PROFITABLE_SQL) is shared at the default tier with one TradeShared, in the
 * caller's transaction. Callers run it wherever a trade of the trace gets a current price or is created from the
 * brokerage (a sync after its upserts, reprices and closes; an order fill), holding the trace's row locked. Losing
 * and flat trades stay private until a later price makes them profitable; sharing is one way, so a shared trade
 * that turns losing stays shared. Since every open trade of the trace is looked at (not only those this caller
 * priced), turning the setting on shares the trades already in profit at the next sync (or fill) of the trace.
 *
 * The candidates are selected FOR UPDATE (in the order the owner sell locks a trace's trades) and `NOT is_shared`
 * is checked again on the locked row, so with concurrent syncs, fills or a manual share, each trade is shared —
 * and TradeShared published — once. With the setting off nothing happens. `trace` is the row as this transaction
 * read it. Returns the ids shared.
 */
export async function autoShareProfitableTrades(
  manager: EntityManager,
  outbox: OutboxWriter,
  trace: Pick<TraceEntity, 'id' | 'ownerUserId' | 'autoShareProfitableTrades' | 'defaultSharingTier'>,
  meta: TradeEventMeta,
): Promise<string[]> {
  if (!trace.autoShareProfitableTrades) return [];
  const candidates = (await manager.query(
    `SELECT id FROM traces.trades
      WHERE trace_id = $1 AND status = 'open' AND NOT is_shared AND ${PROFITABLE_SQL}
      ORDER BY executed_at, id FOR UPDATE`,
    [trace.id],
  )) as Array<{ id: string }>;
  for (const { id } of candidates)
    await shareTradeAndPublish(manager, outbox, trace, id, { minTier: trace.defaultSharingTier }, meta);
  return candidates.map(({ id }) => id);
}
