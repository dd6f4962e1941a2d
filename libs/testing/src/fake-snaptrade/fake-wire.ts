import type {
  Account,
  AccountPosition,
  AllAccountPositionsResponse,
  Balance,
  Brokerage,
  BrokerageAuthorization,
  Currency,
  OptionInstrument,
  StockInstrument,
  SymbolsQuotesInner,
  UniversalSymbol,
} from 'snaptrade-typescript-sdk';
import type { OrderProgress } from './fake-lifecycle';
import {
  stableId,
  type AccountView,
  type FakeAccount,
  type FakeConnection,
  type FakeOption,
  type FakeOrder,
  type FakePosition,
  type FakeSnaptradeState,
} from './fake-state';
import type { Known, WireOrderRecord } from './wire-types';

/**
 * Response bodies built with the SDK's own model types (index signatures removed, see wire-types): a field or an
 * enum value the provider's schema does not have fails the type-check. Quantities and prices of positions and
 * orders are decimal strings, balances numbers, as at the provider.
 */
const USD: Known<Currency> = { id: stableId('USD'), code: 'USD', name: 'US Dollar' };
const decimal = (value: number) => String(Math.round(value * 1e8) / 1e8);
const money = (value: number) => Math.round(value * 100) / 100;
const iso = (ms: number) => new Date(ms).toISOString();
const display = (slug: string) => (slug === 'WEBULL' ? 'Webull' : slug);

export function brokerage(slug: string): Known<Brokerage> {
  return {
    id: stableId(slug),
    slug,
    name: display(slug),
    display_name: display(slug),
    description: `${slug} brokerage`,
    aws_s3_logo_url: `https://passiv-brokerage-logos.s3.ca-central-1.amazonaws.com/${slug.toLowerCase()}-logo.png`,
    aws_s3_square_logo_url: null,
    url: null,
    enabled: true,
    maintenance_mode: false,
    is_degraded: false,
    allows_trading: true,
    allows_fractional_units: true,
    has_reporting: true,
    is_real_time_connection: true,
    brokerage_type: { id: stableId('type'), name: 'Traditional Brokerage' },
    exchanges: [],
    open_url: null,
  };
}

export function authorization(state: FakeSnaptradeState, connection: FakeConnection): Known<BrokerageAuthorization> {
  return {
    id: connection.id,
    created_date: connection.createdDate,
    brokerage: brokerage(connection.broker),
    name: `Connection-${connection.id.slice(0, 4)}`,
    type: connection.type,
    disabled: connection.disabled,
    disabled_date: connection.disabledDate,
    meta: {},
    updated_date: connection.createdDate,
    is_eligible_for_payout: false,
    data_freshness_mode: state.realtimeConnections.has(connection.id) ? 'realtime' : 'delayed',
  };
}

export function account(state: FakeSnaptradeState, row: FakeAccount, view: AccountView): Known<Account> {
  const total = view.cash + state.holdingsValue(view.positions);
  return {
    id: row.id,
    brokerage_authorization: row.connectionId,
    name: row.name,
    number: row.number,
    institution_account_id: null,
    institution_name: state.connections.get(row.connectionId)?.broker === 'WEBULL' ? 'Webull' : 'Brokerage',
    created_date: row.createdDate,
    funding_date: null,
    opening_date: null,
    sync_status: {
      transactions: {
        initial_sync_completed: true,
        last_successful_sync: view.asOf.slice(0, 10),
        first_transaction_date: '2022-01-24',
      },
      holdings: {
        initial_sync_completed: true,
        last_successful_sync: view.asOf.replace('T', ' ').replace('Z', '+00:00'),
        holdings_unavailable: false,
      },
    },
    balance: { total: { amount: money(total), currency: 'USD' } },
    status: 'open',
    raw_type: 'Margin',
    account_category: 'INVESTMENT',
    meta: {},
    portfolio_group: stableId(`group-${row.id}`),
    cash_restrictions: [],
    is_paper: false,
  };
}

export function balances(view: AccountView): Known<Balance>[] {
  return [{ currency: USD, cash: money(view.cash), buying_power: money(view.buyingPower) }];
}

function universalSymbol(ticker: string): Known<UniversalSymbol> {
  return {
    id: stableId(ticker),
    symbol: ticker,
    raw_symbol: ticker,
    description: `${ticker} Inc.`,
    currency: USD,
    exchange: {
      id: stableId('XNAS'),
      code: 'NASDAQ',
      mic_code: 'XNAS',
      name: 'Nasdaq',
      timezone: 'America/New_York',
      start_time: '09:30:00',
      close_time: '16:00:00',
      suffix: null,
    },
    type: { id: stableId('cs'), code: 'cs', description: 'Common Stock', is_supported: true },
    figi_code: null,
    figi_instrument: null,
    currencies: [USD],
  };
}

function stockInstrument(ticker: string): Known<StockInstrument> {
  return {
    kind: 'stock',
    id: stableId(ticker),
    symbol: ticker,
    raw_symbol: ticker,
    description: `${ticker} Inc.`,
    currency: 'USD',
    exchange: 'XNAS',
    figi_instrument: null,
  };
}

function optionInstrument(symbol: string, option: FakeOption): Known<OptionInstrument> {
  return {
    kind: 'option',
    id: stableId(symbol),
    symbol,
    option_type: option.optionType,
    strike_price: String(option.strike),
    expiration_date: option.expiration,
    multiplier: '100',
    description: `${option.underlying} ${option.expiration} ${option.strike} ${option.optionType}`,
    underlying: stockInstrument(option.underlying),
  };
}

function position(state: FakeSnaptradeState, row: FakePosition): Known<AccountPosition> {
  // cost_basis is per contract for options.
  return {
    instrument: row.option ? optionInstrument(row.symbol, row.option) : stockInstrument(row.symbol),
    units: decimal(row.units),
    price: String(state.priceOf(row.symbol, row.option)),
    cost_basis: decimal(row.option ? row.costBasis * 100 : row.costBasis),
    currency: 'USD',
    cash_equivalent: false,
    tax_lots: [],
  };
}

export function positions(state: FakeSnaptradeState, view: AccountView): Known<AllAccountPositionsResponse> {
  return { results: view.positions.map((row) => position(state, row)), data_freshness: { as_of: view.asOf } };
}

function optionSymbol(symbol: string, option: FakeOption): WireOrderRecord['option_symbol'] {
  return {
    id: stableId(symbol),
    ticker: symbol,
    option_type: option.optionType,
    strike_price: option.strike,
    expiration_date: option.expiration,
    is_mini_option: false,
    underlying_symbol: universalSymbol(option.underlying),
  };
}

/** One order as the provider reports it at the moment `progress` describes (SnapTrade echoes no client_order_id). */
export function orderRecord(order: FakeOrder, progress: OrderProgress): WireOrderRecord {
  return {
    brokerage_order_id: order.id,
    brokerage_group_order_id: null,
    order_role: null,
    status: progress.status,
    universal_symbol: order.option ? null : universalSymbol(order.symbol),
    option_symbol: order.option ? optionSymbol(order.symbol, order.option) : null,
    quote_universal_symbol: null,
    quote_currency: null,
    action: order.action,
    total_quantity: decimal(order.units),
    open_quantity: decimal(progress.open),
    canceled_quantity: decimal(progress.canceled),
    filled_quantity: decimal(progress.filled),
    // Every fill of an order is at its placement price, so the average is that price.
    execution_price: progress.filled > 0 ? decimal(order.price) : null,
    limit_price: order.limitPrice === null ? null : decimal(order.limitPrice),
    stop_price: order.stopPrice === null ? null : decimal(order.stopPrice),
    trailing_stop: null,
    order_type: order.orderType,
    time_in_force: order.timeInForce,
    time_placed: order.placedAt,
    time_updated: iso(progress.changedAt),
    time_executed: progress.executedAt === null ? null : iso(progress.executedAt),
    expiry_date: null,
    symbol: stableId(order.symbol),
    child_brokerage_order_ids: null,
  };
}

export function quote(state: FakeSnaptradeState, ticker: string): Known<SymbolsQuotesInner> {
  const price = state.priceOf(ticker, null);
  return {
    symbol: universalSymbol(ticker),
    last_trade_price: price,
    bid_price: price,
    ask_price: price,
    bid_size: 100,
    ask_size: 100,
  };
}
