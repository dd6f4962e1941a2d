import { isOrderRuleError, normalizeMarketOrder } from './market-order.rules';
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
