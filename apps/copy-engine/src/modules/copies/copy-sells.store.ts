import { returnedRows, selectList } from '@copytrade/nest';
import type { EntityManager } from 'typeorm';
import { claimDuePending } from './pending-sweeper';

export type CopySellStatus = 'PENDING' | 'FILLED' | 'FAILED';

/** One row of copy_engine.copy_sells (numbers as decimal text, exactly as stored). */
export interface CopySellRecord {
  id: string;
  userId: string;
  requestId: string;
  copyId: string;
  brokerageAccountId: string;
  quantity: string;
  status: CopySellStatus;
  brokerageOrderId: string | null;
  filledQuantity: string | null;
  fillPrice: string | null;
  filledAt: Date | null;
  failureReason: string | null;
}

const SELLS = 'copy_engine.copy_sells';
const COLUMNS = selectList<CopySellRecord>({
  id: 'id',
  userId: 'user_id',
  requestId: 'request_id',
  copyId: 'copy_id',
  brokerageAccountId: 'brokerage_account_id',
  quantity: 'quantity::text',
  status: 'status',
  brokerageOrderId: 'brokerage_order_id',
  filledQuantity: 'filled_quantity::text',
  fillPrice: 'fill_price::text',
  filledAt: 'filled_at',
  failureReason: 'failure_reason',
});

export async function findCopySell(
  manager: EntityManager,
  userId: string,
  requestId: string,
  lock = false,
): Promise<CopySellRecord | null> {
  const rows = (await manager.query(
    `SELECT ${COLUMNS} FROM ${SELLS} WHERE user_id = $1 AND request_id = $2${lock ? ' FOR UPDATE' : ''}`,
    [userId, requestId],
  )) as CopySellRecord[];
  return rows[0] ?? null;
}

export async function findCopySellById(manager: EntityManager, id: string): Promise<CopySellRecord | null> {
  const rows = (await manager.query(`SELECT ${COLUMNS} FROM ${SELLS} WHERE id = $1`, [id])) as CopySellRecord[];
  return rows[0] ?? null;
}

export async function sellsOfCopy(manager: EntityManager, copyId: string): Promise<CopySellRecord[]> {
  return (await manager.query(`SELECT ${COLUMNS} FROM ${SELLS} WHERE copy_id = $1 ORDER BY created_at, id`, [
    copyId,
  ])) as CopySellRecord[];
}

/** How long the recording call holds a new sell's brokerage call before the sweeper may take it over. */
export const COPY_SELL_CALL_LEASE_MS = 60_000;

/**
 * Records a sell PENDING (the caller holds the copy's row locked and has checked the held quantity), its brokerage
 * call held by the caller for `leaseMs` (after that, the sweeper resumes it if nothing answered). Null when
 * (user, request id) exists already: that first record is the sell.
 */
export async function insertCopySell(
  manager: EntityManager,
  sell: Pick<CopySellRecord, 'userId' | 'requestId' | 'copyId' | 'brokerageAccountId' | 'quantity'>,
  leaseMs = COPY_SELL_CALL_LEASE_MS,
): Promise<CopySellRecord | null> {
  const rows = (await manager.query(
    `INSERT INTO ${SELLS} (user_id, request_id, copy_id, brokerage_account_id, quantity, in_flight_until,
                           next_attempt_at)
     VALUES ($1, $2, $3, $4, $5, now() + make_interval(secs => $6::float8 / 1000),
             now() + make_interval(secs => $6::float8 / 1000))
     ON CONFLICT (user_id, request_id) DO NOTHING
     RETURNING ${COLUMNS}`,
    [sell.userId, sell.requestId, sell.copyId, sell.brokerageAccountId, sell.quantity, leaseMs],
  )) as CopySellRecord[];
  return rows[0] ?? null;
}

/** The PENDING sells due for the sweeper, their calls claimed for this replica (claimDuePending). */
export function claimDueCopySells(manager: EntityManager, limit: number, leaseMs: number): Promise<string[]> {
  return claimDuePending(manager, SELLS, limit, leaseMs);
}

/**
 * The brokerage answered a sell without a fill (accepted and working, or its outcome unknown) or did not answer at
 * all: the call is released and the sweeper asks again with the same request id after a backoff that grows with
 * the attempts (unanswered: 5 s, 10 s …; accepted: 10 s, 20 s …; at most 10 min) — until the fill or the brokerage's
 * final word settles it; never failed by a timer.
 */
export async function releaseCopySell(manager: EntityManager, id: string, unanswered: boolean): Promise<void> {
  await manager.query(
    `UPDATE ${SELLS} SET in_flight_until = NULL,
            next_attempt_at = now() + make_interval(secs => least(600, $2::int * power(2, least(greatest(attempts, 1), 10) - 1))),
            updated_at = now()
      WHERE id = $1 AND status = 'PENDING'`,
    [id, unanswered ? 5 : 10],
  );
}

/** The sell's fill (from the brokerage's answer or its order events, whichever first): once, only while PENDING. */
export async function fillCopySell(
  manager: EntityManager,
  id: string,
  fill: { filledQuantity: string; price: string; brokerageOrderId: string | null; filledAt: Date },
): Promise<boolean> {
  const rows = returnedRows<{ id: string }>(
    await manager.query(
      `UPDATE ${SELLS} SET status = 'FILLED', filled_quantity = $2, fill_price = $3,
              brokerage_order_id = coalesce($4, brokerage_order_id), filled_at = $5, updated_at = now()
        WHERE id = $1 AND status = 'PENDING'
        RETURNING id`,
      [id, fill.filledQuantity, fill.price, fill.brokerageOrderId, fill.filledAt],
    ),
  );
  return rows.length > 0;
}

/** Nothing was sold (refused, canceled, expired, rejected): FAILED with the reason, only while PENDING. */
export async function failCopySell(
  manager: EntityManager,
  id: string,
  reason: string,
  brokerageOrderId: string | null = null,
): Promise<void> {
  await manager.query(
    `UPDATE ${SELLS} SET status = 'FAILED', failure_reason = $2, brokerage_order_id = coalesce($3, brokerage_order_id),
            updated_at = now()
      WHERE id = $1 AND status = 'PENDING'`,
    [id, reason, brokerageOrderId],
  );
}

/** The brokerage accepted the sell, not filled yet: its order id noted. */
export async function noteCopySellOrder(manager: EntityManager, id: string, brokerageOrderId: string): Promise<void> {
  await manager.query(
    `UPDATE ${SELLS} SET brokerage_order_id = $2, updated_at = now() WHERE id = $1 AND status = 'PENDING'`,
    [id, brokerageOrderId],
  );
}
