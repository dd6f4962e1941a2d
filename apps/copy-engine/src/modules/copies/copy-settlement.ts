import { CopyOpened, copyAggregateId, type CopyOpenedV1 } from '@copytrade/contracts';
import type { OutboxWriter } from '@copytrade/nest';
import Decimal from 'decimal.js';
import type { EntityManager } from 'typeorm';
import { findCopyById, growOpenCopy, openCopy, type CopyRecord } from './copy-instances.store';

export interface CopyFill {
  /** Units filled so far by the copy's order (cumulative), and their average price per share. */
  filledQuantity: Decimal.Value;
  averagePrice: Decimal.Value;
  brokerageOrderId: string | null;
  orderState: string;
  filledAt: Date;
}

export interface SettlementMeta {
  correlationId: string;
  causationId?: string;
}

/**
 * A fill of a copy's order — from the brokerage's answer, its OrderUpdated / OrderFilled events or the sweeper,
 * whichever comes first; each path calls this inside its own transaction and the row is locked here, so the paths
 * settle the copy once between them:
 * - PENDING → OPEN with what filled (quantity, average price, amount = quantity × price × multiplier, the order id)
 *   and CopyOpened in the same transaction;
 * - OPEN and more of its order has filled since (a partial fill that went on) → its quantity, price and amount grow;
 * - anything else (FAILED, CLOSED, or no more filled) is left as it is.
 */
export async function settleCopyFill(
  manager: EntityManager,
  outbox: OutboxWriter,
  copyId: string,
  fill: CopyFill,
  meta: SettlementMeta,
): Promise<'opened' | 'grown' | 'unchanged'> {
  const copy = await findCopyById(manager, copyId, true);
  if (!copy) return 'unchanged';
  const quantity = Decimal.min(new Decimal(fill.filledQuantity), new Decimal(copy.quantityRequested));
  if (!quantity.greaterThan(0)) return 'unchanged';
  const price = new Decimal(fill.averagePrice);
  const amount = quantity.times(price).times(copy.contractMultiplier).toDecimalPlaces(6);
  if (copy.status === 'OPEN') {
    if (!quantity.greaterThan(copy.quantityFilled)) return 'unchanged';
    await growOpenCopy(manager, copy.id, {
      quantity: quantity.toFixed(),
      price: price.toFixed(),
      amount: amount.toFixed(),
      orderState: fill.orderState,
    });
    return 'grown';
  }
  if (copy.status !== 'PENDING') return 'unchanged';
  await openCopy(manager, copy.id, {
    quantity: quantity.toFixed(),
    price: price.toFixed(),
    amount: amount.toFixed(),
    brokerageOrderId: fill.brokerageOrderId,
    orderState: fill.orderState,
    filledAt: fill.filledAt,
  });
  await outbox.add(manager, CopyOpened, copyOpenedOf(copy, quantity, price, amount, fill), {
    ...meta,
    aggregateId: copyAggregateId(copy.id),
  });
  return 'opened';
}

function copyOpenedOf(
  copy: CopyRecord,
  quantity: Decimal,
  price: Decimal,
  amount: Decimal,
  fill: CopyFill,
): CopyOpenedV1 {
  return {
    ...copyTradeFieldsOf(copy),
    quantity: quantity.toFixed(),
    entryPrice: price.toFixed(),
    brokerageAccountId: copy.brokerageAccountId,
    requestId: copy.requestId,
    brokerageOrderId: fill.brokerageOrderId ?? copy.brokerageOrderId,
    requestedQuantity: new Decimal(copy.quantityRequested).toFixed(),
    copyAmount: amount.toFixed(),
    traderPrice: new Decimal(copy.traderPrice).toFixed(),
    traderSharedAt: copy.traderSharedAt ? copy.traderSharedAt.toISOString() : null,
    openedAt: fill.filledAt.toISOString(),
  };
}

/** The copy and the trade it copies, as CopyOpened and CopyClosed both carry them. */
export function copyTradeFieldsOf(copy: CopyRecord): Pick<CopyOpenedV1, CopyTradeField> {
  return {
    copyId: copy.id,
    userId: copy.userId,
    originalTradeId: copy.originalTradeId,
    traceId: copy.traceId,
    placement: copy.placement,
    symbol: copy.symbol,
    side: copy.side,
    isOptions: copy.isOptions,
    optionsTicker: copy.optionsTicker,
    optionType: copy.optionType,
    strikePrice: copy.strikePrice === null ? null : new Decimal(copy.strikePrice).toFixed(),
    expirationDate: copy.expirationDate,
    contractMultiplier: copy.contractMultiplier,
  };
}

type CopyTradeField =
  | 'copyId'
  | 'userId'
  | 'originalTradeId'
  | 'traceId'
  | 'placement'
  | 'symbol'
  | 'side'
  | 'isOptions'
  | 'optionsTicker'
  | 'optionType'
  | 'strikePrice'
  | 'expirationDate'
  | 'contractMultiplier';
