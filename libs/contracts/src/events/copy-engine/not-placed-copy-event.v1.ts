import { IsIn, IsNotEmpty, IsOptional, IsString, IsUUID } from 'class-validator';

/**
 * The fields of a copy that ended holding nothing (CopySkipped, CopyFailed; aggregate `copy:<copyId>`, its only
 * event): the copy, its follower, the trade it copied and why, in the follower's words as My Copy Trades shows it.
 */
export abstract class NotPlacedCopyEventV1 {
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

  /** The reason in the follower's words, as My Copy Trades shows it. */
  @IsString()
  @IsNotEmpty()
  reason: string;
}
