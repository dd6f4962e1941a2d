import { IsISO8601, IsOptional, IsString } from 'class-validator';
import { defineCataloguedEvent } from '../catalogued-event';
import { NotPlacedCopyEventV1 } from './not-placed-copy-event.v1';

/**
 * A copy ended without holding anything because it could not be placed or the brokerage refused its order (not
 * enough buying power, market closed, no live quote, above the follower's maximum, the trader closed the trade first
 * …): the copy shows as failed with `reason`. Aggregate `copy:<copyId>` (a failed copy has no later event). Written in
 * the transaction that records the failure — in bulk for a fan-out — so failures reach the live push and notifications
 * as successes do.
 */
export class CopyFailedV1 extends NotPlacedCopyEventV1 {
  /** Why, as an error code (CopyTradeErrorCode or the brokerage's refusal code) when one is known. */
  @IsOptional()
  @IsString()
  code: string | null;

  @IsISO8601()
  failedAt: string;
}

export const CopyFailed = defineCataloguedEvent(CopyFailedV1, {
  type: 'CopyFailed',
  version: 1,
  subject: 'events.copy-engine.copy.failed.v1',
  producer: 'copy-engine',
});
