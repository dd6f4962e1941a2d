import { IsIn, IsISO8601, IsNotEmpty, IsOptional, IsString, IsUUID } from 'class-validator';
import { defineCataloguedEvent } from '../catalogued-event';

/**
 * One of the follower's guards kept a copy from being placed (price protection, maximum age, pause, stop switch): the
 * copy holds nothing and shows as skipped with `reason`. Aggregate `copy:<copyId>` (a skipped copy has no other
 * event). Written in the transaction that records the skip, in bulk for a fan-out.
 */
export class CopySkippedV1 {
  @IsUUID()
  copyId: string;

  /** The follower whose copy it was. */
  @IsUUID()
  userId: string;

  @IsUUID()
  originalTradeId: string;

  @IsUUID()
  traceId: string;

  @IsIn(['manual', 'automatic'])
  placement: 'manual' | 'automatic';

  @IsString()
  @IsNotEmpty()
  symbol: string;

  @IsOptional()
  @IsString()
  optionsTicker: string | null;

  /** Which guard (a COPY_SKIPPED_* code). */
  @IsString()
  @IsNotEmpty()
  code: string;

  /** The reason in the follower's words, as My Copy Trades shows it. */
  @IsString()
  @IsNotEmpty()
  reason: string;

  @IsISO8601()
  skippedAt: string;
}

export const CopySkipped = defineCataloguedEvent(CopySkippedV1, {
  type: 'CopySkipped',
  version: 1,
  subject: 'events.copy-engine.copy.skipped.v1',
  producer: 'copy-engine',
});
