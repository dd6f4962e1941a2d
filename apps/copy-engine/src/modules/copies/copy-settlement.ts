import { CopyOpened, copyAggregateId, type CopyOpenedV1, type EventEnvelope } from '@copytrade/contracts';
import type { OutboxWriter } from '@copytrade/nest';
import Decimal from 'decimal.js';
import type { EntityManager } from 'typeorm';
import { startClosesAtFill } from './closes-at-fill';
import { countCopyOutcomes } from './copy-outcome-metrics';
import { COLUMNS, growOpenCopy, openCopies, TABLE, type CopyOpening, type CopyRecord } from './copy-instances.store';

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

/** Given the CopyOpened just written, inside the settling transaction (read-your-writes: see CopyPlacement). */
export type OnCopiesOpened = (events: Array<EventEnvelope<CopyOpenedV1>>) => Promise<void>;

/**
 * A fill of a copy's order — from the brokerage's answer, its OrderUpdated / OrderFilled events or the sweeper,
 * whichever comes first; each path calls this inside its own transaction and the row is locked here, so the paths
 * settle the copy once between them:
 * - PENDING → OPEN with what filled (quantity, average price, amount = quantity × price × multiplier, the order id)
 *   and CopyOpened in the same transaction — and, when a close was decided for it while pending, its sell started
 *   (startClosesAtFill);
 * - OPEN and more of its order has filled since (a partial fill that went on) → its quantity, price and amount grow;
 * - anything else (FAILED, CLOSED, or no more filled) is left as it is.
 */
export async function settleCopyFill(
  manager: EntityManager,
  outbox: OutboxWriter,
  copyId: string,
  fill: CopyFill,
  meta: SettlementMeta,
  onOpened?: OnCopiesOpened,
): Promise<'opened' | 'grown' | 'unchanged'> {
  const settled = await settleCopyFills(manager, outbox, [{ copyId, ...fill }], meta, onOpened);
  return settled.get(copyId) ?? 'unchanged';
}

/**
 * settleCopyFill for many copies at once (an automatic fan-out's batch): the rows locked in one statement (in id
 * order, so two settlers never deadlock), the opened ones updated in one statement and their CopyOpened written in
 * two (OutboxWriter.addMany), whatever their number. Answers what became of each copy.
 */
export async function settleCopyFills(
  manager: EntityManager,
  outbox: OutboxWriter,
  fills: Array<CopyFill & { copyId: string; brokerageAccountId?: string | null }>,
  meta: SettlementMeta,
  onOpened?: OnCopiesOpened,
): Promise<Map<string, 'opened' | 'grown' | 'unchanged'>> {
  const outcome = new Map<string, 'opened' | 'grown' | 'unchanged'>();
  if (fills.length === 0) return outcome;
  const byId = new Map(fills.map((fill) => [fill.copyId, fill]));
  const copies = (await manager.query(
    `SELECT ${COLUMNS} FROM ${TABLE} WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE`,
    [[...byId.keys()]],
  )) as CopyRecord[];
  const openings: CopyOpening[] = [];
  const opened: Array<{ copy: CopyRecord; opening: CopyOpening }> = [];
  for (const copy of copies) {
    const fill = byId.get(copy.id)!;
    outcome.set(copy.id, 'unchanged');
    const quantity = Decimal.min(new Decimal(fill.filledQuantity), new Decimal(copy.quantityRequested));
    if (!quantity.greaterThan(0)) continue;
    const price = new Decimal(fill.averagePrice);
    const amount = quantity.times(price).times(copy.contractMultiplier).toDecimalPlaces(6);
    if (copy.status === 'OPEN') {
      if (!quantity.greaterThan(copy.quantityFilled)) continue;
      await growOpenCopy(manager, copy.id, {
        quantity: quantity.toFixed(),
        price: price.toFixed(),
        amount: amount.toFixed(),
        orderState: fill.orderState,
      });
      outcome.set(copy.id, 'grown');
      continue;
    }
    if (copy.status !== 'PENDING') continue;
    const opening: CopyOpening = {
      id: copy.id,
      quantity: quantity.toFixed(),
      price: price.toFixed(),
      amount: amount.toFixed(),
      brokerageOrderId: fill.brokerageOrderId,
      orderState: fill.orderState,
      filledAt: fill.filledAt,
      brokerageAccountId: fill.brokerageAccountId ?? null,
    };
    openings.push(opening);
    opened.push({ copy, opening });
    outcome.set(copy.id, 'opened');
  }
  await openCopies(manager, openings);
  await startClosesAtFill(manager, opened);
  const events = await outbox.addMany(
    manager,
    opened.map(({ copy, opening }) => ({
      definition: CopyOpened,
      data: copyOpenedOf(copy, opening),
      meta: { ...meta, aggregateId: copyAggregateId(copy.id) },
    })),
  );
  await countCopyOutcomes(
    manager,
    opened.map(({ copy }) => ({
      outcome: 'opened',
      placement: copy.placement,
      originalTradeId: copy.originalTradeId,
    })),
  );
  if (onOpened && events.length > 0) await onOpened(events as Array<EventEnvelope<CopyOpenedV1>>);
  return outcome;
}

function copyOpenedOf(copy: CopyRecord, opening: CopyOpening): CopyOpenedV1 {
  return {
    ...copyTradeFieldsOf(copy),
    quantity: opening.quantity,
    entryPrice: opening.price,
    brokerageAccountId: (copy.brokerageAccountId ?? opening.brokerageAccountId)!,
    requestId: copy.requestId,
    brokerageOrderId: opening.brokerageOrderId ?? copy.brokerageOrderId,
    requestedQuantity: new Decimal(copy.quantityRequested).toFixed(),
    copyAmount: opening.amount,
    traderPrice: new Decimal(copy.traderPrice).toFixed(),
    traderSharedAt: copy.traderSharedAt ? copy.traderSharedAt.toISOString() : null,
    openedAt: opening.filledAt.toISOString(),
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
