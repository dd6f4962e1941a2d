import { IsISO8601, IsNotEmpty, IsString } from 'class-validator';
import { defineCataloguedEvent } from '../catalogued-event';
import { NotPlacedCopyEventV1 } from './not-placed-copy-event.v1';

/**
 * One of the follower's guards kept a copy from being placed (price protection, maximum age, pause, stop switch): the
 * copy holds nothing and shows as skipped with `reason`. Aggregate `copy:<copyId>` (a skipped copy has no other
 * event). Written in the transaction that records the skip, in bulk for a fan-out.
 */
export class CopySkippedV1 extends NotPlacedCopyEventV1 {
  /** Which guard (a COPY_SKIPPED_* code). */
  @IsString()
  @IsNotEmpty()
  code: string;

  @IsISO8601()
  skippedAt: string;
}

export const CopySkipped = defineCataloguedEvent(CopySkippedV1, {
  type: 'CopySkipped',
  version: 1,
  subject: 'events.copy-engine.copy.skipped.v1',
  producer: 'copy-engine',
});
