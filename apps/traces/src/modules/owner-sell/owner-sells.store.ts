import type { OrderFilledV1 } from '@copytrade/contracts';
import type { OutboxWriter } from '@copytrade/nest';
import type { EntityManager } from 'typeorm';
import { storedPrice } from '../owner-trades/mappers/brokerage-trades.mapper';
import { closeTradesAndPublish } from './trade-closed.writer';

/** One row of traces.owner_sells: the owner's sell of one trade under one request id. */
export interface OwnerSellRecord {
  id: string;
  userId: string;
  requestId: string;
  traceId: string;
  tradeId: string;
  accountId: string;
  quantity: string;
  state: 'pending' | 'filled' | 'failed';
  brokerageOrderId: string | null;
}

const COLUMNS = `id, user_id AS "userId", request_id AS "requestId", trace_id AS "traceId", trade_id AS "tradeId",
  account_id AS "accountId", quantity::text AS "quantity", state, brokerage_order_id AS "brokerageOrderId"`;

export async function findOwnerSell(
  manager: EntityManager,
  userId: string,
  requestId: string,
  lock = false,
): Promise<OwnerSellRecord | null> {
  const rows = (await manager.query(
    `SELECT ${COLUMNS} FROM traces.owner_sells WHERE user_id = $1 AND request_id = $2${lock ? ' FOR UPDATE' : ''}`,
    [userId, requestId],
  )) as OwnerSellRecord[];
  return rows[0] ?? null;
}

export async function pendingSellOf(manager: EntityManager, tradeId: string): Promise<OwnerSellRecord | null> {
  const rows = (await manager.query(
    `SELECT ${COLUMNS} FROM traces.owner_sells WHERE trade_id = $1 AND state = 'pending'`,
    [tradeId],
  )) as OwnerSellRecord[];
  return rows[0] ?? null;
}

/** Records the sell before it is sent; a concurrent call with the same request id gets the row the first wrote. */
export async function recordOwnerSell(
  manager: EntityManager,
  sell: Omit<OwnerSellRecord, 'id' | 'state' | 'brokerageOrderId'>,
): Promise<OwnerSellRecord> {
  await manager.query(
    `INSERT INTO traces.owner_sells (user_id, request_id, trace_id, trade_id, account_id, quantity)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (user_id, request_id) DO NOTHING`,
    [sell.userId, sell.requestId, sell.traceId, sell.tradeId, sell.accountId, sell.quantity],
  );
  return (await findOwnerSell(manager, sell.userId, sell.requestId))!;
}

export async function markOwnerSell(
  manager: EntityManager,
  id: string,
  state: OwnerSellRecord['state'],
  brokerageOrderId: string | null,
): Promise<void> {
  await manager.query(
    `UPDATE traces.owner_sells SET state = $2, brokerage_order_id = coalesce($3, brokerage_order_id), updated_at = now()
      WHERE id = $1 AND state <> 'filled'`,
    [id, state, brokerageOrderId],
  );
}

/**
 * The fill of an owner's sell, from the sell's answer or from OrderFilled when it fills later: the trade the sell
 * names closes as `sold` at the fill price for the quantity filled, with TradeClosed (once: whichever path comes
 * second finds the trade closed). Options prices come per share of the contract and are stored per contract in
 * hundredths.
 */
export async function settleOwnerSell(
  manager: EntityManager,
  outbox: OutboxWriter,
  sell: OwnerSellRecord,
  fill: { averagePrice: number | string; filledQuantity: number | string; brokerageOrderId: string | null },
  meta: { correlationId: string; causationId?: string; closedAt?: Date },
): Promise<string[]> {
  const [trade] = (await manager.query(
    `SELECT is_options AS "isOptions", contract_multiplier AS "contractMultiplier" FROM traces.trades WHERE id = $1`,
    [sell.tradeId],
  )) as Array<{ isOptions: boolean; contractMultiplier: number }>;
  await markOwnerSell(manager, sell.id, 'filled', fill.brokerageOrderId);
  if (!trade) return [];
  return closeTradesAndPublish(
    manager,
    outbox,
    sell.traceId,
    [
      {
        id: sell.tradeId,
        exitPrice: storedPrice(fill.averagePrice, trade.isOptions, trade.isOptions ? trade.contractMultiplier : 1),
        ownerStatus: 'sold',
        quantity: String(fill.filledQuantity),
        brokerageOrderId: fill.brokerageOrderId,
      },
    ],
    meta,
  );
}

/**
 * OrderFilled of a SELL placed as an owner's sell (matched by the user and request id): settles it and answers
 * true, so the OrderFilled consumer leaves the instrument-wide rule to fills the product did not place.
 */
export async function settleOwnerSellFromFill(
  manager: EntityManager,
  outbox: OutboxWriter,
  fill: OrderFilledV1,
  meta: { correlationId: string; causationId?: string },
): Promise<boolean> {
  if (fill.action !== 'SELL' || !fill.requestId) return false;
  const sell = await findOwnerSell(manager, fill.userId, fill.requestId, true);
  if (!sell) return false;
  await settleOwnerSell(manager, outbox, sell, fill, { ...meta, closedAt: new Date(fill.filledAt) });
  return true;
}
