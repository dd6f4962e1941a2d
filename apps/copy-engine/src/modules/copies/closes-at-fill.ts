import { selectList } from '@copytrade/nest';
import type { EntityManager } from 'typeorm';
import { AUTO_COPY_CLOSE_COLUMNS, type AutoCopyClose } from './copy-closes.columns';
import { closeRequestId } from './copy-closed-by';
import type { CopyOpening, CopyRecord } from './copy-instances.store';
import { insertCopySell } from './copy-sells.store';

/**
 * Copies a keyed close was recorded for while still PENDING (a guard fired, or the trader sold, after their order was
 * sent): in the transaction of the fill that opens them (settleCopyFills), the sell of what filled is recorded PENDING
 * under the close's request id — once (UNIQUE(user, request id)), and holding those units so no other sell of the
 * copy can take them — and the close is made due, so the closer places that sell next (the sell sweeper otherwise,
 * after the sell's lease). A redelivered fill opens nothing and starts nothing; a copy never filled needs nothing.
 */
export async function startClosesAtFill(
  manager: EntityManager,
  opened: Array<{ copy: CopyRecord; opening: CopyOpening }>,
): Promise<void> {
  if (opened.length === 0) return;
  const byId = new Map(opened.map((each) => [each.copy.id, each]));
  // The first close recorded for each copy sells it (a later one finds nothing held).
  const { eventId, copyId, reason, attempt } = AUTO_COPY_CLOSE_COLUMNS;
  const closes = (await manager.query(
    `SELECT DISTINCT ON (copy_id) ${selectList<Omit<AutoCopyClose, 'userId'>>({ eventId, copyId, reason, attempt })}
       FROM copy_engine.auto_copy_closes
      WHERE copy_id = ANY($1::uuid[]) AND status = 'PENDING'
      ORDER BY copy_id, created_at, event_id`,
    [[...byId.keys()]],
  )) as Array<Omit<AutoCopyClose, 'userId'>>;
  for (const close of closes) {
    const { copy, opening } = byId.get(close.copyId)!;
    const accountId = copy.brokerageAccountId ?? opening.brokerageAccountId ?? null;
    if (accountId === null) continue;
    await insertCopySell(manager, {
      userId: copy.userId,
      requestId: closeRequestId(close),
      copyId: copy.id,
      brokerageAccountId: accountId,
      quantity: opening.quantity,
    });
  }
  if (closes.length === 0) return;
  await manager.query(
    `UPDATE copy_engine.auto_copy_closes SET in_flight_until = NULL, updated_at = now()
      WHERE (event_id, copy_id) IN (SELECT * FROM unnest($1::uuid[], $2::uuid[])) AND status = 'PENDING'`,
    [closes.map((close) => close.eventId), closes.map((close) => close.copyId)],
  );
}
