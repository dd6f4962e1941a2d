import {
  IsBoolean,
  IsIn,
  IsInt,
  IsNumber,
  IsOptional,
  IsPositive,
  IsString,
  IsUUID,
  Matches,
  MaxLength,
  ValidateIf,
} from 'class-validator';

const userIdRule = { message: 'userId must be a valid id' };

/** POST /api/snaptrade/register-user */
export class RegisterProviderUserDto {
  @IsUUID('all', userIdRule)
  userId: string;
}

/** POST /api/snaptrade/connection-portal */
export class ConnectionPortalDto {
  @IsUUID('all', userIdRule)
  userId: string;

  /** Slug of the brokerage to open (the one available brokerage of the catalogue). */
  @IsOptional()
  @IsString()
  @Matches(/^[A-Za-z0-9_-]{1,40}$/, { message: 'broker must be a brokerage identifier such as WEBULL' })
  broker?: string;

  /** A path of this application to come back to, e.g. /dashboard or /settings. */
  @IsOptional()
  @IsString()
  @MaxLength(200)
  customRedirect?: string;

  @IsOptional()
  @IsIn(['read', 'trade'], { message: 'connectionType must be read or trade' })
  connectionType?: 'read' | 'trade';
}

/** POST /api/paper/orders: a market order on the session user's paper account (the primary one by default). */
export class PlaceMarketOrderDto {
  @IsOptional()
  @IsString()
  @MaxLength(64)
  accountId?: string;

  @IsIn(['BUY', 'SELL', 'buy', 'sell'], { message: 'action must be BUY or SELL' })
  action: string;

  @IsString({ message: 'symbol must be a ticker or an OCC symbol' })
  @MaxLength(32)
  symbol: string;

  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'quantity must be a number' })
  @IsPositive({ message: 'quantity must be a positive number' })
  quantity: number;

  @IsOptional()
  @IsBoolean()
  isOptions?: boolean;

  @IsOptional()
  @IsString()
  @MaxLength(32)
  optionsTicker?: string;

  @IsOptional()
  @IsIn(['call', 'put', 'CALL', 'PUT'], { message: 'optionType must be call or put' })
  optionType?: string;

  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'strikePrice must be a number' })
  strikePrice?: number;

  @IsOptional()
  @IsString()
  @MaxLength(10)
  expirationDate?: string;

  @IsOptional()
  @IsInt({ message: 'contractMultiplier must be a whole number' })
  contractMultiplier?: number;
}

/** POST /api/dev/paper/orders (not in production): the same order for any user, for tests and demos. */
export class DevPaperOrderDto extends PlaceMarketOrderDto {
  @IsUUID('all', userIdRule)
  userId: string;
}

/** POST /api/dev/market/price (not in production) */
export class SetMarketPriceDto {
  @IsString()
  @MaxLength(32)
  symbol: string;

  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'price must be a number' })
  @IsPositive({ message: 'price must be a positive number' })
  price: number;
}

/** POST /api/dev/market/hours (not in production): true or false forces the paper market open or closed, null restores its configured hours. */
export class SetMarketHoursDto {
  @ValidateIf((_, value) => value !== null)
  @IsBoolean({ message: 'open must be true, false or null' })
  open: boolean | null;
}

/** POST /api/admin/orders/unknown/:id/resolve: an admin's decision after checking at the brokerage. */
export class ResolveUnknownOrderDto {
  @IsIn(['placed', 'not_placed'], { message: 'outcome must be placed or not_placed' })
  outcome: 'placed' | 'not_placed';

  /** What the admin checked (kept in the audit record). */
  @IsString({ message: 'note must be a text' })
  @Matches(/\S/, { message: 'note must not be empty' })
  @MaxLength(1000)
  note: string;

  /** The brokerage's order id when the order was placed and the admin found it. */
  @IsOptional()
  @IsString()
  @Matches(/^[A-Za-z0-9._:-]{1,128}$/, { message: 'brokerageOrderId must be a brokerage order id' })
  brokerageOrderId?: string;
}
