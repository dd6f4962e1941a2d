import { BrokerageErrorCode, CopyTradeErrorCode } from '@copytrade/contracts';
import { copyOutcomes, runAfterCommit, type CopyOutcome } from '@copytrade/nest';
import type { EntityManager } from 'typeorm';
import { observeSettledFanoutsSoon } from './fanout-settled';

/** Codes a copy's outcome may be labelled with; anything else (a provider's free text) is `other`. */
const KNOWN_CODES: ReadonlySet<string> = new Set<string>([
  ...Object.values(CopyTradeErrorCode),
  ...Object.values(BrokerageErrorCode),
]);

/** A bounded `code` label: the copy's failure code when it is one of ours, `none` without one, else `other`. */
export function copyOutcomeCode(code: string | null | undefined): string {
  if (!code) return 'none';
  return KNOWN_CODES.has(code) ? code : 'other';
}

/** A copy that just settled, as its settling statement returned it. */
export interface SettledCopy {
  outcome: CopyOutcome;
  placement: string;
  originalTradeId: string;
  code?: string | null;
}

/**
 * Counts copies into `copytrade_copies_total` once the caller's transaction commits — a rolled-back (or retried)
 * transaction counts nothing, and a redelivery that changed no row is never passed here — then times the fan-outs
 * whose last automatic copy this was (observeSettledFanoutsSoon: not awaited inside the commit).
 */
export function countCopyOutcomes(manager: EntityManager, copies: ReadonlyArray<SettledCopy>): Promise<void> {
  if (copies.length === 0) return Promise.resolve();
  return runAfterCommit(manager, () => {
    const counter = copyOutcomes();
    for (const copy of copies)
      counter.inc({ outcome: copy.outcome, placement: copy.placement, code: copyOutcomeCode(copy.code) });
    const automatic = copies.filter((copy) => copy.placement === 'automatic');
    observeSettledFanoutsSoon(
      manager.connection.manager,
      automatic.map((copy) => copy.originalTradeId),
    );
  });
}
