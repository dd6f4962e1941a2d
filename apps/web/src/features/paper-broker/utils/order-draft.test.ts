import { describe, expect, it } from 'vitest';
import { easternToday, emptyDraft, occSymbolOf, quoteSymbolOf, toOrderInput } from './order-draft';

const stock = { ...emptyDraft('acc-1'), symbol: 'msft', quantity: '1.5' };
const option = {
  ...emptyDraft('acc-1'),
  instrument: 'option' as const,
  symbol: 'AAPL',
  quantity: '1',
  optionType: 'PUT' as const,
  strikePrice: '12.5',
  expirationDate: '2030-01-18',
};

describe('order draft', () => {
  it('builds-a-stock-order-with-an-upper-case-ticker', () => {
    expect(toOrderInput(stock, '2026-01-05')).toEqual({
      order: { accountId: 'acc-1', action: 'BUY', symbol: 'MSFT', quantity: 1.5 },
    });
  });

  it('refuses-a-missing-or-bad-quantity-and-a-bad-symbol', () => {
    expect(toOrderInput({ ...stock, quantity: '' }, '2026-01-05')).toEqual({
      error: 'Quantity must be a positive number.',
    });
    expect(toOrderInput({ ...stock, quantity: '-1' }, '2026-01-05')).toEqual({
      error: 'Quantity must be a positive number.',
    });
    expect(toOrderInput({ ...stock, symbol: '1ABC' }, '2026-01-05')).toEqual({
      error: 'Symbol must be a ticker such as AAPL.',
    });
  });

  it('builds-an-option-order-with-its-occ-symbol', () => {
    expect(occSymbolOf(option)).toBe('AAPL  300118P00012500');
    expect(quoteSymbolOf(option)).toBe('AAPL  300118P00012500');
    expect(toOrderInput(option, '2026-01-05')).toEqual({
      order: {
        accountId: 'acc-1',
        action: 'BUY',
        symbol: 'AAPL',
        quantity: 1,
        isOptions: true,
        optionsTicker: 'AAPL  300118P00012500',
        optionType: 'put',
        strikePrice: 12.5,
        expirationDate: '2030-01-18',
        contractMultiplier: 100,
      },
    });
  });

  it('refuses-expired-or-fractional-option-orders', () => {
    expect(toOrderInput(option, '2030-01-19')).toEqual({ error: 'This option contract has expired.' });
    expect(toOrderInput({ ...option, quantity: '1.5' }, '2026-01-05')).toEqual({
      error: 'Options are traded in whole contracts.',
    });
  });

  it('reads-today-on-the-eastern-calendar', () => {
    expect(easternToday(new Date('2026-01-06T03:00:00Z'))).toBe('2026-01-05');
  });
});
