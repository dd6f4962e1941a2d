import type {
  Account,
  AccountOrderRecord,
  AccountPosition,
  Balance,
  BrokerageAuthorization,
  OptionInstrument,
  SymbolsQuotesInner,
} from 'snaptrade-typescript-sdk';
import type {
  ProviderAccount,
  ProviderBalance,
  ProviderConnection,
  ProviderOptionDetails,
  ProviderOrder,
  ProviderPosition,
  ProviderQuote,
} from '../provider/provider.types';

/** SnapTrade's wire types mix numbers (balances) and decimal strings (positions, orders): everything becomes a string here. */
const decimal = (value: number | string | null | undefined): string | null =>
  value === null || value === undefined || value === '' ? null : String(value);

export function toProviderConnection(auth: BrokerageAuthorization): ProviderConnection {
  const brokerage = auth.brokerage ?? {};
  return {
    id: auth.id ?? '',
    name: auth.name ?? brokerage.display_name ?? brokerage.name ?? 'Connection',
    type: auth.type === 'trade' ? 'trade' : 'read',
    disabled: Boolean(auth.disabled),
    disabledAt: auth.disabled_date ?? null,
    createdAt: auth.created_date ?? null,
    brokerage: {
      slug: brokerage.slug ?? '',
      name: brokerage.name ?? '',
      displayName: brokerage.display_name ?? brokerage.name ?? '',
      description: brokerage.description ?? '',
      logoUrl: brokerage.aws_s3_logo_url ?? null,
    },
  };
}

export function toProviderAccount(account: Account): ProviderAccount {
  const total = account.balance?.total;
  return {
    id: account.id,
    connectionId: account.brokerage_authorization,
    name: account.name ?? account.institution_name,
    number: account.number,
    institutionName: account.institution_name,
    createdAt: account.created_date ?? null,
    isPaper: Boolean(account.is_paper),
    status: account.status ?? null,
    totalValue:
      total && total.amount !== undefined ? { amount: String(total.amount), currency: total.currency ?? 'USD' } : null,
    buyingPower: null,
  };
}

/** One balance per currency at SnapTrade: the product shows USD (or the first currency when there is no USD). */
export function toProviderBalance(balances: Balance[], account: Account): ProviderBalance {
  const chosen = balances.find((balance) => balance.currency?.code === 'USD') ?? balances[0];
  const currency = chosen?.currency?.code ?? account.balance?.total?.currency ?? 'USD';
  const cash = decimal(chosen?.cash) ?? '0';
  return {
    currency,
    cash,
    buyingPower: decimal(chosen?.buying_power) ?? cash,
    totalValue: decimal(account.balance?.total?.amount) ?? cash,
  };
}

function optionOfInstrument(instrument: OptionInstrument): ProviderOptionDetails {
  const underlying = instrument.underlying as { symbol?: string };
  return {
    optionType: instrument.option_type === 'PUT' ? 'PUT' : 'CALL',
    strikePrice: instrument.strike_price,
    expirationDate: instrument.expiration_date,
    multiplier: Number(instrument.multiplier) || 100,
    underlying: underlying.symbol ?? instrument.symbol.slice(0, 6).trim(),
  };
}

export function toProviderPosition(position: AccountPosition): ProviderPosition {
  const instrument = position.instrument as { kind: string; symbol: string; description?: string | null };
  const option = instrument.kind === 'option' ? optionOfInstrument(position.instrument as OptionInstrument) : null;
  return {
    symbol: instrument.symbol,
    description: instrument.description ?? null,
    units: decimal(position.units) ?? '0',
    price: decimal(position.price),
    // cost_basis is per contract for options; the product shows a per-unit average like for stocks.
    averageCost:
      option && position.cost_basis
        ? String(Number(position.cost_basis) / option.multiplier)
        : decimal(position.cost_basis),
    currency: position.currency ?? 'USD',
    option,
  };
}

export function toProviderOrder(record: AccountOrderRecord): ProviderOrder {
  const option = record.option_symbol;
  return {
    brokerageOrderId: record.brokerage_order_id ?? '',
    clientOrderId: (record as { client_order_id?: string | null }).client_order_id ?? null,
    symbol: option?.ticker ?? record.universal_symbol?.symbol ?? record.symbol ?? '',
    option: option
      ? {
          optionType: option.option_type === 'PUT' ? 'PUT' : 'CALL',
          strikePrice: String(option.strike_price),
          expirationDate: option.expiration_date,
          multiplier: option.is_mini_option ? 10 : 100,
          underlying: option.underlying_symbol?.symbol ?? option.ticker.slice(0, 6).trim(),
        }
      : null,
    action: record.action ?? '',
    orderType: record.order_type ?? 'Market',
    timeInForce: record.time_in_force ?? null,
    status: String(record.status ?? 'NONE'),
    totalQuantity: decimal(record.total_quantity) ?? '0',
    filledQuantity: decimal(record.filled_quantity),
    executionPrice: decimal(record.execution_price),
    timePlaced: record.time_placed ?? null,
    timeExecuted: record.time_executed ?? null,
  };
}

export function toProviderQuote(quote: SymbolsQuotesInner): ProviderQuote {
  return {
    symbol: quote.symbol?.symbol ?? '',
    lastTradePrice: decimal(quote.last_trade_price),
    bid: decimal(quote.bid_price),
    ask: decimal(quote.ask_price),
  };
}
