import type { BalancesView, BrokerageAccountView, OrderView, PositionView, QuoteView } from '@copytrade/contracts';
import Decimal from 'decimal.js';
import { money, price, quantity } from '../../../common/json-numbers';
import type {
  ProviderAccount,
  ProviderBalance,
  ProviderOrder,
  ProviderPosition,
  ProviderQuote,
} from '../../provider/provider.types';

const moneyView = (value: { amount: string; currency: string } | null) =>
  value ? { amount: money(value.amount)!, currency: value.currency } : null;
const optionType = (value: 'CALL' | 'PUT' | undefined) => (value ? (value === 'CALL' ? 'call' : 'put') : null);

export function toAccountView(account: ProviderAccount): BrokerageAccountView {
  return {
    id: account.id,
    connection_id: account.connectionId,
    name: account.name,
    number: account.number,
    institution_name: account.institutionName,
    created_date: account.createdAt,
    is_paper: account.isPaper,
    status: account.status,
    balance: { total: moneyView(account.totalValue), buying_power: moneyView(account.buyingPower) },
  };
}

export function toBalancesView(accountId: string, balance: ProviderBalance, asOf: Date): BalancesView {
  const of = (amount: string) => ({ amount: money(amount)!, currency: balance.currency });
  return {
    accountId,
    currency: balance.currency,
    total_value: of(balance.totalValue),
    cash: of(balance.cash),
    buying_power: of(balance.buyingPower),
    asOf: asOf.toISOString(),
  };
}

export function toPositionView(position: ProviderPosition): PositionView {
  const multiplier = position.option?.multiplier ?? 1;
  const value =
    position.price === null ? null : new Decimal(position.units).times(position.price).times(multiplier).toString();
  return {
    symbol: position.option?.underlying ?? position.symbol,
    description: position.description,
    quantity: quantity(position.units)!,
    price: price(position.price),
    value: money(value),
    averagePurchasePrice: price(position.averageCost),
    currency: position.currency,
    isOptions: position.option !== null,
    optionsTicker: position.option ? position.symbol : null,
    optionType: optionType(position.option?.optionType),
    strikePrice: price(position.option?.strikePrice),
    expirationDate: position.option?.expirationDate ?? null,
    contractMultiplier: multiplier,
  };
}

export function toOrderView(order: ProviderOrder): OrderView {
  return {
    id: order.brokerageOrderId,
    symbol: order.option?.underlying ?? order.symbol,
    isOptions: order.option !== null,
    optionsTicker: order.option ? order.symbol : null,
    optionType: optionType(order.option?.optionType),
    strikePrice: price(order.option?.strikePrice),
    expirationDate: order.option?.expirationDate ?? null,
    action: order.action,
    orderType: order.orderType,
    timeInForce: order.timeInForce,
    status: order.status,
    quantity: quantity(order.totalQuantity)!,
    filledQuantity: quantity(order.filledQuantity),
    executionPrice: price(order.executionPrice),
    timePlaced: order.timePlaced,
    timeExecuted: order.timeExecuted,
  };
}

export function toQuoteView(quote: ProviderQuote): QuoteView {
  return { symbol: quote.symbol, price: price(quote.lastTradePrice), bid: price(quote.bid), ask: price(quote.ask) };
}
