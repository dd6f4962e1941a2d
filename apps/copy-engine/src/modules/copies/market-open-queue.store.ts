import { returnedRows, selectList, type EventMeta, type OutboxWriter } from '@copytrade/nest';
import type { EntityManager } from 'typeorm';
import { COLUMNS, TABLE, type CopyRecord } from './copy-instances.store';
import { announceNotPlaced, NOT_PLACED_COLUMNS, type NotPlacedCopy } from './not-placed-copies';

/**
 * Automatic copies refused because the market was closed, left PENDING to wait for `until` (the next open). Each is
 * given a new request id for the order it will send then (its base id and the open): the brokerage keeps the refusal
 * under the old id and would answer it again; the new one is sent once, and asked again unchanged if unanswered. The
 * refused order's traces (its state, id, the sweeper's next look) are cleared: it placed nothing, and the placement
 * workers take only copies with no order once the open has come. Only copies still PENDING under the refused request
 * id are queued — a copy already queued (or re-sent) under a newer id is left as it is. Answers the ids it queued.
 */
export async function queueCopiesForOpen(
  manager: EntityManager,
  queued: Array<{ id: string; refusedRequestId: string; until: Date }>,
): Promise<string[]> {
  if (queued.length === 0) return [];
  const rows = returnedRows<{ id: string }>(
    await manager.query(
      `UPDATE ${TABLE} c SET queued_until = q.until, in_flight_until = NULL, next_attempt_at = NULL,
              order_state = NULL, brokerage_order_id = NULL, awaiting_confirmation = false, updated_at = now(),
              request_id = regexp_replace(c.request_id, ':open-[0-9]+$', '') || ':open-' || floor(extract(epoch FROM q.until))
         FROM unnest($1::uuid[], $2::text[], $3::timestamptz[]) AS q(id, refused_request_id, until)
        WHERE c.id = q.id AND c.status = 'PENDING' AND c.request_id = q.refused_request_id
        RETURNING c.id`,
      [queued.map((copy) => copy.id), queued.map((copy) => copy.refusedRequestId), queued.map((copy) => copy.until)],
    ),
  );
  return rows.map((row) => row.id);
}

/** Up to `limit` queued copies whose open has come, row-locked for the caller's transaction (SKIP LOCKED). */
export async function lockCopiesDueAtOpen(manager: EntityManager, limit: number): Promise<CopyRecord[]> {
  return (await manager.query(
    `SELECT ${COLUMNS} FROM ${TABLE}
      WHERE status = 'PENDING' AND queued_until IS NOT NULL AND queued_until <= now() AND order_state IS NULL
      ORDER BY queued_until, created_at LIMIT $1 FOR UPDATE SKIP LOCKED`,
    [limit],
  )) as CopyRecord[];
}

/** A queued copy sized again at the open: what its order will be. */
export interface SizedAtOpen {
  id: string;
  quantity: string;
  limitPrice: string | null;
  maxCopyAmount: string | null;
  sizingPrice: string;
  sizingQuotedAt: Date;
}

/** The copies sized at the open leave the queue with their new size: the placement workers claim them now. */
export async function releaseSizedAtOpen(manager: EntityManager, sized: SizedAtOpen[]): Promise<void> {
  if (sized.length === 0) return;
  await manager.query(
    `UPDATE ${TABLE} c SET quantity_requested = s.quantity, limit_price = s.limit_price,
            max_copy_amount = s.max_copy_amount, sizing_price = s.sizing_price, sizing_quoted_at = s.quoted_at,
            queued_until = NULL, in_flight_until = NULL, updated_at = now()
       FROM unnest($1::uuid[], $2::numeric[], $3::numeric[], $4::numeric[], $5::numeric[], $6::timestamptz[])
            AS s(id, quantity, limit_price, max_copy_amount, sizing_price, quoted_at)
      WHERE c.id = s.id AND c.status = 'PENDING' AND c.queued_until IS NOT NULL`,
    [
      sized.map((copy) => copy.id),
      sized.map((copy) => copy.quantity),
      sized.map((copy) => copy.limitPrice),
      sized.map((copy) => copy.maxCopyAmount),
      sized.map((copy) => copy.sizingPrice),
      sized.map((copy) => copy.sizingQuotedAt),
    ],
  );
}

/**
 * The trade's automatic copies still queued for the open (never sent since): not placed, with the reason and a
 * CopyFailed each in the caller's transaction. Waits for a worker holding one (its row lock) and then leaves it if it
 * was sized meanwhile — such a copy was already on its way. Answers the copies it failed.
 */
export async function cancelQueuedCopiesOfTrade(
  manager: EntityManager,
  outbox: OutboxWriter,
  tradeId: string,
  failure: { code: string; reason: string },
  meta: Omit<EventMeta, 'aggregateId'>,
): Promise<NotPlacedCopy[]> {
  const failed = returnedRows<NotPlacedCopy>(
    await manager.query(
      `UPDATE ${TABLE} SET status = 'FAILED', failure_code = $2, failure_reason = $3, in_flight_until = NULL,
              next_attempt_at = NULL, updated_at = now()
        WHERE original_trade_id = $1 AND placement = 'automatic' AND status = 'PENDING' AND order_state IS NULL
          AND queued_until IS NOT NULL
        RETURNING ${selectList(NOT_PLACED_COLUMNS)}`,
      [tradeId, failure.code, failure.reason],
    ),
  );
  await announceNotPlaced(manager, outbox, failed, meta);
  return failed;
}
