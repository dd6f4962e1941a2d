import { Injectable } from '@nestjs/common';
import type { NormalizedMarketOrder } from '@copytrade/contracts';
import Decimal from 'decimal.js';
import { DataSource, In, type EntityManager } from 'typeorm';
import { ProviderError } from '../provider/provider.error';
import { PaperAccountEntity } from './entities/paper-account.entity';
import { PaperOrderEntity } from './entities/paper-order.entity';
import { PaperPositionEntity } from './entities/paper-position.entity';
import { UNREACHED_LIMIT_STATUS, withinLimit } from './paper-limit';
import type { PaperFillStep } from './paper-order-script';

/** The price of a symbol at a time (the paper price feed). */
export type PriceAt = (symbol: string, at: Date) => Promise<Decimal>;

const OPEN_STATUSES = ['ACCEPTED', 'PARTIAL'];

/**
 * Fills paper market orders. Each fill is one transaction with the account row locked, so concurrent orders of
 * one account apply one after another and cash never goes negative. Long positions only.
 * An instant order fills when placed; an accepted (slow) order keeps its steps and is advanced lazily, by
 * whoever reads the account next: state follows wall-clock time and survives a restart of the service.
 */
@Injectable()
export class PaperFills {
  constructor(private readonly dataSource: DataSource) {}

  /** Fills the whole order now, or refuses it (nothing is stored). */
  fill(
    accountId: string,
    clientOrderId: string,
    order: NormalizedMarketOrder,
    price: Decimal,
    at: Date,
  ): Promise<PaperOrderEntity> {
    return this.dataSource.transaction(async (manager) => {
      await this.lockAccount(manager, accountId);
      const units = new Decimal(order.quantity);
      await this.trade(manager, accountId, order, units, price);
      return manager.save(
        manager.create(PaperOrderEntity, {
          ...orderColumns(accountId, clientOrderId, order, at),
          filledUnits: units.toString(),
          executionPrice: price.toString(),
          status: 'EXECUTED',
          plan: [],
        }),
      );
    });
  }

  /** Records a limit order the market did not reach as ended at once, nothing filled (cash and positions unchanged). */
  unreached(
    accountId: string,
    clientOrderId: string,
    order: NormalizedMarketOrder,
    at: Date,
  ): Promise<PaperOrderEntity> {
    const repository = this.dataSource.getRepository(PaperOrderEntity);
    return repository.save(repository.create(unreachedOrderRow(accountId, clientOrderId, order, at)));
  }

  /**
   * Accepts the order without filling it: refused now if it could not fill at the current price (as brokers
   * check buying power and holdings on entry); checked again at each fill, when it may be rejected after all.
   */
  accept(
    accountId: string,
    clientOrderId: string,
    order: NormalizedMarketOrder,
    price: Decimal,
    plan: PaperFillStep[],
    at: Date,
  ): Promise<PaperOrderEntity> {
    return this.dataSource.transaction(async (manager) => {
      const account = await this.lockAccount(manager, accountId);
      const refusal = await this.refusal(manager, account, order, new Decimal(order.quantity), price);
      if (refusal) throw refusal;
      return manager.save(
        manager.create(PaperOrderEntity, {
          ...orderColumns(accountId, clientOrderId, order, at),
          filledUnits: '0',
          executionPrice: null,
          status: 'ACCEPTED',
          plan,
        }),
      );
    });
  }

  /** Applies every step of the account's open orders that is due by `now`, in order. */
  async advance(accountId: string, priceAt: PriceAt, now = new Date()): Promise<void> {
    const due = await this.dataSource
      .getRepository(PaperOrderEntity)
      .count({ where: { accountId, status: In(OPEN_STATUSES) } });
    if (due === 0) return;
    await this.dataSource.transaction(async (manager) => {
      const account = await this.lockAccount(manager, accountId);
      const open = await manager.find(PaperOrderEntity, {
        where: { accountId, status: In(OPEN_STATUSES) },
        order: { placedAt: 'ASC' },
      });
      for (const row of open) await this.advanceOrder(manager, account, row, priceAt, now);
    });
  }

  private async advanceOrder(
    manager: EntityManager,
    account: PaperAccountEntity,
    row: PaperOrderEntity,
    priceAt: PriceAt,
    now: Date,
  ): Promise<void> {
    const steps = [...row.plan];
    let changed = false;
    while (steps.length > 0 && OPEN_STATUSES.includes(row.status) && new Date(steps[0]!.at) <= now) {
      const step = steps.shift()!;
      changed = true;
      row.updatedAt = new Date(step.at);
      if (step.kind === 'cancel') row.status = new Decimal(row.filledUnits).isZero() ? 'CANCELED' : 'PARTIAL_CANCELED';
      else if (step.kind === 'reject')
        row.status = new Decimal(row.filledUnits).isZero() ? 'REJECTED' : 'PARTIAL_CANCELED';
      else await this.fillStep(manager, account, row, step, priceAt);
    }
    if (!changed) return;
    row.plan = OPEN_STATUSES.includes(row.status) ? steps : [];
    await manager.save(row);
  }

  private async fillStep(
    manager: EntityManager,
    account: PaperAccountEntity,
    row: PaperOrderEntity,
    step: Extract<PaperFillStep, { kind: 'fill' }>,
    priceAt: PriceAt,
  ): Promise<void> {
    const order = orderOf(row);
    const units = new Decimal(step.units);
    const price = await priceAt(row.symbol, new Date(step.at));
    // The price moved past the limit since the order was accepted: the rest is canceled rather than filled beyond it.
    if (!withinLimit(order, price)) {
      row.status = new Decimal(row.filledUnits).isZero() ? 'CANCELED' : 'PARTIAL_CANCELED';
      return;
    }
    // The account may no longer afford it (other orders filled first): the brokerage rejects the rest.
    if (await this.refusal(manager, account, order, units, price)) {
      row.status = new Decimal(row.filledUnits).isZero() ? 'REJECTED' : 'PARTIAL_CANCELED';
      return;
    }
    await this.trade(manager, account.id, order, units, price);
    account.cash = (await manager.findOneByOrFail(PaperAccountEntity, { id: account.id })).cash;
    const before = new Decimal(row.filledUnits);
    const filled = before.plus(units);
    row.executionPrice = before
      .times(row.executionPrice ?? 0)
      .plus(units.times(price))
      .div(filled)
      .toDecimalPlaces(6)
      .toString();
    row.filledUnits = filled.toString();
    row.status = filled.gte(row.units) ? 'EXECUTED' : 'PARTIAL';
  }

  private lockAccount(manager: EntityManager, accountId: string): Promise<PaperAccountEntity> {
    return manager.findOneOrFail(PaperAccountEntity, { where: { id: accountId }, lock: { mode: 'pessimistic_write' } });
  }

  private async refusal(
    manager: EntityManager,
    account: PaperAccountEntity,
    order: NormalizedMarketOrder,
    units: Decimal,
    price: Decimal,
  ): Promise<ProviderError | null> {
    const cash = new Decimal(account.cash);
    if (order.action === 'BUY') {
      const amount = cost(units, price, order);
      return amount.gt(cash) ? insufficientBuyingPower(amount, cash) : null;
    }
    const position = await manager.findOneBy(PaperPositionEntity, { accountId: account.id, symbol: order.symbol });
    const held = new Decimal(position?.units ?? 0);
    return held.lt(units) ? insufficientPosition(held, order.symbol, units) : null;
  }

  /** Moves `units` at `price` between cash and the position, or throws the refusal. The account row is locked. */
  private async trade(
    manager: EntityManager,
    accountId: string,
    order: NormalizedMarketOrder,
    units: Decimal,
    price: Decimal,
  ): Promise<void> {
    const account = await manager.findOneByOrFail(PaperAccountEntity, { id: accountId });
    const refusal = await this.refusal(manager, account, order, units, price);
    if (refusal) throw refusal;
    const amount = cost(units, price, order);
    const cash = new Decimal(account.cash);
    const position = await manager.findOneBy(PaperPositionEntity, { accountId, symbol: order.symbol });
    if (order.action === 'BUY') {
      await this.addToPosition(manager, accountId, order, position, units, price);
      await manager.update(PaperAccountEntity, { id: accountId }, { cash: cash.minus(amount).toFixed(2) });
      return;
    }
    const remaining = new Decimal(position!.units).minus(units);
    if (remaining.isZero()) await manager.delete(PaperPositionEntity, { accountId, symbol: order.symbol });
    else
      await manager.update(PaperPositionEntity, { accountId, symbol: order.symbol }, { units: remaining.toString() });
    await manager.update(PaperAccountEntity, { id: accountId }, { cash: cash.plus(amount).toFixed(2) });
  }

  private async addToPosition(
    manager: EntityManager,
    accountId: string,
    order: NormalizedMarketOrder,
    position: PaperPositionEntity | null,
    units: Decimal,
    price: Decimal,
  ) {
    const held = new Decimal(position?.units ?? 0);
    const total = held.plus(units);
    const averageCost = held
      .times(position?.averageCost ?? 0)
      .plus(units.times(price))
      .div(total)
      .toDecimalPlaces(6);
    await manager.upsert(
      PaperPositionEntity,
      {
        accountId,
        symbol: order.symbol,
        underlying: order.underlying,
        units: total.toString(),
        averageCost: averageCost.toString(),
        multiplier: order.option?.multiplier ?? 1,
        optionType: order.option?.optionType ?? null,
        strikePrice: order.option?.strikePrice ?? null,
        expirationDate: order.option?.expirationDate ?? null,
      },
      ['accountId', 'symbol'],
    );
  }
}

export const insufficientBuyingPower = (amount: Decimal, cash: Decimal) =>
  new ProviderError(
    'INSUFFICIENT_BUYING_POWER',
    `Order costs ${amount.toFixed(2)} USD; buying power is ${cash.toFixed(2)} USD.`,
  );

export const insufficientPosition = (held: Decimal, symbol: string, units: Decimal) =>
  new ProviderError(
    'INSUFFICIENT_POSITION',
    `Holding ${held.toString()} of ${symbol}; cannot sell ${units.toString()}.`,
  );

/** Brokers settle to the cent. */
export function cost(units: Decimal, price: Decimal, order: NormalizedMarketOrder): Decimal {
  return units
    .times(price)
    .times(order.option?.multiplier ?? 1)
    .toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
}

export function orderColumns(accountId: string, clientOrderId: string, order: NormalizedMarketOrder, at: Date) {
  return {
    accountId,
    clientOrderId,
    symbol: order.symbol,
    underlying: order.underlying,
    action: order.action,
    units: new Decimal(order.quantity).toString(),
    multiplier: order.option?.multiplier ?? 1,
    optionType: order.option?.optionType ?? null,
    strikePrice: order.option?.strikePrice ?? null,
    expirationDate: order.option?.expirationDate ?? null,
    limitPrice: order.limitPrice ?? null,
    timeInForce: order.timeInForce ?? null,
    placedAt: at,
    updatedAt: at,
  };
}

/** The record of a limit order the market did not reach (IOC, FOK): ended at once with nothing filled. */
export function unreachedOrderRow(accountId: string, clientOrderId: string, order: NormalizedMarketOrder, at: Date) {
  return {
    ...orderColumns(accountId, clientOrderId, order, at),
    filledUnits: '0',
    executionPrice: null,
    status: UNREACHED_LIMIT_STATUS,
    plan: [],
  };
}

/** The order a stored row describes (for its later fills). */
function orderOf(row: PaperOrderEntity): NormalizedMarketOrder {
  return {
    action: row.action,
    symbol: row.symbol,
    underlying: row.underlying,
    quantity: row.units,
    option:
      row.optionType && row.strikePrice && row.expirationDate
        ? {
            optionType: row.optionType,
            strikePrice: row.strikePrice,
            expirationDate: row.expirationDate,
            multiplier: row.multiplier,
          }
        : null,
    ...(row.limitPrice === null ? {} : { limitPrice: row.limitPrice, timeInForce: row.timeInForce ?? 'Day' }),
  };
}
