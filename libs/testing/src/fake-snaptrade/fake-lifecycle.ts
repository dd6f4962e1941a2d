import type { AccountOrderRecordStatus } from 'snaptrade-typescript-sdk';

/**
 * What the brokerage does with one order after accepting it. Times are milliseconds after placement:
 * - instant: EXECUTED in the placement's answer (the default);
 * - delayed-fill: ACCEPTED, then EXECUTED after `afterMs`;
 * - partial-then-fill: ACCEPTED, PARTIAL (`partialFraction` of the units) after `partialAfterMs`, EXECUTED after `fillAfterMs`;
 * - partial-then-cancel: ACCEPTED, PARTIAL after `partialAfterMs`, PARTIAL_CANCELED after `cancelAfterMs` (the rest canceled);
 * - reject: ACCEPTED, then REJECTED after `afterMs` (nothing filled; `reason` is kept for assertions, the record has no field for it);
 * - stay-pending: PENDING for ever (until canceled).
 */
export type OrderScript =
  | { kind: 'instant' }
  | { kind: 'delayed-fill'; afterMs: number }
  | { kind: 'partial-then-fill'; partialFraction: number; partialAfterMs: number; fillAfterMs: number }
  | { kind: 'partial-then-cancel'; partialFraction: number; partialAfterMs: number; cancelAfterMs: number }
  | { kind: 'reject'; afterMs: number; reason?: string }
  | { kind: 'stay-pending' };

/** An order's state at one moment, in the provider's terms (quantities in units). */
export interface OrderProgress {
  status: AccountOrderRecordStatus;
  filled: number;
  open: number;
  canceled: number;
  /** When the state last changed (ms since epoch). */
  changedAt: number;
  /** When the last fill happened, if any. */
  executedAt: number | null;
}

/** Statuses after which nothing changes any more. */
export const FINAL_STATUSES: readonly AccountOrderRecordStatus[] = [
  'EXECUTED',
  'REJECTED',
  'CANCELED',
  'PARTIAL_CANCELED',
  'FAILED',
  'EXPIRED',
  'REPLACED',
];

export const isFinal = (status: AccountOrderRecordStatus) => FINAL_STATUSES.includes(status);

/** Refuses scripts no brokerage could follow (a test's mistake, thrown at once). */
export function checkScript(script: OrderScript): void {
  const times = Object.entries(script).filter(([key]) => key.endsWith('AfterMs') || key === 'afterMs');
  if (times.some(([, value]) => typeof value !== 'number' || !(value >= 0)))
    throw new Error(`Order script times must be numbers ≥ 0: ${JSON.stringify(script)}`);
  if ('partialFraction' in script && !(script.partialFraction > 0 && script.partialFraction < 1))
    throw new Error(`partialFraction must be between 0 and 1 (exclusive): ${JSON.stringify(script)}`);
  if (script.kind === 'partial-then-fill' && script.fillAfterMs < script.partialAfterMs)
    throw new Error('fillAfterMs must not come before partialAfterMs');
  if (script.kind === 'partial-then-cancel' && script.cancelAfterMs < script.partialAfterMs)
    throw new Error('cancelAfterMs must not come before partialAfterMs');
}

/** The partly filled quantity: whole shares for a whole-share order (at least one, never all), else 4 decimals. */
export function partialUnits(total: number, fraction: number): number {
  if (Number.isInteger(total) && total >= 2) return Math.min(total - 1, Math.max(1, Math.floor(total * fraction)));
  return Math.round(total * fraction * 10_000) / 10_000;
}

const state = (
  status: AccountOrderRecordStatus,
  total: number,
  filled: number,
  canceled: number,
  changedAt: number,
  executedAt: number | null,
): OrderProgress => ({ status, filled, canceled, open: isFinal(status) ? 0 : total - filled, changedAt, executedAt });

/** The order's state at `now`, by its script alone; computed on every read, so no timer runs between reads. */
function scripted(script: OrderScript, total: number, placedAt: number, now: number): OrderProgress {
  const elapsed = now - placedAt;
  const at = (ms: number) => placedAt + ms;
  const accepted = state('ACCEPTED', total, 0, 0, placedAt, null);
  switch (script.kind) {
    case 'instant':
      return state('EXECUTED', total, total, 0, placedAt, placedAt);
    case 'stay-pending':
      return state('PENDING', total, 0, 0, placedAt, null);
    case 'delayed-fill':
      return elapsed < script.afterMs
        ? accepted
        : state('EXECUTED', total, total, 0, at(script.afterMs), at(script.afterMs));
    case 'reject':
      return elapsed < script.afterMs ? accepted : state('REJECTED', total, 0, 0, at(script.afterMs), null);
    case 'partial-then-fill':
    case 'partial-then-cancel': {
      if (elapsed < script.partialAfterMs) return accepted;
      const part = partialUnits(total, script.partialFraction);
      const endMs = script.kind === 'partial-then-fill' ? script.fillAfterMs : script.cancelAfterMs;
      if (elapsed < endMs)
        return state('PARTIAL', total, part, 0, at(script.partialAfterMs), at(script.partialAfterMs));
      return script.kind === 'partial-then-fill'
        ? state('EXECUTED', total, total, 0, at(endMs), at(endMs))
        : state('PARTIAL_CANCELED', total, part, total - part, at(endMs), at(script.partialAfterMs));
    }
  }
}

/**
 * The order's state at `now`: its script, unless a cancel request reached it while it was still open; then it is
 * CANCELED from that moment (PARTIAL_CANCELED when something had filled), the unfilled rest canceled.
 */
export function progressAt(
  script: OrderScript,
  total: number,
  placedAt: number,
  now: number,
  canceledAt: number | null,
): OrderProgress {
  if (canceledAt === null || canceledAt > now) return scripted(script, total, placedAt, now);
  const before = scripted(script, total, placedAt, canceledAt);
  if (isFinal(before.status)) return scripted(script, total, placedAt, now);
  const status = before.filled > 0 ? 'PARTIAL_CANCELED' : 'CANCELED';
  return state(status, total, before.filled, total - before.filled, canceledAt, before.executedAt);
}

/** Scripts queued per account ('*': any account), consumed one per accepted order; then the default. */
export class OrderScriptQueue {
  private readonly queues = new Map<string, OrderScript[]>();
  private fallback: OrderScript = { kind: 'instant' };

  enqueue(accountId: string, scripts: OrderScript[]): void {
    scripts.forEach(checkScript);
    this.queues.set(accountId, [...(this.queues.get(accountId) ?? []), ...scripts]);
  }

  setDefault(script: OrderScript): void {
    checkScript(script);
    this.fallback = script;
  }

  /** The script of the next order accepted on this account (called only once the order passed validation). */
  next(accountId: string): OrderScript {
    return this.queues.get(accountId)?.shift() ?? this.queues.get('*')?.shift() ?? this.fallback;
  }
}
