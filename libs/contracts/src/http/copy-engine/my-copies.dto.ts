import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsNumber, IsOptional, IsString, Max, MaxLength, Min, ValidateIf } from 'class-validator';
import { MY_COPIES_MAX_LIMIT } from '../../rpc/copy-engine/my-copies.rpc';

const toNumber = ({ value }: { value: unknown }) =>
  typeof value === 'string' && value.trim() !== '' ? Number(value) : value;

/** GET /api/copy-trades/my-copies query: one page, newest first. */
export class MyCopiesQueryDto {
  @IsOptional()
  @IsIn(['open', 'closed', 'pending', 'failed'], { message: 'status must be open, closed, pending or failed' })
  status?: 'open' | 'closed' | 'pending' | 'failed';

  @IsOptional()
  @Transform(toNumber)
  @IsInt({ message: `limit must be a whole number from 1 to ${MY_COPIES_MAX_LIMIT}` })
  @Min(1, { message: `limit must be a whole number from 1 to ${MY_COPIES_MAX_LIMIT}` })
  @Max(MY_COPIES_MAX_LIMIT, { message: `limit must be a whole number from 1 to ${MY_COPIES_MAX_LIMIT}` })
  limit?: number;

  @IsOptional()
  @Transform(toNumber)
  @IsInt({ message: 'offset must be a whole number of at least 0' })
  @Min(0, { message: 'offset must be a whole number of at least 0' })
  offset?: number;
}

/**
 * PUT /api/copy-trades/{id}/close body (seed 001 §7): `exitPrice` is what the client believes (order price, else
 * current, else entry, else 1) — kept, never used over the brokerage's fill; `brokerageSellOrderId` the sell's order
 * id or null.
 */
export class CloseCopyDto {
  @IsOptional()
  @ValidateIf((_, value) => value !== null)
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'exitPrice must be a number' })
  exitPrice?: number | null;

  @IsOptional()
  @ValidateIf((_, value) => value !== null)
  @IsString({ message: 'brokerageSellOrderId must be text' })
  @MaxLength(128)
  brokerageSellOrderId?: string | null;
}
