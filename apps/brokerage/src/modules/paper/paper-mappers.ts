import Decimal from 'decimal.js';
import type { ProviderOptionDetails, ProviderOrder, ProviderPosition } from '../provider/provider.types';
import { PAPER_CURRENCY } from './paper-catalogue';
import type { PaperOrderEntity } from './entities/paper-order.entity';
import type { PaperPositionEntity } from './entities/paper-position.entity';

type OptionColumns = Pick<
  PaperPositionEntity,
  'optionType' | 'strikePrice' | 'expirationDate' | 'multiplier' | 'underlying'
>;

function optionOf(row: OptionColumns): ProviderOptionDetails | null {
  if (!row.optionType || !row.strikePrice || !row.expirationDate) return null;
  return {
    optionType: row.optionType,
    strikePrice: new Decimal(row.strikePrice).toString(),
    expirationDate: row.expirationDate,
    multiplier: row.multiplier,
    underlying: row.underlying,
  };
}

export function toProviderPosition(row: PaperPositionEntity, price: Decimal | undefined): ProviderPosition {
  return {
    symbol: row.symbol,
    description: null,
    units: new Decimal(row.units).toString(),
    price: price?.toString() ?? null,
    averageCost: new Decimal(row.averageCost).toString(),
    currency: PAPER_CURRENCY,
    option: optionOf(row),
  };
}

export function toProviderOrder(row: PaperOrderEntity): ProviderOrder {
  return {
    brokerageOrderId: row.id,
    clientOrderId: row.clientOrderId,
    symbol: row.symbol,
    option: optionOf(row),
    action: row.action,
    orderType: row.limitPrice === null ? 'Market' : 'Limit',
    timeInForce: row.timeInForce ?? 'Day',
    status: row.status,
    totalQuantity: new Decimal(row.units).toString(),
    filledQuantity: new Decimal(row.filledUnits).toString(),
    executionPrice: row.executionPrice === null ? null : new Decimal(row.executionPrice).toString(),
    timePlaced: row.placedAt.toISOString(),
    timeExecuted: row.status === 'EXECUTED' ? (row.updatedAt ?? row.placedAt).toISOString() : null,
  };
}

/** Market value of holdings: units × price × multiplier. */
export function holdingsValue(positions: PaperPositionEntity[], prices: Map<string, Decimal>): Decimal {
  return positions.reduce(
    (sum, row) =>
      sum.plus(new Decimal(row.units).times(prices.get(row.symbol) ?? row.averageCost).times(row.multiplier)),
    new Decimal(0),
  );
}
