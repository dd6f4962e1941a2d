import { Inject, Injectable } from '@nestjs/common';
import type { RpcCallContext } from '@copytrade/nest';
import { DataSource, type EntityManager } from 'typeorm';
import { TraceEntity, TradeEntity } from '../../shared/entities';
import { closeOpenTrades, repriceOpenTrades, upsertSourcedTrades } from '../../shared/trade-writer';
import { BrokerageReader, type BrokerageSnapshot } from '../brokerage-reader';
import { planSync } from '../mappers/brokerage-trades.mapper';

export interface SyncOutcome {
  /** False when the owner has no brokerage account to read. */
  synced: boolean;
  inserted: number;
  /** Open trades closed because their position is gone. */
  closed: Array<{ id: string; isShared: boolean }>;
}

/**
 * The owner's trades from their first brokerage account: the brokerage is read first (no transaction open
 * while waiting for the provider), then one transaction locks the trace's row — so syncs and fills of one trace
 * apply one after another — and upserts by source key (INSERT … ON CONFLICT, so even writers that do not take the
 * lock never duplicate a trade), reprices, and closes what is no longer held. Statistics are recomputed by the
 * trade-writer in that transaction. Callers have already checked the owner (requireTraceOwner).
 */
@Injectable()
export class SyncOwnerTradesUseCase {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(BrokerageReader) private readonly brokerage: BrokerageReader,
  ) {}

  async execute(trace: TraceEntity, context: RpcCallContext): Promise<SyncOutcome> {
    const snapshot = await this.brokerage.firstAccount(trace.ownerUserId, context);
    if (!snapshot) return { synced: false, inserted: 0, closed: [] };
    return this.dataSource.transaction((manager) => this.apply(manager, trace.id, snapshot));
  }

  async apply(manager: EntityManager, traceId: string, snapshot: BrokerageSnapshot): Promise<SyncOutcome> {
    await manager.findOne(TraceEntity, { where: { id: traceId }, lock: { mode: 'pessimistic_write' } });
    const stored = await manager.find(TradeEntity, {
      where: { traceId, brokerageAccountId: snapshot.accountId },
    });
    const plan = planSync(snapshot, stored, new Date());
    const inserted = plan.upserts.length > 0 ? await upsertSourcedTrades(manager, traceId, plan.upserts) : 0;
    await repriceOpenTrades(manager, traceId, plan.reprices);
    const closedIds = new Set(await closeOpenTrades(manager, traceId, plan.closes));
    const closed = stored
      .filter((trade) => closedIds.has(trade.id))
      .map((trade) => ({ id: trade.id, isShared: trade.isShared }));
    return { synced: true, inserted, closed };
  }
}
