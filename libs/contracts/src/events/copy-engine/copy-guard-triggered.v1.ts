import { ArrayMaxSize, IsArray, IsIn, IsISO8601, IsOptional, IsUUID, Matches } from 'class-validator';
import { defineCataloguedEvent } from '../catalogued-event';
import { DECIMAL } from '../option-contract-fields';

export const COPY_GUARD_KINDS = ['stop_loss', 'kill_switch'] as const;
export type CopyGuardKind = (typeof COPY_GUARD_KINDS)[number];

/**
 * A follower's guard fired and closes copies at market: the copy stop-loss of a trace (its open copies lost more than
 * the threshold; automatic copying of the trace is paused with it), or the kill switch asked to close every open
 * automatic copy. `copyIds` are the copies recorded to be sold (the sells follow, each ending in CopyClosed). Written
 * once, in the transaction that records the closes. Aggregate `copy-guards:<userId>`.
 */
export class CopyGuardTriggeredV1 {
  @IsUUID()
  userId: string;

  /** The trace whose stop-loss fired; null for the kill switch (every trace). */
  @IsOptional()
  @IsUUID()
  traceId: string | null;

  @IsIn(COPY_GUARD_KINDS)
  guard: CopyGuardKind;

  /** The loss the stop-loss saw over the trace's open copies, in percent of what they cost (stop-loss only). */
  @IsOptional()
  @Matches(DECIMAL)
  lossPercent?: string;

  /** The follower's stop-loss threshold, in percent (stop-loss only). */
  @IsOptional()
  @Matches(DECIMAL)
  thresholdPercent?: string;

  @IsArray()
  @ArrayMaxSize(100_000)
  @IsUUID('all', { each: true })
  copyIds: string[];

  @IsISO8601()
  occurredAt: string;
}

export const CopyGuardTriggered = defineCataloguedEvent(CopyGuardTriggeredV1, {
  type: 'CopyGuardTriggered',
  version: 1,
  subject: 'events.copy-engine.copy-guard.triggered.v1',
  producer: 'copy-engine',
});

/** The aggregate of a follower's guard events (one order for their stop-loss, kill switch and pauses). */
export const copyGuardsAggregateId = (userId: string) => `copy-guards:${userId}`;
