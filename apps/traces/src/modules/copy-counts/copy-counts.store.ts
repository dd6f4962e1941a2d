import type { CopyOpenedV1 } from '@copytrade/contracts';
import { returnedRows } from '@copytrade/nest';
import type { EntityManager } from 'typeorm';

/**
 * Counts copies that opened, each once whatever its deliveries (the copy id is the key of traces.trade_copies), in
 * three statements whatever their number: the new copies stored, then added to their trades' copy_count. A copy of
 * a trade traces does not have (deleted with its trace) is not counted. Answers the traces whose counts changed.
 */
export async function countOpenedCopies(manager: EntityManager, copies: CopyOpenedV1[]): Promise<string[]> {
  if (copies.length === 0) return [];
  const counted = returnedRows<{ trade_id: string; trace_id: string }>(
    await manager.query(
      `INSERT INTO traces.trade_copies (copy_id, trade_id, trace_id, follower_user_id, opened_at)
     SELECT c.copy_id, c.trade_id, t.trace_id, c.follower_user_id, c.opened_at
       FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::timestamptz[])
            AS c(copy_id, trade_id, follower_user_id, opened_at)
       JOIN traces.trades t ON t.id = c.trade_id
     ON CONFLICT (copy_id) DO NOTHING
     RETURNING trade_id::text AS trade_id, trace_id::text AS trace_id`,
      [
        copies.map((copy) => copy.copyId),
        copies.map((copy) => copy.originalTradeId),
        copies.map((copy) => copy.userId),
        copies.map((copy) => copy.openedAt),
      ],
    ),
  );
  if (counted.length === 0) return [];
  const perTrade = new Map<string, number>();
  for (const { trade_id } of counted) perTrade.set(trade_id, (perTrade.get(trade_id) ?? 0) + 1);
  // In trade id order: two groups adding to the same trades lock them in one order.
  const tradeIds = [...perTrade.keys()].sort();
  await manager.query(
    `UPDATE traces.trades t SET copy_count = t.copy_count + c.added
       FROM unnest($1::uuid[], $2::int[]) AS c(trade_id, added)
      WHERE t.id = c.trade_id`,
    [tradeIds, tradeIds.map((id) => perTrade.get(id)!)],
  );
  return [...new Set(counted.map((row) => row.trace_id))];
}
