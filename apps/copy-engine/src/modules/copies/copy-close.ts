import { CopyClosed, copyAggregateId, type CopyClosedV1 } from '@copytrade/contracts';
import type { OutboxWriter } from '@copytrade/nest';
import Decimal from 'decimal.js';
import type { EntityManager } from 'typeorm';
import { profitOf } from './copy-instance.mapper';
import { closeCopyRow, findCopyById, type CopyRecord } from './copy-instances.store';
import { sellsOfCopy, type CopySellRecord } from './copy-sells.store';
import { copyTradeFieldsOf, type SettlementMeta } from './copy-settlement';

export type CloseResult =
  | { kind: 'closed'; copy: CopyRecord }
  | { kind: 'already-closed'; copy: CopyRecord }
  | { kind: 'not-open'; copy: CopyRecord }
  | { kind: 'sell-pending'; copy: CopyRecord }
  | { kind: 'not-sold'; copy: CopyRecord }
  | { kind: 'still-held'; copy: CopyRecord; held: Decimal }
  | { kind: 'not-found' };

/**
 * Closes an open copy once everything it held has been sold at the brokerage — from the close request or the fill of
 * its last sell, whichever comes first; both call this in their own transaction and the copy's row is locked here,
 * so it is closed once and CopyClosed written once, in the same transaction. The exit price is the brokerage's: the
 * average fill price of the copy's filled sells; the realized P&L their profit against the entry (buys
 * (exit − entry) × quantity × multiplier, sells reversed). `clientExitPrice` is only kept beside it.
 */
export async function closeCopyIfSold(
  manager: EntityManager,
  outbox: OutboxWriter,
  copyId: string,
  meta: SettlementMeta,
  client: { clientExitPrice?: number | null } = {},
): Promise<CloseResult> {
  const copy = await findCopyById(manager, copyId, true);
  if (!copy) return { kind: 'not-found' };
  if (copy.status === 'CLOSED') return { kind: 'already-closed', copy };
  if (copy.status !== 'OPEN' || copy.entryPrice === null) return { kind: 'not-open', copy };
  const sells = await sellsOfCopy(manager, copy.id);
  if (sells.some((sell) => sell.status === 'PENDING')) return { kind: 'sell-pending', copy };
  const filled = sells.filter((sell) => sell.status === 'FILLED' && new Decimal(sell.filledQuantity ?? 0).gt(0));
  if (filled.length === 0) return { kind: 'not-sold', copy };
  const sold = filled.reduce((sum, sell) => sum.plus(sell.filledQuantity!), new Decimal(0));
  const held = new Decimal(copy.quantityFilled).minus(sold);
  if (held.gt(0)) return { kind: 'still-held', copy, held };

  const proceeds = filled.reduce(
    (sum, sell) => sum.plus(new Decimal(sell.filledQuantity!).times(sell.fillPrice!)),
    new Decimal(0),
  );
  const exitPrice = proceeds.dividedBy(sold).toDecimalPlaces(6);
  const realizedPnl = filled
    .reduce(
      (sum, sell) => sum.plus(profitOf(copy, copy.entryPrice!, sell.fillPrice!, sell.filledQuantity!)),
      new Decimal(0),
    )
    .toDecimalPlaces(6);
  const last = filled[filled.length - 1];
  const closedAt = last.filledAt ?? new Date();
  await closeCopyRow(manager, copy.id, {
    exitPrice: exitPrice.toFixed(),
    realizedPnl: realizedPnl.toFixed(),
    sellOrderId: last.brokerageOrderId,
    clientExitPrice:
      client.clientExitPrice === undefined || client.clientExitPrice === null ? null : String(client.clientExitPrice),
    closedAt,
  });
  await outbox.add(manager, CopyClosed, copyClosedOf(copy, exitPrice, realizedPnl, last, closedAt), {
    ...meta,
    aggregateId: copyAggregateId(copy.id),
  });
  return { kind: 'closed', copy: (await findCopyById(manager, copy.id))! };
}

function copyClosedOf(
  copy: CopyRecord,
  exitPrice: Decimal,
  realizedPnl: Decimal,
  last: CopySellRecord,
  closedAt: Date,
): CopyClosedV1 {
  return {
    ...copyTradeFieldsOf(copy),
    quantity: new Decimal(copy.quantityFilled).toFixed(),
    entryPrice: new Decimal(copy.entryPrice!).toFixed(),
    // A copy that was open was filled in an account the brokerage named.
    brokerageAccountId: copy.brokerageAccountId!,
    exitPrice: exitPrice.toFixed(),
    realizedPnl: realizedPnl.toFixed(),
    sellOrderId: last.brokerageOrderId,
    closedAt: closedAt.toISOString(),
  };
}
