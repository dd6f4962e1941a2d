import type { TradeClosedV1, TradeSharedV1 } from '@copytrade/contracts';
import type { EntityManager } from 'typeorm';

/**
 * What follower results need to know of the traders' trades, kept by the consumers of the trade events in their own
 * transactions (a redelivery adds nothing: keyed by trade). Each insert marks the trace changed (its trigger).
 */

/** A trade shared with the trace's subscribers (TradeShared): counted in the auto-copied share. */
export async function recordSharedTrade(
  manager: EntityManager,
  trade: Pick<TradeSharedV1, 'tradeId' | 'traceId' | 'sharedAt'>,
): Promise<void> {
  await manager.query(
    `INSERT INTO copy_engine.shared_trades (trade_id, trace_id, shared_at) VALUES ($1, $2, $3)
     ON CONFLICT (trade_id) DO NOTHING`,
    [trade.tradeId, trade.traceId, trade.sharedAt],
  );
}

/**
 * The trader closed a trade (TradeClosed), at this price per share (options: per share of the contract, as every
 * copy price): the trader's return on the trade, and the trade's closed copies now count in the returns. Kept for
 * shared trades and for any trade copies exist of; other trades of a trace are never copied.
 */
export async function recordTraderClose(
  manager: EntityManager,
  close: Pick<TradeClosedV1, 'tradeId' | 'traceId' | 'exitPrice' | 'closedAt' | 'isShared'>,
): Promise<void> {
  if (!(Number(close.exitPrice) > 0)) return; // a close at no price gives no return
  await manager.query(
    `INSERT INTO copy_engine.trader_closes (trade_id, trace_id, exit_price, closed_at)
     SELECT $1, $2, $3, $4
      WHERE $5::boolean OR EXISTS (SELECT 1 FROM copy_engine.copy_instances WHERE original_trade_id = $1)
     ON CONFLICT (trade_id) DO NOTHING`,
    [close.tradeId, close.traceId, close.exitPrice, close.closedAt, close.isShared],
  );
}
