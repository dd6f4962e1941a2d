import { IsISO8601, IsUUID } from 'class-validator';
import { defineCataloguedEvent } from '../catalogued-event';

/**
 * A follower resumed automatic copying of a trace they had paused (aggregate `auto-copy-resume:<userId>:<traceId>`,
 * the only event of it). Written in the transaction that resumes it, so the copy engine's own consumer can copy the
 * trace's open positions for a follower who asked for that, once per resume.
 */
export class AutoCopyResumedV1 {
  @IsUUID()
  userId: string;

  @IsUUID()
  traceId: string;

  @IsISO8601()
  resumedAt: string;
}

export const AutoCopyResumed = defineCataloguedEvent(AutoCopyResumedV1, {
  type: 'AutoCopyResumed',
  version: 1,
  subject: 'events.copy-engine.auto-copy.resumed.v1',
  producer: 'copy-engine',
});

export const autoCopyResumeAggregateId = (userId: string, traceId: string) => `auto-copy-resume:${userId}:${traceId}`;
