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
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { asInstanceOf } from '../../rpc/rpc-call';

/** Seed 001 §3 Sell payload `positionData`: a market sell (price null) of part or all of a position. */
export class SellPositionDataDto {
  @IsString()
  @IsNotEmpty()
  @MaxLength(12)
  symbol: string;

  @IsNumber({}, { message: 'quantity must be a number' })
  @Min(0.000001, { message: 'quantity must be above 0' })
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
  traceId: string;

  @IsOptional()
  @IsString()
  @MaxLength(32)
  optionsTicker?: string;

  @IsOptional()
  @IsString()
  optionType?: string;

  @IsOptional()
  @IsNumber()
  strikePrice?: number;

  @IsOptional()
  @IsString()
  @Matches(/^\d{4}-\d{2}-\d{2}/)
  expirationDate?: string;
}

/** POST /api/snaptrade/sell-position (seed 001 §7): the X-Request-ID header is the order's idempotency key. */
export class SellPositionDto {
  @IsUUID('all', { message: 'userId must be a valid id' })
  userId: string;

  @IsString()
  @IsNotEmpty()
  @MaxLength(128)
  accountId: string;

  @IsObject({ message: 'positionData must be an object' })
  @ValidateNested()
  @Transform(asInstanceOf(SellPositionDataDto))
  positionData: SellPositionDataDto;

  @Equals(true, { message: 'confirmRisks must be true' })
  confirmRisks: true;

  /** The seed's payload may repeat the request id; the X-Request-ID header is the one used. */
  @IsOptional()
  @IsString()
  @MaxLength(128)
  requestId?: string;
}
