import { IsIn, IsISO8601, IsOptional, IsUUID } from 'class-validator';
import { defineCataloguedEvent } from '../catalogued-event';

export const AUTO_COPY_PAUSE_REASONS = ['stop_loss', 'kill_switch', 'user', 'daily_loss'] as const;
export type AutoCopyPauseReason = (typeof AUTO_COPY_PAUSE_REASONS)[number];

/**
 * Automatic copying stopped for a follower: of one trace (paused by the follower, or by its stop-loss or the daily
 * loss limit), or of every trace (`traceId` null: the kill switch). Written when it goes from running to stopped (or
 * a guard takes over a pause), in that change's transaction. Aggregate `copy-guards:<userId>`.
 */
export class AutoCopyPausedV1 {
  @IsUUID()
  userId: string;

  @IsOptional()
  @IsUUID()
  traceId: string | null;

  @IsIn(AUTO_COPY_PAUSE_REASONS)
  reason: AutoCopyPauseReason;

  @IsISO8601()
  occurredAt: string;
}

export const AutoCopyPaused = defineCataloguedEvent(AutoCopyPausedV1, {
  type: 'AutoCopyPaused',
  version: 1,
  subject: 'events.copy-engine.auto-copy.paused.v1',
  producer: 'copy-engine',
});
