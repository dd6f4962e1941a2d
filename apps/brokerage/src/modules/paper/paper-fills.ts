import { Injectable } from '@nestjs/common';
import type { NormalizedMarketOrder } from '@copytrade/contracts';
import Decimal from 'decimal.js';
import { DataSource, type EntityManager } from 'typeorm';
import { ProviderError } from '../provider/provider.error';
import { PaperAccountEntity } from './entities/paper-account.entity';
import { PaperOrderEntity } from './entities/paper-order.entity';
import { PaperPositionEntity } from './entities/paper-position.entity';

/**
 * Fills a market order at the given price in one transaction: the account row is locked, so concurrent
 * orders of one account apply one after another and cash never goes negative. Long positions only.
 */
@Injectable()
export class PaperFills {
  constructor(private readonly dataSource: DataSource) {}

  fill(
    accountId: string,
    clientOrderId: string,
    order: NormalizedMarketOrder,
    price: Decimal,
    at: Date,
  ): Promise<PaperOrderEntity> {
    return this.dataSource.transaction(async (manager) => {
      const account = await manager.findOneOrFail(PaperAccountEntity, {
        where: { id: accountId },
        lock: { mode: 'pessimistic_write' },
      });
      const position = await manager.findOneBy(PaperPositionEntity, { accountId, symbol: order.symbol });
      const units = new Decimal(order.quantity);
      const multiplier = order.option?.multiplier ?? 1;
      // Brokers settle to the cent.
      const amount = units.times(price).times(multiplier).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
      const cash = new Decimal(account.cash);
      if (order.action === 'BUY') {
        if (amount.gt(cash))
          throw new ProviderError(
            'INSUFFICIENT_BUYING_POWER',
            `Order costs ${amount.toFixed(2)} USD; buying power is ${cash.toFixed(2)} USD.`,
          );
        await this.addToPosition(manager, accountId, order, position, units, price);
        await manager.update(PaperAccountEntity, { id: accountId }, { cash: cash.minus(amount).toFixed(2) });
      } else {
        const held = new Decimal(position?.units ?? 0);
        if (held.lt(units))
          throw new ProviderError(
            'INSUFFICIENT_POSITION',
            `Holding ${held.toString()} of ${order.symbol}; cannot sell ${units.toString()}.`,
          );
        const remaining = held.minus(units);
        if (remaining.isZero()) await manager.delete(PaperPositionEntity, { accountId, symbol: order.symbol });
        else
          await manager.update(
            PaperPositionEntity,
            { accountId, symbol: order.symbol },
            { units: remaining.toString() },
          );
        await manager.update(PaperAccountEntity, { id: accountId }, { cash: cash.plus(amount).toFixed(2) });
      }
      return manager.save(
        manager.create(PaperOrderEntity, {
          accountId,
          clientOrderId,
          symbol: order.symbol,
          underlying: order.underlying,
          action: order.action,
          units: units.toString(),
          executionPrice: price.toString(),
          status: 'EXECUTED',
          multiplier,
          optionType: order.option?.optionType ?? null,
          strikePrice: order.option?.strikePrice ?? null,
          expirationDate: order.option?.expirationDate ?? null,
          placedAt: at,
        }),
      );
    });
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
