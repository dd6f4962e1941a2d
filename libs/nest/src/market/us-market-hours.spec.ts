import { usTradingDayAfter, usTradingDayOf, usTradingDayStart } from './us-market-hours';

describe('US trading days', () => {
  it('are US/Eastern dates: late evening in New York is still that day', () => {
    expect(usTradingDayOf(new Date('2026-11-28T04:30:00Z'))).toBe('2026-11-27');
    expect(usTradingDayOf(new Date('2026-11-28T05:30:00Z'))).toBe('2026-11-28');
    expect(usTradingDayStart('2026-11-28').toISOString()).toBe('2026-11-28T05:00:00.000Z');
  });

  it('the day after, across months, years and the clock change', () => {
    expect(usTradingDayAfter('2026-11-30')).toBe('2026-12-01');
    expect(usTradingDayAfter('2026-12-31')).toBe('2027-01-01');
    expect(usTradingDayAfter('2026-11-01')).toBe('2026-11-02');
    expect(usTradingDayAfter('2027-03-14')).toBe('2027-03-15');
  });
});
