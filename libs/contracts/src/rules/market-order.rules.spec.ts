import { isOrderRuleError, MarketOrderRules, normalizeMarketOrder } from './market-order.rules';
import { buildOccSymbol, parseOccSymbol } from './occ-symbol';

const today = '2026-03-10';

describe('OCC symbols', () => {
  it('build and parse AAPL 2026-12-18 240 Call', () => {
    expect(
      buildOccSymbol({ underlying: 'aapl', optionType: 'CALL', strikePrice: '240', expirationDate: '2026-12-18' }),
    ).toBe('AAPL  261218C00240000');
    expect(parseOccSymbol('AAPL261218P00012500')).toEqual({
      underlying: 'AAPL',
      optionType: 'PUT',
      strikePrice: '12.5',
      expirationDate: '2026-12-18',
    });
    expect(parseOccSymbol('AAPL')).toBeNull();
  });
});

describe('normalizeMarketOrder', () => {
  it('normalizes a stock order (case, fractional shares)', () => {
    expect(normalizeMarketOrder({ action: 'BUY', symbol: ' aapl ', quantity: 1.5 }, today)).toEqual({
      action: 'BUY',
      symbol: 'AAPL',
      underlying: 'AAPL',
      quantity: '1.5',
      option: null,
    });
  });

  it('builds the OCC symbol of an option from its fields, with a default multiplier of 100', () => {
    const order = normalizeMarketOrder(
      {
        action: 'SELL',
        symbol: 'SPY',
        quantity: 2,
        isOptions: true,
        optionType: 'put',
        strikePrice: 500,
        expirationDate: '2026-06-19',
      },
      today,
    );
    expect(order).toMatchObject({
      symbol: 'SPY   260619P00500000',
      underlying: 'SPY',
      option: { optionType: 'PUT', strikePrice: '500', multiplier: 100 },
    });
  });

  it.each([
    [{ isOptions: true, optionType: 'call', expirationDate: '2026-06-19' }, 'INVALID_OPTIONS_DATA'],
    [{ isOptions: true, optionType: 'call', strikePrice: 100 }, 'INVALID_OPTIONS_DATA'],
    [{ isOptions: true, strikePrice: 100, expirationDate: '2026-06-19' }, 'INVALID_OPTIONS_DATA'],
    [{ isOptions: true, optionType: 'call', strikePrice: 100, expirationDate: '2026-02-30' }, 'INVALID_OPTIONS_DATA'],
    [{ isOptions: true, optionType: 'call', strikePrice: 100, expirationDate: '2026-03-09' }, 'INVALID_OPTIONS_DATA'],
    [
      { isOptions: true, optionType: 'call', strikePrice: 100, expirationDate: '2026-06-19', quantity: 1.5 },
      'INVALID_OPTIONS_DATA',
    ],
    [{ optionsTicker: 'SPY   260619P00500000', optionType: 'call' }, 'INVALID_OPTIONS_DATA'],
    [{ quantity: 0 }, 'INVALID_ORDER'],
    [{ symbol: 'not a ticker' }, 'INVALID_ORDER'],
  ])('refuses %j with %s', (overrides, code) => {
    const result = normalizeMarketOrder({ action: 'BUY', symbol: 'SPY', quantity: 1, ...overrides }, today);
    expect(isOrderRuleError(result) && result.code).toBe(code);
  });
});

describe('normalizeMarketOrder with a limit price', () => {
  const stock = { action: 'BUY' as const, symbol: 'AAPL', quantity: 2 };
  const refusal = (overrides: Record<string, unknown>) => {
    const result = normalizeMarketOrder({ ...stock, ...overrides } as never, today);
    return isOrderRuleError(result) ? result : null;
  };

  it('carries the limit price as a decimal string and the time in force, Day when omitted', () => {
    expect(normalizeMarketOrder({ ...stock, limitPrice: 187.25, timeInForce: 'IOC' }, today)).toEqual({
      action: 'BUY',
      symbol: 'AAPL',
      underlying: 'AAPL',
      quantity: '2',
      option: null,
      limitPrice: '187.25',
      timeInForce: 'IOC',
    });
    expect(normalizeMarketOrder({ ...stock, limitPrice: 0.0001 }, today)).toMatchObject({
      limitPrice: '0.0001',
      timeInForce: 'Day',
    });
    expect(normalizeMarketOrder({ ...stock, limitPrice: 9_999_999.9999, timeInForce: 'FOK' }, today)).toMatchObject({
      limitPrice: '9999999.9999',
      timeInForce: 'FOK',
    });
  });

  it('gives an option order its limit per contract unit', () => {
    expect(
      normalizeMarketOrder(
        { ...stock, optionsTicker: 'SPY   260619P00500000', limitPrice: 3.5, timeInForce: 'FOK' },
        today,
      ),
    ).toMatchObject({ symbol: 'SPY   260619P00500000', limitPrice: '3.5', timeInForce: 'FOK' });
  });

  it('leaves a market order exactly as before: no limit fields at all', () => {
    const order = normalizeMarketOrder(stock, today);
    expect(order).not.toHaveProperty('limitPrice');
    expect(order).not.toHaveProperty('timeInForce');
    expect(normalizeMarketOrder({ ...stock, limitPrice: undefined, timeInForce: undefined }, today)).toEqual(order);
  });

  it.each([
    [0, MarketOrderRules.messages.limitPrice],
    [-1, MarketOrderRules.messages.limitPrice],
    [10_000_000, MarketOrderRules.messages.limitPrice],
    [1.23456, MarketOrderRules.messages.limitPrice],
    [1e-7, MarketOrderRules.messages.limitPrice],
    [Number.NaN, MarketOrderRules.messages.limitPrice],
    [Number.POSITIVE_INFINITY, MarketOrderRules.messages.limitPrice],
    ['12', MarketOrderRules.messages.limitPrice],
  ])('refuses the limit price %p (INVALID_ORDER, %s)', (limitPrice, message) => {
    expect(refusal({ limitPrice })).toEqual({ code: 'INVALID_ORDER', message });
  });

  it('refuses an unknown time in force, and a time in force without a limit price', () => {
    expect(refusal({ limitPrice: 10, timeInForce: 'GTC' })).toEqual({
      code: 'INVALID_ORDER',
      message: MarketOrderRules.messages.timeInForce,
    });
    expect(refusal({ timeInForce: 'IOC' })).toEqual({
      code: 'INVALID_ORDER',
      message: MarketOrderRules.messages.timeInForceWithoutLimit,
    });
  });

  it('checks the instrument before the limit', () => {
    expect(refusal({ symbol: 'not a ticker', limitPrice: -1 })).toMatchObject({
      message: MarketOrderRules.messages.symbol,
    });
  });
});
