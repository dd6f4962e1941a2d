import type { OwnerTradeStatus, TierName, TradeSide, TradeStatus } from '@copytrade/contracts';
import type { EntityManager } from 'typeorm';
import { TradeEntity } from './entities';
import { tracesChangedAfterCommit } from '../traces-changes/traces-changes';
import { recomputeTraceStats } from './trace-stats';

export interface NewTrade {
  symbol: string;
  side: TradeSide;
  quantity: number | string;
  /** Options: hundredths (per-contract dollars × 100). */
  price: number | string;
  currentPrice: number | string;
  status: TradeStatus;
  executedAt: Date;
  closedAt?: Date | null;
  strategy?: string;
  confidence?: string;
  notes?: string | null;
  tags?: string[];
  isShared?: boolean;
  requiredTier?: TierName | null;
  isOptions?: boolean;
  optionType?: 'call' | 'put' | null;
  optionsTicker?: string | null;
  strikePrice?: number | string | null;
  expirationDate?: string | null;
}

const INSERT_CHUNK = 1000;

/**
 * The one way trades are written in this service (demo data, tests, and the owner dashboard to come): the
 * rows and the trace's recomputed statistics commit together, so the statistics always match the trades.
 */
export async function addTrades(manager: EntityManager, traceId: string, trades: NewTrade[]): Promise<void> {
  for (let start = 0; start < trades.length; start += INSERT_CHUNK) {
    await manager.insert(
      TradeEntity,
      trades.slice(start, start + INSERT_CHUNK).map((trade) => ({
        traceId,
        symbol: trade.symbol,
        side: trade.side,
        quantity: String(trade.quantity),
        price: String(trade.price),
        currentPrice: String(trade.currentPrice),
        status: trade.status,
        executedAt: trade.executedAt,
        closedAt: trade.status === 'closed' ? (trade.closedAt ?? trade.executedAt) : null,
        strategy: trade.strategy ?? 'Unknown',
        confidence: trade.confidence ?? 'Medium',
        notes: trade.notes ?? null,
        tags: trade.tags ?? [],
        isShared: trade.isShared ?? false,
        requiredTier: trade.isShared ? (trade.requiredTier ?? 'premium') : (trade.requiredTier ?? null),
        isOptions: trade.isOptions ?? false,
        optionType: trade.optionType ?? null,
        optionsTicker: trade.optionsTicker ?? null,
        strikePrice: trade.strikePrice == null ? null : String(trade.strikePrice),
        expirationDate: trade.expirationDate ?? null,
        contractMultiplier: trade.isOptions ? 100 : 1,
      })),
    );
  }
  await recomputeTraceStats(manager, traceId);
}

/** Closing or repricing trades goes through here too, for the same reason. */
export async function updateTrade(
  manager: EntityManager,
  tradeId: string,
  change: Partial<Pick<TradeEntity, 'currentPrice' | 'status' | 'closedAt' | 'isShared' | 'requiredTier'>>,
): Promise<void> {
  const trade = await manager.findOneByOrFail(TradeEntity, { id: tradeId });
  await manager.update(TradeEntity, { id: tradeId }, change);
  await recomputeTraceStats(manager, trade.traceId);
}

/** A trade from the owner's brokerage, known by its source key (unique per trace). */
export interface SourcedTrade {
  sourceKey: string;
  brokerageAccountId: string;
  ownerStatus: Extract<OwnerTradeStatus, 'open' | 'executed' | 'filled'>;
  symbol: string;
  side: TradeSide;
  quantity: string;
  /** Options: hundredths (per-contract dollars × 100). */
  price: string;
  currentPrice: string;
  executedAt: Date;
  isOptions: boolean;
  optionType: 'call' | 'put' | null;
  optionsTicker: string | null;
  strikePrice: string | null;
  expirationDate: string | null;
  contractMultiplier: number;
}

const UPSERT_CHUNK = 500;
const SOURCED_COLUMNS = [
  'trace_id',
  'source_key',
  'brokerage_account_id',
  'owner_status',
  'status',
  'symbol',
  'side',
  'quantity',
  'price',
  'current_price',
  'executed_at',
  'is_options',
  'option_type',
  'options_ticker',
  'strike_price',
  'expiration_date',
  'contract_multiplier',
] as const;

/**
 * Brokerage trades by source key, with INSERT … ON CONFLICT (trace_id, source_key): concurrent writers of one
 * key end with one row. A trade that exists and is still open takes the new quantity, prices and status (left
 * untouched when they are the same: a sync of an unchanged account rewrites no row); a closed one is never reopened. Statistics are recomputed in the same transaction. Returns the ids of the rows
 * this call inserted (not those it updated).
 */
export async function upsertSourcedTrades(
  manager: EntityManager,
  traceId: string,
  trades: SourcedTrade[],
): Promise<string[]> {
  const inserted: string[] = [];
  for (let start = 0; start < trades.length; start += UPSERT_CHUNK) {
    const chunk = trades.slice(start, start + UPSERT_CHUNK);
    const params: unknown[] = [];
    const rows = chunk.map((trade) => {
      const values = [
        traceId,
        trade.sourceKey,
        trade.brokerageAccountId,
        trade.ownerStatus,
        'open',
        trade.symbol,
        trade.side,
        trade.quantity,
        trade.price,
        trade.currentPrice,
        trade.executedAt,
        trade.isOptions,
        trade.optionType,
        trade.optionsTicker,
        trade.strikePrice,
        trade.expirationDate,
        trade.contractMultiplier,
      ];
      const placeholders = values.map((value) => {
        params.push(value);
        return `$${params.length}`;
      });
      return `(${placeholders.join(', ')})`;
    });
    const result = (await manager.query(
      `INSERT INTO traces.trades AS t (${SOURCED_COLUMNS.join(', ')}) VALUES ${rows.join(', ')}
       ON CONFLICT (trace_id, source_key) DO UPDATE SET
         quantity = EXCLUDED.quantity, price = EXCLUDED.price, current_price = EXCLUDED.current_price,
         owner_status = EXCLUDED.owner_status
       WHERE t.status = 'open'
         AND (t.quantity, t.price, t.current_price, t.owner_status)
             IS DISTINCT FROM (EXCLUDED.quantity, EXCLUDED.price, EXCLUDED.current_price, EXCLUDED.owner_status)
       RETURNING id, (xmax = 0) AS inserted`,
      params,
    )) as Array<{ id: string; inserted: boolean }>;
    inserted.push(...result.filter((row) => row.inserted).map((row) => row.id));
  }
  await recomputeTraceStats(manager, traceId);
  return inserted;
}

/**
 * Prices of open trades from the brokerage's latest figures (no statistic depends on an open trade's price, so
 * none is recomputed; the gateways are told the trace's trades changed, as recomputeTraceStats does).
 */
export async function repriceOpenTrades(
  manager: EntityManager,
  traceId: string,
  prices: Array<{ id: string; currentPrice: string }>,
): Promise<void> {
  for (const { id, currentPrice } of prices)
    await manager.query(
      `UPDATE traces.trades SET current_price = $3 WHERE id = $1 AND trace_id = $2 AND status = 'open'`,
      [id, traceId, currentPrice],
    );
  if (prices.length > 0) await tracesChangedAfterCommit(manager, traceId);
}

/** Realized P&L in dollars of `quantity` units leaving a trade at `exit` (SQL over a traces.trades row). */
const REALIZED_PNL_SQL = (exit: string, quantity: string) =>
  `round((CASE side WHEN 'buy' THEN ${exit}::numeric - price ELSE price - ${exit}::numeric END)
         * ${quantity} * (CASE WHEN is_options THEN 0.01 ELSE 1 END), 2)`;

/**
 * Closes open trades at their exit price (options: hundredths per contract) with their realized P&L in dollars:
 * (exit − entry) × quantity × multiplier for a buy, the reverse for a sell — with options stored per contract in
 * hundredths that is the stored difference × quantity ÷ 100 — added to what earlier partial sells of the trade
 * realized (reduceOpenTrade). Statistics follow in the same transaction. Returns the ids it closed (a trade closed
 * meanwhile is left as it is).
 */
export async function closeOpenTrades(
  manager: EntityManager,
  traceId: string,
  closes: Array<{ id: string; exitPrice: string; ownerStatus: 'sold' | 'closed' }>,
  closedAt = new Date(),
): Promise<string[]> {
  const closed: string[] = [];
  for (const close of closes) {
    // UPDATE answers [rows, count] through TypeORM.
    const [rows] = (await manager.query(
      `UPDATE traces.trades SET status = 'closed', owner_status = $3, current_price = $4, closed_at = $5,
              realized_pnl = coalesce(realized_pnl, 0) + ${REALIZED_PNL_SQL('$4', 'quantity')}
        WHERE id = $1 AND trace_id = $2 AND status = 'open' RETURNING id`,
      [close.id, traceId, close.ownerStatus, close.exitPrice, closedAt],
    )) as [Array<{ id: string }>, number];
    closed.push(...rows.map((row) => row.id));
  }
  if (closed.length > 0) await recomputeTraceStats(manager, traceId);
  return closed;
}

/**
 * Part of an open trade sold (an owner's sell of fewer units than the trade holds, or a sell that filled only in
 * part): the trade stays open with the units left, its realized P&L grows by what the sold units realized (as
 * closeOpenTrades counts it), and its current price becomes the sale's. Only while more is held than is sold:
 * answers false (nothing changed) otherwise, when the caller closes the trade instead.
 */
export async function reduceOpenTrade(
  manager: EntityManager,
  traceId: string,
  tradeId: string,
  soldQuantity: string,
  exitPrice: string,
): Promise<boolean> {
  const [rows] = (await manager.query(
    `UPDATE traces.trades SET quantity = quantity - $3::numeric, current_price = $4,
            realized_pnl = coalesce(realized_pnl, 0) + ${REALIZED_PNL_SQL('$4', '$3::numeric')}
      WHERE id = $1 AND trace_id = $2 AND status = 'open' AND quantity > $3::numeric RETURNING id`,
    [tradeId, traceId, soldQuantity, exitPrice],
  )) as [Array<{ id: string }>, number];
  if (rows.length > 0) await recomputeTraceStats(manager, traceId);
  return rows.length > 0;
}
