import { Transform } from 'class-transformer';
import {
  Equals,
  IsBoolean,
  IsIn,
  IsNotEmpty,
  IsNumber,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { asInstanceOf } from '../../rpc/rpc-call';
import { OrderInputMessages, OrderInputRules } from '../../rules/order-input.rules';
import { finite, printable } from '../common/order-input.validators';
import { OwnerSellErrorCode, OwnerSellMessages } from './owner-sell.rules';

/**
 * The sell payload's `positionData` (docs/product.md#entities-and-fields): a market sell (price null) of part or all of
 * a position.
 */
export class SellPositionDataDto {
  @IsString()
  @IsNotEmpty()
  @MaxLength(12)
  @printable('symbol')
  symbol: string;

  /** Shares (an owner's may be fractional) or contracts; a copy's sell is whole (the copy engine's check). */
  @IsNumber(finite, { message: OrderInputMessages.quantity })
  @Min(0.000001, { message: OrderInputMessages.quantity })
  @Max(OrderInputRules.maxWholeQuantity, { message: OrderInputMessages.quantity })
  quantity: number;

  @IsOptional()
  @IsBoolean()
  isOptions?: boolean;

  @IsIn(['Market', 'market'], { message: 'Sell orders are market orders' })
  orderType: 'Market' | 'market';

  @IsOptional()
  @Equals(null, { message: 'Market orders carry no price' })
  price?: null;

  /** The trace the position belongs to ('unknown' on a follower's copy). */
  @IsString()
  @IsNotEmpty()
  @MaxLength(64)
  @printable('traceId')
  traceId: string;

  @IsOptional()
  @IsString()
  @MaxLength(32)
  @printable('optionsTicker')
  optionsTicker?: string;

  @IsOptional()
  @IsString()
  @MaxLength(8)
  @printable('optionType')
  optionType?: string;

  @IsOptional()
  @IsNumber(finite, { message: OrderInputMessages.strike('strikePrice') })
  @Min(0.001, { message: OrderInputMessages.strike('strikePrice') })
  @Max(OrderInputRules.maxStrike, { message: OrderInputMessages.strike('strikePrice') })
  strikePrice?: number;

  @IsOptional()
  @IsString()
  @Matches(/^\d{4}-\d{2}-\d{2}/)
  expirationDate?: string;
}

/**
 * POST /api/snaptrade/sell-position (docs/product.md#rest-calls): the X-Request-ID header is the order's idempotency
 * key.
 */
export class SellPositionDto {
  @IsUUID('all', { message: 'userId must be a valid id' })
  userId: string;

  @IsString()
  @IsNotEmpty()
  @MaxLength(128)
  @printable('accountId')
  accountId: string;

  @IsObject({ message: 'positionData must be an object' })
  @ValidateNested()
  @Transform(asInstanceOf(SellPositionDataDto))
  positionData: SellPositionDataDto;

  @Equals(true, {
    message: OwnerSellMessages.risksNotConfirmed,
    context: { code: OwnerSellErrorCode.RISKS_NOT_CONFIRMED },
  })
  confirmRisks: true;

  /** The web app's payload may repeat the request id; the X-Request-ID header is the one used. */
  @IsOptional()
  @IsString()
  @MaxLength(128)
  requestId?: string;
}
