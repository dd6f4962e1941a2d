import { IsBoolean, IsIn, IsNumber, IsObject, IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';

/**
 * POST /api/snaptrade/copy-trade body (seed 001 §7), under a request-id header. The required fields (userId,
 * tradeId, accountId, copyAmount) are optional here so that a request missing some is answered with the seed's
 * 'Missing required fields: {list}' (the copy engine's first check) rather than one validation error per field;
 * what is present must have the right type. The order is built from the trade the server holds: the options fields
 * sent are the client's view of it and never override the trade's.
 */
export class CopyTradeDto {
  @IsOptional()
  @IsUUID('all', { message: 'userId must be a valid id' })
  userId?: string;

  @IsOptional()
  @IsString()
  @MaxLength(64)
  tradeId?: string;

  @IsOptional()
  @IsString()
  @MaxLength(64)
  accountId?: string;

  /** What the client estimates the copy costs (US dollars); the server checks its own estimate. */
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'copyAmount must be a number' })
  copyAmount?: number;

  /** Shares or contracts: a whole number of at least 1 (the trader's quantity when absent). */
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'customQuantity must be a number' })
  customQuantity?: number;

  @IsOptional()
  @IsBoolean()
  confirmRisks?: boolean;

  @IsOptional()
  @IsBoolean()
  isOptions?: boolean;

  @IsOptional()
  @IsIn(['call', 'put', 'CALL', 'PUT'], { message: 'optionType must be call or put' })
  optionType?: string;

  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  strikePrice?: number;

  @IsOptional()
  @IsString()
  @MaxLength(10)
  expirationDate?: string;

  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  contractMultiplier?: number;
}

/**
 * POST /api/copy-trades/copy body (seed 001 §7), with a user-id header: the client's second call after a copy. The
 * server answers with the copy instance it already recorded for the session's user and `originalTradeId`;
 * `copyData` is what the client saw and is never trusted over the brokerage's fill (accepted, not stored).
 */
export class RecordCopyDto {
  @IsUUID('all', { message: 'originalTradeId must be a valid id' })
  originalTradeId: string;

  @IsOptional()
  @IsObject({ message: 'copyData must be an object' })
  copyData?: Record<string, unknown>;
}
