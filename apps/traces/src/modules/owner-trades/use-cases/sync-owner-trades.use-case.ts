import { Inject, Injectable } from '@nestjs/common';
import { OutboxWriter, selectList, type RpcCallContext } from '@copytrade/nest';
import { DataSource, type EntityManager } from 'typeorm';
import { OWNER_SELL_COLUMNS, OWNER_SELLS, type OwnerSellRecord } from '../../owner-sell/owner-sells.store';
import { TraceEntity, TradeEntity } from '../../shared/entities';
import { TRADE_COLUMNS, type TradeRow } from '../../shared/entities/trade.columns';
import { closeTradesAndPublish } from '../../shared/trade-closed.writer';
import type { TradeEventMeta } from '../../shared/trade-events';
import { autoShareProfitableTrades } from '../../shared/trade-sharing';
import { repriceOpenTrades, upsertSourcedTrades } from '../../shared/trade-writer';
import { BrokerageReader, type BrokerageSnapshot } from '../brokerage-reader';
import { instrumentOf, planSync } from '../mappers/brokerage-trades.mapper';

export interface SyncOutcome {
  /** False when the owner has no brokerage account to read. */
  synced: boolean;
  inserted: number;
  /**
   * Open trades this sync shared by the trace's auto-share setting: those in profit at their current price once
   * it is applied (new trades, repriced ones, and — right after the setting is turned on — those already in profit).
   */
  autoShared: number;
  /** Open trades closed because their position is gone. */
  closed: Array<{ id: string; isShared: boolean }>;
}

/** When the snapshot a sync applies was read, and who asked for the sync. */
export interface SyncMeta extends TradeEventMeta {
  /** The database's clock just before the brokerage was read (timestamptz as text, to the microsecond). */
  readAt: string;
}

/**
 * The owner's trades from their first brokerage account: the brokerage is read first (no transaction open
 * while waiting for the provider), then one transaction locks the trace's row — so syncs and fills of one trace
 * apply one after another — and upserts by source key (INSERT … ON CONFLICT, so even writers that do not take the
 * lock never duplicate a trade), reprices, closes what is no longer held with TradeClosed for each
 * (closeTradesAndPublish, as the owner sell and the fill consumer do: once per trade, whichever closes it), and —
 * when the trace auto-shares — shares the open trades now in profit with TradeShared (autoShareProfitableTrades).
 * Events go through the outbox in that transaction and statistics are recomputed in it. Units the owner's sells
 * sold are not counted back into their trades, and instruments another writer changed after the read are left to
 * the next sync. Callers have already checked the owner (requireTraceOwner).
 */
@Injectable()
export class SyncOwnerTradesUseCase {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(BrokerageReader) private readonly brokerage: BrokerageReader,
    private readonly outbox: OutboxWriter,
  ) {}

  async execute(trace: TraceEntity, context: RpcCallContext): Promise<SyncOutcome> {
    const [{ now }] = (await this.dataSource.query(`SELECT clock_timestamp()::text AS now`)) as Array<{ now: string }>;
    const snapshot = await this.brokerage.firstAccount(trace.ownerUserId, context);
    if (!snapshot) return { synced: false, inserted: 0, autoShared: 0, closed: [] };
    return this.dataSource.transaction((manager) =>
      this.apply(manager, trace.id, snapshot, { correlationId: context.requestId, readAt: now }),
    );
  }

  async apply(
    manager: EntityManager,
    traceId: string,
    snapshot: BrokerageSnapshot,
    meta: SyncMeta,
  ): Promise<SyncOutcome> {
    const trace = await manager.findOneOrFail(TraceEntity, {
      where: { id: traceId },
      lock: { mode: 'pessimistic_write' },
    });
    const stored = await manager.find(TradeEntity, {
      where: { traceId, brokerageAccountId: snapshot.accountId },
    });
    const sells = await ownerSellsOf(manager, traceId, meta.readAt);
    const changedSinceRead = await createdSince(manager, traceId, snapshot.accountId, meta.readAt);
    for (const trade of stored) if (sells.settledSinceRead.has(trade.id)) changedSinceRead.add(instrumentOf(trade));
    const plan = planSync(snapshot, stored, new Date(), { soldByTrade: sells.soldByTrade, changedSinceRead });
    const { correlationId, causationId } = meta;
    const inserted = plan.upserts.length > 0 ? await upsertSourcedTrades(manager, traceId, plan.upserts) : [];
    await repriceOpenTrades(manager, traceId, plan.reprices);
    const closedIds = new Set(
      await closeTradesAndPublish(manager, this.outbox, traceId, plan.closes, { correlationId, causationId }),
    );
    // Once every price of this sync is in (closed trades are no longer open): the open trades in profit now. All
    // of the trace's open trades are looked at, so turning the setting on shares those already in profit at the
    // next sync.
    const autoShared = await autoShareProfitableTrades(manager, this.outbox, trace, { correlationId, causationId });
    const closed = stored
      .filter((trade) => closedIds.has(trade.id))
      .map((trade) => ({ id: trade.id, isShared: trade.isShared }));
    return { synced: true, inserted: inserted.length, autoShared: autoShared.length, closed };
  }
}

/**
 * What the owner's sells of the trace's trades have sold (filled and partly filled sells), per trade, and the trades
 * a sell settled on after `readAt` (the snapshot may predate that sale).
 */
async function ownerSellsOf(
  manager: EntityManager,
  traceId: string,
  readAt: string,
): Promise<{ soldByTrade: Map<string, number>; settledSinceRead: Set<string> }> {
  const { tradeId } = OWNER_SELL_COLUMNS;
  const rows = (await manager.query(
    `SELECT ${selectList<Pick<OwnerSellRecord, 'tradeId'>>({ tradeId })}, sum(filled_quantity)::float8 AS "sold",
            bool_or(updated_at >= $2::timestamptz) AS "settledSinceRead"
       FROM ${OWNER_SELLS} WHERE trace_id = $1 AND filled_quantity > 0
      GROUP BY trade_id`,
    [traceId, readAt],
  )) as Array<{ tradeId: string; sold: number; settledSinceRead: boolean }>;
  return {
    soldByTrade: new Map(rows.map((row) => [row.tradeId, row.sold])),
    settledSinceRead: new Set(rows.filter((row) => row.settledSinceRead).map((row) => row.tradeId)),
  };
}

/** Instruments of the account's trades another writer (a fill) inserted after `readAt`. */
async function createdSince(
  manager: EntityManager,
  traceId: string,
  accountId: string,
  readAt: string,
): Promise<Set<string>> {
  const { symbol, optionsTicker } = TRADE_COLUMNS;
  const rows = (await manager.query(
    `SELECT ${selectList<Pick<TradeRow, 'symbol' | 'optionsTicker'>>({ symbol, optionsTicker })} FROM traces.trades
      WHERE trace_id = $1 AND brokerage_account_id = $2 AND created_at >= $3::timestamptz`,
    [traceId, accountId, readAt],
  )) as Array<Pick<TradeRow, 'symbol' | 'optionsTicker'>>;
  return new Set(rows.map(instrumentOf));
}
