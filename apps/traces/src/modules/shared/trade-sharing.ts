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
 * The trace's auto-share setting (Privacy & Sharing: autoShareProfitableTrades, defaultSharingTier) applied to
 * trades just inserted from the owner's brokerage (a sync or an order fill), in the transaction that inserted them:
 * with it on, each is shared at once at the default tier with its TradeShared — once, since only the inserting
 * transaction passes their ids. With it off nothing happens. `trace` is the row as this transaction read it.
 * Returns the ids shared.
 */
export async function autoShareNewTrades(
  manager: EntityManager,
  outbox: OutboxWriter,
  trace: Pick<TraceEntity, 'id' | 'ownerUserId' | 'autoShareProfitableTrades' | 'defaultSharingTier'>,
  insertedIds: string[],
  meta: TradeEventMeta,
): Promise<string[]> {
  if (!trace.autoShareProfitableTrades || insertedIds.length === 0) return [];
  for (const id of insertedIds)
    await shareTradeAndPublish(manager, outbox, trace, id, { minTier: trace.defaultSharingTier }, meta);
  return insertedIds;
}
