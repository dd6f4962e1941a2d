import type { OutboxWriter } from '@copytrade/nest';
import Decimal from 'decimal.js';
import type { EntityManager } from 'typeorm';
import { closeCopyIfSold, type CloseResult } from './copy-close';
import { findCopyById } from './copy-instances.store';
import { failCopySell, fillCopySell, type CopySellRecord } from './copy-sells.store';
import type { SettlementMeta } from './copy-settlement';

export interface CopySellFill {
  filledQuantity: Decimal.Value;
  averagePrice: Decimal.Value;
  brokerageOrderId: string | null;
  filledAt: Date;
}

/**
 * The fill of a copy's sell — from the brokerage's answer or its order events, whichever comes first, each in its own
 * transaction: the copy's row is locked first (as when a sell is recorded), the sell marked FILLED once (at most the
 * quantity asked), and when nothing of the copy is held any more it is closed with CopyClosed (closeCopyIfSold).
 * A fill of nothing (an order that ended with no units sold) fails the sell instead.
 */
export async function settleCopySellFill(
  manager: EntityManager,
  outbox: OutboxWriter,
  sell: CopySellRecord,
  fill: CopySellFill,
  meta: SettlementMeta,
  client: { clientExitPrice?: number | null } = {},
): Promise<CloseResult | null> {
  await findCopyById(manager, sell.copyId, true);
  const quantity = Decimal.min(new Decimal(fill.filledQuantity), new Decimal(sell.quantity));
  if (!quantity.gt(0)) {
    await failCopySell(manager, sell.id, 'The brokerage reports nothing sold.', fill.brokerageOrderId);
    return null;
  }
  const filled = await fillCopySell(manager, sell.id, {
    filledQuantity: quantity.toFixed(),
    price: new Decimal(fill.averagePrice).toFixed(),
    brokerageOrderId: fill.brokerageOrderId,
    filledAt: fill.filledAt,
  });
  if (!filled) return null;
  return closeCopyIfSold(manager, outbox, sell.copyId, meta, client);
}
