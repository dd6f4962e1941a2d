import type { DataSource } from 'typeorm';
import type { BrokerageConfig } from '../../config/brokerage.config';
import { PaperMarketClock, UNSCHEDULED_OPEN_RETRY_MS } from './paper-market-clock';

/** The clock over a settings table holding `override` (null: none) and the configured hours. */
function clock(hoursMode: 'real' | 'always-open' = 'real', override: boolean | null = null): PaperMarketClock {
  const dataSource = {
    getRepository: () => ({ findOneBy: async () => (override === null ? null : { key: 'hours', value: override }) }),
  } as unknown as DataSource;
  return new PaperMarketClock(dataSource, { paperMarketHours: hoursMode } as BrokerageConfig);
}

describe('the paper market clock: when the market next opens', () => {
  it.each([
    ['2026-03-14T15:00:00Z', '2026-03-16T13:30:00.000Z', 'Saturday → Monday 9:30 EDT (the weekend skipped)'],
    ['2026-03-15T23:00:00Z', '2026-03-16T13:30:00.000Z', 'Sunday evening → Monday 9:30 EDT'],
    ['2026-03-10T12:00:00Z', '2026-03-10T13:30:00.000Z', 'Tuesday 8:00 EDT, before the open → that morning'],
    ['2026-03-10T20:00:00Z', '2026-03-11T13:30:00.000Z', 'Tuesday 16:00 EDT, the close → Wednesday'],
    ['2026-03-13T21:30:00Z', '2026-03-16T13:30:00.000Z', 'Friday after the close → Monday'],
    ['2026-01-13T22:00:00Z', '2026-01-14T14:30:00.000Z', 'after the close in winter → 9:30 EST'],
    ['2026-03-06T22:00:00Z', '2026-03-09T13:30:00.000Z', 'Friday before the clocks change → Monday 9:30 EDT'],
  ])('%s → %s (%s)', async (at, next) => {
    const status = await clock().status(new Date(at));
    expect(status).toMatchObject({ open: false, nextOpenAt: next });
  });

  it('is now while the market is open', async () => {
    const at = new Date('2026-03-10T15:00:00Z');
    expect(await clock().status(at)).toMatchObject({ open: true, nextOpenAt: at.toISOString() });
    expect(await clock('always-open').status(new Date('2026-03-14T15:00:00Z'))).toMatchObject({ open: true });
  });

  it('is a short retry when an override keeps it closed (no scheduled open to wait for)', async () => {
    const at = new Date('2026-03-10T15:00:00Z');
    const retry = new Date(at.getTime() + UNSCHEDULED_OPEN_RETRY_MS).toISOString();
    expect(await clock('real', false).status(at)).toMatchObject({ open: false, override: false, nextOpenAt: retry });
    expect(await clock('always-open', false).status(at)).toMatchObject({ open: false, nextOpenAt: retry });
  });

  it('is now when an override opens it outside the hours', async () => {
    const at = new Date('2026-03-14T15:00:00Z');
    expect(await clock('real', true).status(at)).toMatchObject({ open: true, nextOpenAt: at.toISOString() });
  });
});
