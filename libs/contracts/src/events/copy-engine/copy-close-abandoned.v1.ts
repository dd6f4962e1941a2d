import { IsIn, IsInt, IsISO8601, IsOptional, IsString, IsUUID, MaxLength, Min } from 'class-validator';
import { defineCataloguedEvent } from '../catalogued-event';

export const COPY_CLOSE_REASONS = ['trader_sell', 'stop_loss', 'kill_switch'] as const;
export type CopyCloseReason = (typeof COPY_CLOSE_REASONS)[number];

/**
 * A close decided for a copy (the trader sold, the copy stop-loss of its trace, the kill switch with close) gave up:
 * the brokerage refused the sell at every attempt allowed, so the copy stays open with what it holds. Written once,
 * in the transaction that gives the close up. Aggregate `copy:<copyId>`.
 */
export class CopyCloseAbandonedV1 {
  @IsUUID()
  copyId: string;

  @IsUUID()
  userId: string;

  @IsIn(COPY_CLOSE_REASONS)
  reason: CopyCloseReason;

  /** Sells tried, each under its own request id, each refused. */
  @IsInt()
  @Min(1)
  attempts: number;

  /** The brokerage's last refusal, in its words. */
  @IsOptional()
  @IsString()
  @MaxLength(2_000)
  refusal: string | null;

  @IsISO8601()
  occurredAt: string;
}

export const CopyCloseAbandoned = defineCataloguedEvent(CopyCloseAbandonedV1, {
  type: 'CopyCloseAbandoned',
  version: 1,
  subject: 'events.copy-engine.copy.close-abandoned.v1',
  producer: 'copy-engine',
});
