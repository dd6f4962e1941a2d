import type { TierName, TradeSide, TradeStatus } from '@copytrade/contracts';
import type { EntityManager } from 'typeorm';
import { TradeEntity } from './entities';
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
