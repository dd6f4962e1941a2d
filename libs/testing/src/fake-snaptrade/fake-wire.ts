import { createHash } from 'node:crypto';
import type {
  FakeAccount,
  FakeConnection,
  FakeOption,
  FakeOrder,
  FakePosition,
  FakeSnaptradeState,
} from './fake-state';

/** Response bodies in the provider's documented shapes (openapi.yaml components.schemas). */
const stableId = (value: string) => {
  const hex = createHash('sha1').update(value).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};
const USD = { id: stableId('USD'), code: 'USD', name: 'US Dollar' };

export function brokerage(slug: string) {
  return {
    id: stableId(slug),
    slug,
    name: slug === 'WEBULL' ? 'Webull' : slug,
    display_name: slug === 'WEBULL' ? 'Webull' : slug,
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

export function authorization(connection: FakeConnection) {
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
    data_freshness_mode: 'realtime',
  };
}

export function account(state: FakeSnaptradeState, row: FakeAccount) {
  const syncDate = new Date().toISOString();
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
        last_successful_sync: syncDate.slice(0, 10),
        first_transaction_date: '2022-01-24',
      },
      holdings: {
        initial_sync_completed: true,
        last_successful_sync: syncDate.replace('T', ' ').replace('Z', '+00:00'),
      },
    },
    balance: { total: { amount: Math.round((row.cash + state.holdingsValue(row.id)) * 100) / 100, currency: 'USD' } },
    status: 'open',
    raw_type: 'Margin',
    account_category: 'INVESTMENT',
    meta: {},
    portfolio_group: stableId(`group-${row.id}`),
    cash_restrictions: [],
    is_paper: false,
  };
}

export function balances(row: FakeAccount) {
  return [{ currency: USD, cash: Math.round(row.cash * 100) / 100, buying_power: Math.round(row.cash * 100) / 100 }];
}

function universalSymbol(ticker: string) {
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

function stockInstrument(ticker: string) {
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

export function position(state: FakeSnaptradeState, row: FakePosition) {
  const instrument = row.option
    ? {
        kind: 'option',
        id: stableId(row.symbol),
        symbol: row.symbol,
        option_type: row.option.optionType,
        strike_price: String(row.option.strike),
        expiration_date: row.option.expiration,
        multiplier: '100',
        description: `${row.option.underlying} ${row.option.expiration} ${row.option.strike} ${row.option.optionType}`,
        underlying: stockInstrument(row.option.underlying),
      }
    : stockInstrument(row.symbol);
  // cost_basis is per contract for options.
  return {
    instrument,
    units: String(row.units),
    price: String(state.priceOf(row.symbol, row.option)),
    cost_basis: String(row.option ? row.costBasis * 100 : row.costBasis),
    currency: 'USD',
    cash_equivalent: false,
    tax_lots: [],
  };
}

function optionSymbol(symbol: string, option: FakeOption) {
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

/** SnapTrade's records do not carry client_order_id; `echoClientOrderId` simulates a brokerage that does. */
export function orderRecord(order: FakeOrder, echoClientOrderId: boolean) {
  return {
    brokerage_order_id: order.id,
    brokerage_group_order_id: null,
    order_role: 'PRIMARY',
    status: order.status,
    universal_symbol: order.option ? null : universalSymbol(order.symbol),
    option_symbol: order.option ? optionSymbol(order.symbol, order.option) : null,
    quote_universal_symbol: null,
    quote_currency: null,
    action: order.action,
    total_quantity: String(order.units),
    open_quantity: '0',
    canceled_quantity: '0',
    filled_quantity: order.status === 'EXECUTED' ? String(order.units) : '0',
    execution_price: order.status === 'EXECUTED' ? String(order.price) : null,
    limit_price: null,
    stop_price: null,
    trailing_stop: null,
    order_type: 'Market',
    time_in_force: 'Day',
    time_placed: order.placedAt,
    time_updated: order.placedAt,
    time_executed: order.status === 'EXECUTED' ? order.placedAt : null,
    expiry_date: null,
    symbol: stableId(order.symbol),
    child_brokerage_order_ids: null,
    ...(echoClientOrderId ? { client_order_id: order.clientOrderId } : {}),
  };
}

export function quote(state: FakeSnaptradeState, ticker: string) {
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
