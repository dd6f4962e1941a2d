import { DEFAULT_CONTRACT_MULTIPLIER, type OrderView, type PositionView } from '@copytrade/contracts';
import type { TradeEntity } from '../../shared/entities';
import type { SourcedTrade } from '../../shared/trade-writer';
import type { BrokerageSnapshot } from '../brokerage-reader';

/** The instrument a position, order or trade is in: the OCC symbol of an option, else the ticker. */
export const instrumentOf = (item: { symbol: string; optionsTicker: string | null }): string =>
  (item.optionsTicker ?? item.symbol).trim().toUpperCase();

export const orderSourceKey = (brokerageOrderId: string) => `order:${brokerageOrderId}`;
const positionKeyPrefix = (accountId: string, instrument: string) => `position:${accountId}:${instrument}:`;

/**
 * A brokerage price per share as this service stores it: stocks as they are; options per contract in
 * hundredths (per-share quote × multiplier × 100), as the trade-writer's comments say.
 */
export function storedPrice(perShare: number | string, isOptions: boolean, multiplier: number): string {
  const value = Number(perShare);
  return String(round(isOptions ? value * multiplier * 100 : value, 4));
}

/** Quantities and prices are exact to 6 and 4 decimals in the database; sums of them are rounded back. */
const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;

const isBuy = (action: string) => action.toUpperCase().startsWith('BUY');
const positive = (value: number | null | undefined): value is number => value != null && value > 0;

/** What a sync changes, worked out from the brokerage snapshot and the account's trades already stored. */
export interface SyncPlan {
  upserts: SourcedTrade[];
  reprices: Array<{ id: string; currentPrice: string }>;
  /** Open trades whose position is gone, closed at their last known price. */
  closes: Array<{ id: string; exitPrice: string; ownerStatus: 'closed' }>;
}

/** What the sync is told besides the snapshot and the stored trades. */
export interface SyncContext {
  /** Units of each open trade (by id) the owner's own sells have sold so far: the trade holds the rest. */
  soldByTrade?: ReadonlyMap<string, number>;
  /**
   * Instruments whose trades another writer changed (a fill, an owner's sell) since the snapshot was read: the
   * snapshot may not show that change yet, so this sync leaves them to the next one.
   */
  changedSinceRead?: ReadonlySet<string>;
}

/**
 * - Held positions (non-zero quantity) are what the account holds now. Of its executed buy orders, the newest
 *   whose filled quantities together fit in the held quantity explain the position: each becomes a trade keyed
 *   `order:<id>` (`filled`, or `executed` when partly filled), holding what the order filled less what the
 *   owner's sells of that trade sold (a partly sold trade stays open with the rest). Older buys of an
 *   instrument held again are left out (they were sold before).
 * - The held quantity no open order trade explains becomes one position trade, keyed
 *   `position:<account>:<instrument>:<lot>` (lot 1, 2… each time the instrument is held again), at the average
 *   purchase price: this covers holdings older than the order list, and short positions (side sell).
 * - Open trades of held instruments take the position's last price; open trades of instruments no longer held
 *   are closed at their last known price (realized P&L by the trade-writer).
 * - Instruments in `changedSinceRead` are left as they are (no upsert, reprice or close).
 */
export function planSync(
  snapshot: BrokerageSnapshot,
  stored: TradeEntity[],
  now: Date,
  { soldByTrade = new Map(), changedSinceRead = new Set() }: SyncContext = {},
): SyncPlan {
  const held = new Map<string, PositionView>();
  for (const position of snapshot.positions) if (position.quantity !== 0) held.set(instrumentOf(position), position);
  const open = stored.filter((trade) => trade.status === 'open' && !changedSinceRead.has(instrumentOf(trade)));
  const soldByKey = new Map(
    open.filter((trade) => trade.sourceKey).map((trade) => [trade.sourceKey!, soldByTrade.get(trade.id) ?? 0]),
  );
  // Looked up per instrument and per order below: grouped once (linear, not instruments × trades).
  const openByInstrument = new Map<string, TradeEntity[]>();
  for (const trade of open) {
    const instrument = instrumentOf(trade);
    const trades = openByInstrument.get(instrument);
    if (trades) trades.push(trade);
    else openByInstrument.set(instrument, [trade]);
  }
  const storedKeys = new Set(stored.map((trade) => trade.sourceKey));

  const upserts: SourcedTrade[] = [];
  const ordersByInstrument = new Map<string, OrderView[]>();
  for (const order of snapshot.orders) {
    if (!isBuy(order.action) || !positive(order.filledQuantity) || !positive(order.executionPrice)) continue;
    const instrument = instrumentOf(order);
    ordersByInstrument.set(instrument, [...(ordersByInstrument.get(instrument) ?? []), order]);
  }

  for (const [instrument, position] of held) {
    if (changedSinceRead.has(instrument)) continue;
    const multiplier = position.isOptions ? position.contractMultiplier || DEFAULT_CONTRACT_MULTIPLIER : 1;
    const long = position.quantity > 0;
    const heldQuantity = Math.abs(position.quantity);
    const lastPrice = positive(position.price) ? position.price : position.averagePurchasePrice;
    const current = lastPrice == null ? null : storedPrice(lastPrice, position.isOptions, multiplier);
    const openHere = (openByInstrument.get(instrument) ?? []).filter(
      (trade) => trade.brokerageAccountId === snapshot.accountId,
    );
    const byOrders = new Map<string, number>(
      openHere
        .filter((trade) => trade.sourceKey?.startsWith('order:'))
        .map((trade) => [trade.sourceKey!, Number(trade.quantity)]),
    );

    if (long) {
      const newestFirst = [...(ordersByInstrument.get(instrument) ?? [])].sort((a, b) =>
        (b.timeExecuted ?? b.timePlaced ?? '').localeCompare(a.timeExecuted ?? a.timePlaced ?? ''),
      );
      let explained = sum([...byOrders.values()]);
      for (const order of newestFirst) {
        const key = orderSourceKey(order.id);
        const filled = round(order.filledQuantity! - (soldByKey.get(key) ?? 0), 6);
        if (filled <= 0) continue;
        const known = byOrders.get(key);
        if (known === undefined && round(explained + filled, 6) > heldQuantity) continue;
        if (known === undefined && storedKeys.has(key)) continue; // closed: not reopened
        explained = round(explained - (known ?? 0) + filled, 6);
        byOrders.set(key, filled);
        upserts.push({
          sourceKey: key,
          brokerageAccountId: snapshot.accountId,
          ownerStatus: order.filledQuantity! >= order.quantity ? 'filled' : 'executed',
          symbol: order.symbol,
          side: 'buy',
          quantity: filled.toString(),
          price: storedPrice(order.executionPrice!, order.isOptions, multiplier),
          currentPrice: current ?? storedPrice(order.executionPrice!, order.isOptions, multiplier),
          executedAt: new Date(order.timeExecuted ?? order.timePlaced ?? now.toISOString()),
          isOptions: order.isOptions,
          optionType: order.optionType,
          optionsTicker: order.optionsTicker,
          strikePrice: order.strikePrice == null ? null : String(order.strikePrice),
          expirationDate: order.expirationDate,
          contractMultiplier: multiplier,
        });
      }
    }

    const unexplained = long ? round(heldQuantity - sum([...byOrders.values()]), 6) : heldQuantity;
    const entry = positive(position.averagePurchasePrice) ? position.averagePurchasePrice : lastPrice;
    if (unexplained > 0 && positive(entry)) {
      const prefix = positionKeyPrefix(snapshot.accountId, instrument);
      const lotTrades = stored.filter((trade) => trade.sourceKey?.startsWith(prefix));
      const openLot = lotTrades.find((trade) => trade.status === 'open');
      upserts.push({
        sourceKey: openLot?.sourceKey ?? `${prefix}${lotTrades.length + 1}`,
        brokerageAccountId: snapshot.accountId,
        ownerStatus: 'open',
        symbol: position.symbol,
        side: long ? 'buy' : 'sell',
        quantity: unexplained.toString(),
        price: storedPrice(entry, position.isOptions, multiplier),
        currentPrice: current ?? storedPrice(entry, position.isOptions, multiplier),
        executedAt: openLot?.executedAt ?? now,
        isOptions: position.isOptions,
        optionType: position.optionType,
        optionsTicker: position.optionsTicker,
        strikePrice: position.strikePrice == null ? null : String(position.strikePrice),
        expirationDate: position.expirationDate,
        contractMultiplier: multiplier,
      });
    }
  }

  const upserted = new Set(upserts.map((trade) => trade.sourceKey));
  const reprices: SyncPlan['reprices'] = [];
  const closes: SyncPlan['closes'] = [];
  for (const trade of open) {
    if (trade.brokerageAccountId !== snapshot.accountId) continue;
    const position = held.get(instrumentOf(trade));
    if (!position) {
      closes.push({ id: trade.id, exitPrice: trade.currentPrice, ownerStatus: 'closed' });
    } else if (!upserted.has(trade.sourceKey ?? '') && positive(position.price)) {
      reprices.push({
        id: trade.id,
        currentPrice: storedPrice(position.price, trade.isOptions, trade.contractMultiplier),
      });
    }
  }
  return { upserts, reprices, closes };
}

const sum = (values: number[]) =>
  round(
    values.reduce((total, value) => total + value, 0),
    6,
  );
