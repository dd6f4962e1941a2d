import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';

/** An open copy as seeded straight into copy_instances (filled, with its account), for the guards' suites. */
export interface SeededCopy {
  userId: string;
  traceId: string;
  symbol?: string;
  side?: 'buy' | 'sell';
  placement?: 'manual' | 'automatic';
  quantity?: string;
  entryPrice?: string;
  isOptions?: boolean;
  optionsTicker?: string | null;
  contractMultiplier?: number;
  /** A stored price (what a pass must never value the copy at). */
  currentPrice?: string | null;
  status?: 'OPEN' | 'PENDING';
}

/** Inserts the copies in one statement; answers their ids in the order given. */
export async function seedOpenCopies(manager: EntityManager, copies: SeededCopy[]): Promise<string[]> {
  const ids = copies.map(() => randomUUID());
  const column = <T>(pick: (copy: SeededCopy) => T) => copies.map(pick);
  await manager.query(
    `INSERT INTO copy_engine.copy_instances (id, user_id, request_id, request_hash, original_trade_id, trace_id,
        trader_user_id, trace_name, trace_handle, placement, status, symbol, side, is_options, options_ticker,
        option_type, contract_multiplier, quantity_requested, quantity_filled, entry_price, copy_amount,
        brokerage_account_id, trader_price, current_price, filled_at)
     SELECT c.id, c.user_id, 'seed-' || c.id, 'hash', gen_random_uuid(), c.trace_id, gen_random_uuid(), 'Alpha',
            '@alpha', c.placement, c.status, c.symbol, c.side, c.is_options, c.options_ticker,
            CASE WHEN c.is_options THEN 'call' END, c.multiplier, c.quantity,
            CASE WHEN c.status = 'OPEN' THEN c.quantity ELSE 0 END, CASE WHEN c.status = 'OPEN' THEN c.entry END,
            c.quantity * c.entry * c.multiplier, 'acct-' || left(c.user_id::text, 8), c.entry, c.current_price, now()
       FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::text[], $5::text[], $6::text[], $7::text[], $8::boolean[],
                   $9::text[], $10::int[], $11::numeric[], $12::numeric[], $13::numeric[])
            AS c(id, user_id, trace_id, placement, status, symbol, side, is_options, options_ticker, multiplier,
                 quantity, entry, current_price)`,
    [
      ids,
      column((c) => c.userId),
      column((c) => c.traceId),
      column((c) => c.placement ?? 'automatic'),
      column((c) => c.status ?? 'OPEN'),
      column((c) => c.symbol ?? 'AAPL'),
      column((c) => c.side ?? 'buy'),
      column((c) => c.isOptions ?? false),
      column((c) => c.optionsTicker ?? null),
      column((c) => c.contractMultiplier ?? 1),
      column((c) => c.quantity ?? '10'),
      column((c) => c.entryPrice ?? '100'),
      column((c) => c.currentPrice ?? null),
    ],
  );
  return ids;
}

/** A follower's stop-loss on a trace (percent), as the guards API stores it. */
export async function setStopLoss(manager: EntityManager, userId: string, traceId: string, percent: string) {
  await manager.query(
    `INSERT INTO copy_engine.trace_guards (user_id, trace_id, stop_loss_percent) VALUES ($1, $2, $3)
     ON CONFLICT (user_id, trace_id) DO UPDATE SET stop_loss_percent = EXCLUDED.stop_loss_percent`,
    [userId, traceId, percent],
  );
}
