import { daysUntil, easternDate, isRegularUsSession } from './market-hours';
import { simulatedOptionPrice, simulatedStockPrice } from './simulated-price';
import Decimal from 'decimal.js';

describe('US market hours (real hours, US/Eastern)', () => {
  it.each([
    ['2026-03-10T13:30:00Z', true, 'Tuesday 9:30 EDT, the open'],
    ['2026-03-10T13:29:59Z', false, 'one second before the open'],
    ['2026-03-10T19:59:59Z', true, '15:59:59 EDT'],
    ['2026-03-10T20:00:00Z', false, '16:00 EDT, the close'],
    ['2026-01-13T14:30:00Z', true, 'Tuesday 9:30 EST (winter offset)'],
    ['2026-01-13T13:30:00Z', false, '8:30 EST'],
    ['2026-03-14T15:00:00Z', false, 'Saturday'],
    ['2026-03-15T15:00:00Z', false, 'Sunday'],
  ])('%s → %s (%s)', (instant, open) => {
    expect(isRegularUsSession(new Date(instant))).toBe(open);
  });

  it('dates options by the Eastern calendar, not the server clock', () => {
    expect(easternDate(new Date('2026-03-11T02:00:00Z'))).toBe('2026-03-10');
    expect(daysUntil('2026-03-20', new Date('2026-03-11T02:00:00Z'))).toBe(10);
  });
});

describe('simulated prices', () => {
  const at = new Date('2026-03-10T15:00:00Z');

  it('are deterministic under a seed and differ between seeds and symbols', () => {
    expect(simulatedStockPrice('seed-a', 'AAPL', at).toString()).toBe(
      simulatedStockPrice('seed-a', 'AAPL', at).toString(),
    );
    expect(simulatedStockPrice('seed-a', 'AAPL', at).eq(simulatedStockPrice('seed-b', 'AAPL', at))).toBe(false);
    expect(simulatedStockPrice('seed-a', 'AAPL', at).eq(simulatedStockPrice('seed-a', 'MSFT', at))).toBe(false);
    expect(simulatedStockPrice('seed-a', 'AAPL', at).toNumber()).toBeGreaterThanOrEqual(18);
  });

  it('price options at least at their intrinsic value, never below a cent', () => {
    const underlying = new Decimal(120);
    expect(simulatedOptionPrice(underlying, 'CALL', new Decimal(100), 30).toNumber()).toBeGreaterThanOrEqual(20);
    expect(simulatedOptionPrice(underlying, 'PUT', new Decimal(50), 1).toNumber()).toBeGreaterThanOrEqual(0.01);
  });
});
