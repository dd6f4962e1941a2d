import type { OrderFilledV1, OrderIntentState, OrderUpdatedV1 } from '@copytrade/contracts';
import { selectList, type ColumnMap, type OutboxWriter } from '@copytrade/nest';
import type { EntityManager } from 'typeorm';
import { storedPrice } from '../owner-trades/mappers/brokerage-trades.mapper';
import { TraceEntity, TradeEntity } from '../shared/entities';
import { closeTradesAndPublish } from '../shared/trade-closed.writer';
import type { TradeEventMeta } from '../shared/trade-events';
import { reduceOpenTrade } from '../shared/trade-writer';

/** One row of traces.owner_sells: the owner's sell of one trade under one request id. */
export interface OwnerSellRecord {
  id: string;
  userId: string;
  requestId: string;
  traceId: string;
  tradeId: string;
  accountId: string;
  quantity: string;
  /**
   * pending: sent, its outcome not known yet; filled: all of `quantity` sold; partially_filled: the order ended
   * with only `filledQuantity` sold; failed: nothing sold (refused, canceled, expired or rejected).
   */
  state: 'pending' | 'filled' | 'partially_filled' | 'failed';
  brokerageOrderId: string | null;
  filledQuantity: string;
  failureReason: string | null;
}

export const OWNER_SELLS = 'traces.owner_sells';

/** How each field of an OwnerSellRecord is read from traces.owner_sells (numbers as text): the table's one list. */
export const OWNER_SELL_COLUMNS: ColumnMap<OwnerSellRecord> = {
  id: 'id',
  userId: 'user_id',
  requestId: 'request_id',
  traceId: 'trace_id',
  tradeId: 'trade_id',
  accountId: 'account_id',
  quantity: 'quantity::text',
  state: 'state',
  brokerageOrderId: 'brokerage_order_id',
  filledQuantity: 'filled_quantity::text',
  failureReason: 'failure_reason',
};

const COLUMNS = selectList(OWNER_SELL_COLUMNS);

export async function findOwnerSell(
  manager: EntityManager,
  userId: string,
  requestId: string,
  lock = false,
): Promise<OwnerSellRecord | null> {
  const rows = (await manager.query(
    `SELECT ${COLUMNS} FROM ${OWNER_SELLS} WHERE user_id = $1 AND request_id = $2${lock ? ' FOR UPDATE' : ''}`,
    [userId, requestId],
  )) as OwnerSellRecord[];
  return rows[0] ?? null;
}

export async function pendingSellOf(manager: EntityManager, tradeId: string): Promise<OwnerSellRecord | null> {
  const rows = (await manager.query(`SELECT ${COLUMNS} FROM ${OWNER_SELLS} WHERE trade_id = $1 AND state = 'pending'`, [
    tradeId,
  ])) as OwnerSellRecord[];
  return rows[0] ?? null;
}

/** Records the sell before it is sent; a concurrent call with the same request id gets the row the first wrote. */
export async function recordOwnerSell(
  manager: EntityManager,
  sell: Pick<OwnerSellRecord, 'userId' | 'requestId' | 'traceId' | 'tradeId' | 'accountId' | 'quantity'>,
): Promise<OwnerSellRecord> {
  await manager.query(
    `INSERT INTO ${OWNER_SELLS} (user_id, request_id, trace_id, trade_id, account_id, quantity)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (user_id, request_id) DO NOTHING`,
    [sell.userId, sell.requestId, sell.traceId, sell.tradeId, sell.accountId, sell.quantity],
  );
  return (await findOwnerSell(manager, sell.userId, sell.requestId))!;
}

/** The brokerage's id of a pending sell's order, once known (a settled sell keeps what it has). */
export async function noteBrokerageOrder(manager: EntityManager, id: string, brokerageOrderId: string): Promise<void> {
  await manager.query(
    `UPDATE ${OWNER_SELLS} SET brokerage_order_id = $2, updated_at = now()
      WHERE id = $1 AND state = 'pending' AND brokerage_order_id IS DISTINCT FROM $2`,
    [id, brokerageOrderId],
  );
}

/**
 * A sell that sold nothing: failed, with the reason. Only while pending, so a sell already settled by a fill never
 * turns failed. The trade stays open as it was; a new request id may sell it again.
 */
export async function failOwnerSell(
  manager: EntityManager,
  id: string,
  reason: string,
  brokerageOrderId: string | null = null,
): Promise<void> {
  await manager.query(
    `UPDATE ${OWNER_SELLS} SET state = 'failed', failure_reason = $2,
            brokerage_order_id = coalesce($3, brokerage_order_id), updated_at = now()
      WHERE id = $1 AND state = 'pending'`,
    [id, reason, brokerageOrderId],
  );
}

/** What the brokerage says became of an order, for the owner (and the sell's failure_reason). */
export const orderOutcomeText = (state: OrderIntentState, providerStatus: string | null): string =>
  `The brokerage reports the order ${state.toLowerCase().replace('_', ' ')}${providerStatus ? ` (${providerStatus})` : ''}.`;

export interface SellFill {
  /** Per share (options: per share of the contract), as the brokerage reports it. */
  averagePrice: number | string;
  filledQuantity: number | string;
  brokerageOrderId: string | null;
  /** Why the order ended with less than the sell asked (only for a partial fill). */
  shortfall?: string;
}

/**
 * The fill of an owner's sell — from the sell's answer, OrderUpdated or OrderFilled, whichever comes first; the
 * caller holds the sell's row locked (FOR UPDATE), and a sell no longer pending is left as it is, so the three
 * paths settle it once between them.
 *
 * Partial fills. The brokerage does end sells with only part of them sold: its order state PARTIALLY_FILLED with
 * `final` (a provider's PARTIAL_CANCELED, the paper broker's partial-then-cancel script). An owner may also sell
 * fewer units than the trade holds. Either way:
 * - the sell records the units sold and their price: `filled` when it sold all it asked, else `partially_filled`
 *   with the reason;
 * - the trade loses the units sold and stays open, still shared, with the rest (its realized P&L grows by theirs,
 *   its price becomes the sale's): nothing is published, since the trade is not closed and followers keep their
 *   copies; the owner can sell the rest with a new request id;
 * - only a sell that leaves nothing of the trade closes it as `sold` at the fill price, with TradeClosed (once).
 * Options prices come per share of the contract and are stored per contract in hundredths.
 */
export async function settleOwnerSell(
  manager: EntityManager,
  outbox: OutboxWriter,
  sell: OwnerSellRecord,
  fill: SellFill,
  meta: TradeEventMeta & { closedAt?: Date },
): Promise<'closed' | 'reduced' | 'unchanged'> {
  if (sell.state !== 'pending') return 'unchanged';
  const sold = Math.min(Number(fill.filledQuantity), Number(sell.quantity));
  if (!(sold > 0)) throw new Error(`A fill of owner sell ${sell.id} sold nothing`);
  const complete = sold >= Number(sell.quantity);
  await manager.query(
    `UPDATE ${OWNER_SELLS} SET state = $2, filled_quantity = $3, average_price = $4,
            brokerage_order_id = coalesce($5, brokerage_order_id), failure_reason = $6, updated_at = now()
      WHERE id = $1`,
    [
      sell.id,
      complete ? 'filled' : 'partially_filled',
      String(sold),
      String(fill.averagePrice),
      fill.brokerageOrderId,
      complete ? null : (fill.shortfall ?? `Sold ${sold} of ${Number(sell.quantity)}.`),
    ],
  );
  // The trace's row first, as a sync and the fill consumer take it, then the trade's.
  await manager.findOne(TraceEntity, { where: { id: sell.traceId }, lock: { mode: 'pessimistic_write' } });
  const trade = await manager.findOne(TradeEntity, {
    where: { id: sell.tradeId },
    lock: { mode: 'pessimistic_write' },
  });
  if (!trade || trade.status !== 'open') return 'unchanged';
  const exitPrice = storedPrice(fill.averagePrice, trade.isOptions, trade.isOptions ? trade.contractMultiplier : 1);
  if (await reduceOpenTrade(manager, sell.traceId, trade.id, String(sold), exitPrice)) return 'reduced';
  const closed = await closeTradesAndPublish(
    manager,
    outbox,
    sell.traceId,
    [{ id: trade.id, exitPrice, ownerStatus: 'sold', brokerageOrderId: fill.brokerageOrderId }],
    meta,
  );
  return closed.length > 0 ? 'closed' : 'unchanged';
}

/**
 * OrderFilled of a SELL placed as an owner's sell (matched by the user and request id): settles it if nothing
 * did yet, and answers true, so the OrderFilled consumer leaves the instrument-wide rule to fills the product did
 * not place.
 */
export async function settleOwnerSellFromFill(
  manager: EntityManager,
  outbox: OutboxWriter,
  fill: OrderFilledV1,
  meta: TradeEventMeta,
): Promise<boolean> {
  if (fill.action !== 'SELL' || !fill.requestId) return false;
  const sell = await findOwnerSell(manager, fill.userId, fill.requestId, true);
  if (!sell) return false;
  await settleOwnerSell(manager, outbox, sell, fill, { ...meta, closedAt: new Date(fill.filledAt) });
  return true;
}

/**
 * OrderUpdated of an owner's sell (matched by the user and request id) once the order is final — the only news of
 * an order that ends unfilled or partly filled (OrderFilled is published only when all of it fills):
 * - FILLED, or PARTIALLY_FILLED and final: settled with what it sold (settleOwnerSell);
 * - CANCELED, EXPIRED, REJECTED: failed with the brokerage's state and status as the reason; the trade stays
 *   open, and the owner may sell it again with a new request id.
 * Anything not final (SUBMITTED, a partial fill still working, UNKNOWN) leaves the sell pending: only the
 * brokerage's final word decides, never a timer. Answers whether the update was an owner sell's.
 */
export async function applyOrderUpdateToOwnerSell(
  manager: EntityManager,
  outbox: OutboxWriter,
  update: OrderUpdatedV1,
  meta: TradeEventMeta,
): Promise<boolean> {
  if (update.action !== 'SELL') return false;
  const sell = await findOwnerSell(manager, update.userId, update.requestId, true);
  if (!sell) return false;
  if (!update.final || sell.state !== 'pending') return true;
  // Units sold without a price (a provider that gave none) leave the sell pending, for a person to resolve.
  const sold = Number(update.filledQuantity);
  if (sold > 0 && update.averagePrice !== null) {
    await settleOwnerSell(
      manager,
      outbox,
      sell,
      {
        averagePrice: update.averagePrice,
        filledQuantity: update.filledQuantity,
        brokerageOrderId: update.brokerageOrderId,
        shortfall: `Sold ${sold} of ${Number(sell.quantity)}. ${orderOutcomeText(update.state, update.providerStatus)}`,
      },
      { ...meta, closedAt: new Date(update.occurredAt) },
    );
  } else if (sold === 0 && update.state !== 'FILLED') {
    await failOwnerSell(
      manager,
      sell.id,
      orderOutcomeText(update.state, update.providerStatus),
      update.brokerageOrderId,
    );
  }
  return true;
}
