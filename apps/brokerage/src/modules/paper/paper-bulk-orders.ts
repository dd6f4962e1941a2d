import { Injectable } from '@nestjs/common';
import type { NormalizedMarketOrder } from '@copytrade/contracts';
import Decimal from 'decimal.js';
import type { EntityManager } from 'typeorm';
import { ProviderError } from '../provider/provider.error';
import type { ProviderOrder } from '../provider/provider.types';
import { easternDate } from './market-hours';
import type { PaperOrderEntity } from './entities/paper-order.entity';
import {
  cost,
  insufficientBuyingPower,
  insufficientPosition,
  orderColumns,
  PaperFills,
  unreachedOrderRow,
} from './paper-fills';
import { unreachedLimitRefusal, withinLimit } from './paper-limit';
import { toProviderOrder } from './paper-mappers';
import { PaperMarketClock } from './paper-market-clock';
import { PaperOrderScripts, planOf } from './paper-order-script';
import { PaperPriceFeed } from './paper-price-feed';

/** One order of a bulk placement: the paper user it is placed for, its account and its client order id. */
export interface PaperBulkOrder {
  providerUserId: string;
  accountId: string;
  clientOrderId: string;
  order: NormalizedMarketOrder;
}

/** Why a paper connection refuses an order before any fill (the single and the bulk path alike). */
export function entryRefusal(
  connection: { disabled: boolean; type: string } | undefined,
  order: NormalizedMarketOrder,
  now: Date,
): ProviderError | null {
  if (!connection) return new ProviderError('ACCOUNT_NOT_FOUND', 'The requested resource does not exist.');
  if (connection.disabled) return new ProviderError('CONNECTION_DISABLED', 'The connection is disabled.');
  if (connection.type !== 'trade')
    return new ProviderError('NOT_SUPPORTED', 'This connection is read-only; reconnect it with trading enabled.');
  if (order.option && order.option.expirationDate < easternDate(now))
    return new ProviderError('INVALID_OPTIONS_DATA', 'The option contract has expired.');
  return null;
}

interface AccountRow {
  id: string;
  provider_user_id: string;
  cash: string;
  disabled: boolean;
  type: string;
}
interface PositionRow {
  account_id: string;
  symbol: string;
  underlying: string;
  units: string;
  average_cost: string;
  multiplier: number;
  option_type: 'CALL' | 'PUT' | null;
  strike_price: string | null;
  expiration_date: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const OPEN_STATUSES = ['ACCEPTED', 'PARTIAL'];

/**
 * Places many paper market (and limit) orders in the caller's transaction with a fixed number of statements whatever their
 * count: the accounts locked in one SELECT … FOR UPDATE (in id order, so concurrent batches never deadlock), their
 * positions read in one query, every order checked and applied in memory in the given order (as the single path
 * would apply them one after another), then one UPDATE of cash, one upsert and one delete of positions and one
 * INSERT of orders. Each order gets its record or its refusal, as placeMarketOrder would give it.
 */
@Injectable()
export class PaperBulkOrders {
  constructor(
    private readonly fills: PaperFills,
    private readonly clock: PaperMarketClock,
    private readonly feed: PaperPriceFeed,
    private readonly scripts: PaperOrderScripts,
  ) {}

  /** Orders still open on these accounts move on first (their steps may spend cash), each in its own transaction. */
  async advanceOpenOrders(manager: EntityManager, accountIds: string[], now = new Date()): Promise<void> {
    const ids = [...new Set(accountIds.filter((id) => UUID.test(id)))];
    if (ids.length === 0) return;
    const open: Array<{ account_id: string }> = await manager.query(
      `SELECT DISTINCT account_id FROM brokerage.paper_orders WHERE account_id = ANY($1::uuid[]) AND status = ANY($2)`,
      [ids, OPEN_STATUSES],
    );
    for (const { account_id } of open)
      await this.fills.advance(account_id, (symbol, at) => this.feed.price(symbol, at), now);
  }

  async place(
    tx: EntityManager,
    orders: PaperBulkOrder[],
    now = new Date(),
  ): Promise<Array<ProviderOrder | ProviderError>> {
    if (orders.length === 0) return [];
    if (!(await this.clock.status(now)).open)
      return orders.map(() => new ProviderError('MARKET_CLOSED', 'The market is closed.'));
    const accountIds = [...new Set(orders.map((o) => o.accountId).filter((id) => UUID.test(id)))].sort();
    const accounts = new Map(
      (
        (await tx.query(
          `SELECT a.id, a.provider_user_id, a.cash, c.disabled, c.type
             FROM brokerage.paper_accounts a JOIN brokerage.paper_connections c ON c.id = a.connection_id
            WHERE a.id = ANY($1::uuid[]) ORDER BY a.id FOR UPDATE OF a`,
          [accountIds],
        )) as AccountRow[]
      ).map((row) => [row.id, row]),
    );
    const positions = await this.positions(tx, orders);
    const prices = await this.feed.prices([...new Set(orders.map((o) => o.order.symbol))], now);
    const cash = new Map([...accounts.values()].map((row) => [row.id, new Decimal(row.cash)]));
    const touched = new Set<string>();
    const rows: Array<Omit<PaperOrderEntity, 'id'>> = [];
    const results = orders.map((item): ProviderError | number => {
      const account = accounts.get(item.accountId);
      const owned = account && account.provider_user_id === item.providerUserId ? account : undefined;
      const refusal = entryRefusal(owned, item.order, now);
      if (refusal) return refusal;
      const price = prices.get(item.order.symbol)!;
      if (!withinLimit(item.order, price)) {
        const unreached = unreachedLimitRefusal(item.order);
        if (unreached) return unreached;
        rows.push(unreachedOrderRow(item.accountId, item.clientOrderId, item.order, now));
        return rows.length - 1;
      }
      const units = new Decimal(item.order.quantity);
      const key = `${item.accountId}|${item.order.symbol}`;
      const position = positions.get(key);
      const held = new Decimal(position?.units ?? 0);
      const amount = cost(units, price, item.order);
      const available = cash.get(item.accountId)!;
      if (item.order.action === 'BUY' && amount.gt(available)) return insufficientBuyingPower(amount, available);
      if (item.order.action === 'SELL' && held.lt(units)) return insufficientPosition(held, item.order.symbol, units);
      const script = this.scripts.next(item.accountId);
      const columns = orderColumns(item.accountId, item.clientOrderId, item.order, now);
      if (script.kind !== 'instant') {
        rows.push({
          ...columns,
          filledUnits: '0',
          executionPrice: null,
          status: 'ACCEPTED',
          plan: planOf(script, units, now),
        });
        return rows.length - 1;
      }
      if (item.order.action === 'BUY') {
        const total = held.plus(units);
        const averageCost = held
          .times(position?.average_cost ?? 0)
          .plus(units.times(price))
          .div(total)
          .toDecimalPlaces(6);
        positions.set(key, {
          ...positionColumns(item, position),
          units: total.toString(),
          average_cost: averageCost.toString(),
        });
        cash.set(item.accountId, available.minus(amount));
      } else {
        positions.set(key, { ...position!, units: held.minus(units).toString() });
        cash.set(item.accountId, available.plus(amount));
      }
      touched.add(key);
      rows.push({
        ...columns,
        filledUnits: units.toString(),
        executionPrice: price.toString(),
        status: 'EXECUTED',
        plan: [],
      });
      return rows.length - 1;
    });
    await this.writeCash(tx, cash, accounts);
    await this.writePositions(
      tx,
      [...touched].map((key) => positions.get(key)!),
    );
    const ids = await this.insertOrders(tx, rows);
    return results.map((result) =>
      typeof result === 'number' ? toProviderOrder({ ...rows[result]!, id: ids[result]! } as PaperOrderEntity) : result,
    );
  }

  private async positions(tx: EntityManager, orders: PaperBulkOrder[]): Promise<Map<string, PositionRow>> {
    const keyed = orders.filter((o) => UUID.test(o.accountId));
    const rows: PositionRow[] = await tx.query(
      `SELECT p.account_id, p.symbol, p.underlying, p.units, p.average_cost, p.multiplier, p.option_type,
              p.strike_price, to_char(p.expiration_date, 'YYYY-MM-DD') AS expiration_date
         FROM brokerage.paper_positions p
         JOIN unnest($1::uuid[], $2::text[]) AS k(account_id, symbol)
           ON k.account_id = p.account_id AND k.symbol = p.symbol`,
      [keyed.map((o) => o.accountId), keyed.map((o) => o.order.symbol)],
    );
    return new Map(rows.map((row) => [`${row.account_id}|${row.symbol}`, row]));
  }

  private async writeCash(tx: EntityManager, cash: Map<string, Decimal>, accounts: Map<string, AccountRow>) {
    const changed = [...cash].filter(([id, amount]) => !amount.eq(accounts.get(id)!.cash));
    if (changed.length === 0) return;
    await tx.query(
      `UPDATE brokerage.paper_accounts a SET cash = v.cash
         FROM unnest($1::uuid[], $2::numeric[]) AS v(id, cash) WHERE a.id = v.id`,
      [changed.map(([id]) => id), changed.map(([, amount]) => amount.toFixed(2))],
    );
  }

  /** Held positions upserted, emptied ones deleted: one statement each. */
  private async writePositions(tx: EntityManager, rows: PositionRow[]) {
    const held = rows.filter((row) => !new Decimal(row.units).isZero());
    const emptied = rows.filter((row) => new Decimal(row.units).isZero());
    if (held.length > 0)
      await tx.query(
        `INSERT INTO brokerage.paper_positions
           (account_id, symbol, underlying, units, average_cost, multiplier, option_type, strike_price, expiration_date)
         SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::numeric[], $5::numeric[], $6::int[], $7::text[],
                              $8::numeric[], $9::date[])
         ON CONFLICT (account_id, symbol) DO UPDATE SET units = EXCLUDED.units, average_cost = EXCLUDED.average_cost`,
        [
          held.map((row) => row.account_id),
          held.map((row) => row.symbol),
          held.map((row) => row.underlying),
          held.map((row) => row.units),
          held.map((row) => row.average_cost),
          held.map((row) => row.multiplier),
          held.map((row) => row.option_type),
          held.map((row) => row.strike_price),
          held.map((row) => row.expiration_date),
        ],
      );
    if (emptied.length > 0)
      await tx.query(
        `DELETE FROM brokerage.paper_positions p USING unnest($1::uuid[], $2::text[]) AS k(account_id, symbol)
          WHERE p.account_id = k.account_id AND p.symbol = k.symbol`,
        [emptied.map((row) => row.account_id), emptied.map((row) => row.symbol)],
      );
  }

  private async insertOrders(tx: EntityManager, rows: Array<Omit<PaperOrderEntity, 'id'>>): Promise<string[]> {
    if (rows.length === 0) return [];
    const column = <T>(pick: (row: Omit<PaperOrderEntity, 'id'>) => T) => rows.map(pick);
    const inserted: Array<{ id: string; client_order_id: string }> = await tx.query(
      `INSERT INTO brokerage.paper_orders
         (account_id, client_order_id, symbol, underlying, action, units, filled_units, execution_price, status, plan,
          multiplier, option_type, strike_price, expiration_date, placed_at, updated_at, limit_price, time_in_force)
       SELECT a, c, s, u, act, un, f, e, st, pl, m, ot, sp, ed, pa, pa, lp, tif
         FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::text[], $6::numeric[], $7::numeric[],
                     $8::numeric[], $9::text[], $10::jsonb[], $11::int[], $12::text[], $13::numeric[], $14::date[],
                     $15::timestamptz[], $16::numeric[], $17::text[])
              WITH ORDINALITY AS t(a, c, s, u, act, un, f, e, st, pl, m, ot, sp, ed, pa, lp, tif, n)
        ORDER BY n
       RETURNING id, client_order_id`,
      [
        column((row) => row.accountId),
        column((row) => row.clientOrderId),
        column((row) => row.symbol),
        column((row) => row.underlying),
        column((row) => row.action),
        column((row) => row.units),
        column((row) => row.filledUnits),
        column((row) => row.executionPrice),
        column((row) => row.status),
        column((row) => JSON.stringify(row.plan)),
        column((row) => row.multiplier),
        column((row) => row.optionType),
        column((row) => row.strikePrice),
        column((row) => row.expirationDate),
        column((row) => row.placedAt),
        column((row) => row.limitPrice),
        column((row) => row.timeInForce),
      ],
    );
    // Each order has a client order id of its own (a fresh UUID per intent): the key back to its row.
    const ids = new Map(inserted.map((row) => [row.client_order_id, row.id]));
    return rows.map((row) => ids.get(row.clientOrderId!)!);
  }
}

function positionColumns(item: PaperBulkOrder, position: PositionRow | undefined): PositionRow {
  const option = item.order.option;
  return {
    account_id: item.accountId,
    symbol: item.order.symbol,
    underlying: position?.underlying ?? item.order.underlying,
    units: position?.units ?? '0',
    average_cost: position?.average_cost ?? '0',
    multiplier: option?.multiplier ?? 1,
    option_type: option?.optionType ?? null,
    strike_price: option?.strikePrice ?? null,
    expiration_date: option?.expirationDate ?? null,
  };
}
