import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsNumber, IsOptional, IsString, Matches, Max, MaxLength, Min, ValidateIf } from 'class-validator';
import { MY_COPIES_MAX_LIMIT, MY_COPIES_MAX_OFFSET } from '../../rpc/copy-engine/my-copies.rpc';
import { OrderInputMessages, OrderInputRules } from '../../rules/order-input.rules';

const toNumber = ({ value }: { value: unknown }) =>
  typeof value === 'string' && value.trim() !== '' ? Number(value) : value;

const OFFSET_MESSAGE = 'offset must be a whole number from 0 to 1,000,000';

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
  @IsInt({ message: OFFSET_MESSAGE })
  @Min(0, { message: OFFSET_MESSAGE })
  @Max(MY_COPIES_MAX_OFFSET, { message: OFFSET_MESSAGE })
  offset?: number;
}

/**
 * PUT /api/copy-trades/{id}/close body (docs/product.md#rest-calls): `exitPrice` is what the client believes (order
 * price, else current, else entry, else 1) — kept, never used over the brokerage's fill; `brokerageSellOrderId` the
 * sell's order id or null.
 */
export class CloseCopyDto {
  @IsOptional()
  @ValidateIf((_, value) => value !== null)
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: OrderInputMessages.price('exitPrice') })
  @Min(0, { message: OrderInputMessages.price('exitPrice') })
  @Max(OrderInputRules.maxPrice, { message: OrderInputMessages.price('exitPrice') })
  exitPrice?: number | null;

  @IsOptional()
  @ValidateIf((_, value) => value !== null)
  @IsString({ message: 'brokerageSellOrderId must be text' })
  @MaxLength(128)
  @Matches(OrderInputRules.printable, { message: OrderInputMessages.printable('brokerageSellOrderId') })
  brokerageSellOrderId?: string | null;
}
