import { Inject, Injectable } from '@nestjs/common';
import Decimal from 'decimal.js';
import { BrokerageConfig } from '../../config/brokerage.config';

/** How one paper order behaves after it is placed (the same vocabulary as the fake SnapTrade server's scripts). */
export type PaperOrderScript =
  | { kind: 'instant' }
  | { kind: 'delayed-fill'; afterMs: number }
  | { kind: 'partial-then-fill'; partialFraction: number; partialAfterMs: number; fillAfterMs: number }
  | { kind: 'partial-then-cancel'; partialFraction: number; partialAfterMs: number; cancelAfterMs: number }
  | { kind: 'reject'; afterMs: number; reason?: string }
  | { kind: 'stay-pending' };

/** One step of an accepted paper order, due at `at` (ISO time); applied lazily when the account is next read. */
export type PaperFillStep =
  | { at: string; kind: 'fill'; units: string }
  | { at: string; kind: 'cancel' }
  | { at: string; kind: 'reject'; reason: string };

/**
 * Chooses each paper order's script: PAPER_FILL_MODE=instant fills at once (the default); slow accepts, then
 * fills after PAPER_FILL_DELAY_MS, a PAPER_PARTIAL_FILL_RATE share of orders in two parts. Tests (and demos)
 * can queue the scripts of the next orders of an account, or of any account ('*').
 */
@Injectable()
export class PaperOrderScripts {
  private readonly queued = new Map<string, PaperOrderScript[]>();

  constructor(@Inject(BrokerageConfig) private readonly config: BrokerageConfig) {}

  scriptNextOrders(accountId: string | '*', ...scripts: PaperOrderScript[]): void {
    this.queued.set(accountId, [...(this.queued.get(accountId) ?? []), ...scripts]);
  }

  next(accountId: string): PaperOrderScript {
    const queued = this.queued.get(accountId)?.shift() ?? this.queued.get('*')?.shift();
    if (queued) return queued;
    const {
      PAPER_FILL_MODE,
      PAPER_FILL_DELAY_MS: delay,
      PAPER_PARTIAL_FILL_RATE,
      PAPER_PARTIAL_FRACTION,
    } = this.config;
    if (PAPER_FILL_MODE === 'instant') return { kind: 'instant' };
    return Math.random() < PAPER_PARTIAL_FILL_RATE
      ? {
          kind: 'partial-then-fill',
          partialFraction: PAPER_PARTIAL_FRACTION,
          partialAfterMs: delay / 2,
          fillAfterMs: delay,
        }
      : { kind: 'delayed-fill', afterMs: delay };
  }
}

/** The steps of a script for an order of `units`, placed at `placedAt`. Instant orders have none (filled when placed). */
export function planOf(script: PaperOrderScript, units: Decimal, placedAt: Date): PaperFillStep[] {
  const at = (ms: number) => new Date(placedAt.getTime() + ms).toISOString();
  // Whole shares for a whole-share order (at least one, never all), as brokers fill; else to 1e-8.
  const part = () => {
    const fraction = (script as { partialFraction: number }).partialFraction;
    if (units.isInteger() && units.gte(2))
      return Decimal.min(units.minus(1), Decimal.max(1, units.times(fraction).floor()));
    return Decimal.max('0.00000001', units.times(fraction).toDecimalPlaces(8, Decimal.ROUND_DOWN));
  };
  switch (script.kind) {
    case 'instant':
    case 'stay-pending':
      return [];
    case 'delayed-fill':
      return [{ at: at(script.afterMs), kind: 'fill', units: units.toString() }];
    case 'partial-then-fill':
      return [
        { at: at(script.partialAfterMs), kind: 'fill', units: part().toString() },
        { at: at(script.fillAfterMs), kind: 'fill', units: units.minus(part()).toString() },
      ];
    case 'partial-then-cancel':
      return [
        { at: at(script.partialAfterMs), kind: 'fill', units: part().toString() },
        { at: at(script.cancelAfterMs), kind: 'cancel' },
      ];
    case 'reject':
      return [{ at: at(script.afterMs), kind: 'reject', reason: script.reason ?? 'Rejected by the brokerage.' }];
  }
}
