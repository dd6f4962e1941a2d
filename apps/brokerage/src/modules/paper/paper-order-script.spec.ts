import { loadConfig } from '@copytrade/nest';
import Decimal from 'decimal.js';
import { BrokerageConfig } from '../../config/brokerage.config';
import { PaperOrderScripts, planOf } from './paper-order-script';

const config = (env: Record<string, string> = {}) =>
  loadConfig(BrokerageConfig, { DATABASE_URL: 'postgres://localhost/x', NODE_ENV: 'test', ...env });

describe('paper order scripts', () => {
  it('fills at once by default', () => {
    expect(new PaperOrderScripts(config()).next('acc')).toEqual({ kind: 'instant' });
  });

  it('PAPER_FILL_MODE=slow accepts, then fills after the delay; the partial rate decides two-part fills', () => {
    const slow = { PAPER_FILL_MODE: 'slow', PAPER_FILL_DELAY_MS: '3000' };
    expect(new PaperOrderScripts(config({ ...slow, PAPER_PARTIAL_FILL_RATE: '0' })).next('acc')).toEqual({
      kind: 'delayed-fill',
      afterMs: 3000,
    });
    expect(
      new PaperOrderScripts(config({ ...slow, PAPER_PARTIAL_FILL_RATE: '1', PAPER_PARTIAL_FRACTION: '0.25' })).next(
        'acc',
      ),
    ).toEqual({ kind: 'partial-then-fill', partialFraction: 0.25, partialAfterMs: 1500, fillAfterMs: 3000 });
  });

  it('refuses settings out of range', () => {
    expect(() => config({ PAPER_FILL_MODE: 'fast' })).toThrow(/PAPER_FILL_MODE/);
    expect(() => config({ PAPER_PARTIAL_FILL_RATE: '2' })).toThrow(/PAPER_PARTIAL_FILL_RATE/);
  });

  it('queued scripts come first: the account’s own, then any account’s', () => {
    const scripts = new PaperOrderScripts(config());
    scripts.scriptNextOrders('*', { kind: 'stay-pending' });
    scripts.scriptNextOrders('acc', { kind: 'reject', afterMs: 5 });
    expect(scripts.next('acc')).toEqual({ kind: 'reject', afterMs: 5 });
    expect(scripts.next('other')).toEqual({ kind: 'stay-pending' });
    expect(scripts.next('acc')).toEqual({ kind: 'instant' });
  });

  it('plans the steps at times after placement, the parts adding up to the order (whole shares for whole-share orders)', () => {
    const at = new Date('2026-01-05T15:00:00.000Z');
    const plan = planOf(
      { kind: 'partial-then-fill', partialFraction: 0.3, partialAfterMs: 100, fillAfterMs: 400 },
      new Decimal(7),
      at,
    );
    expect(plan).toEqual([
      { at: '2026-01-05T15:00:00.100Z', kind: 'fill', units: '2' },
      { at: '2026-01-05T15:00:00.400Z', kind: 'fill', units: '5' },
    ]);
    expect(
      planOf(
        { kind: 'partial-then-cancel', partialFraction: 0.5, partialAfterMs: 1, cancelAfterMs: 2 },
        new Decimal(1),
        at,
      ),
    ).toEqual([
      { at: '2026-01-05T15:00:00.001Z', kind: 'fill', units: '0.5' },
      { at: '2026-01-05T15:00:00.002Z', kind: 'cancel' },
    ]);
    expect(planOf({ kind: 'stay-pending' }, new Decimal(1), at)).toEqual([]);
  });
});
