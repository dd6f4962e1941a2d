import {
  Equals,
  IsBoolean,
  IsIn,
  IsInt,
  IsNumber,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  Max,
  MaxLength,
  Min,
  ValidateIf,
} from 'class-validator';
import { OrderInputMessages, OrderInputRules } from '../../rules/order-input.rules';
import { finite, printable } from '../common/order-input.validators';
import { CopyTradeErrorCode, CopyTradeMessages, missingCopyTradeFields } from './copy-trade.rules';

const quantityRule = {
  message: CopyTradeMessages.invalidQuantity,
  context: { code: CopyTradeErrorCode.INVALID_QUANTITY },
};

/**
 * POST /api/snaptrade/copy-trade body (docs/product.md#rest-calls), under a request-id header. The required fields
 * (userId, tradeId, accountId, copyAmount) are optional here so that a request missing some is answered with the
 * documented 'Missing required fields: {list}' (the copy engine's first check) rather than one validation error per
 * field; what is present must have the right type and lie within bounds. The order is built from the trade the server
 * holds: the options fields sent are the client's view of it and never override the trade's.
 */
export class CopyTradeDto {
  @IsOptional()
  @IsUUID('all', { message: 'userId must be a valid id' })
  userId?: string;

  @IsOptional()
  @IsString()
  @MaxLength(64)
  @printable('tradeId')
  tradeId?: string;

  @IsOptional()
  @IsString()
  @MaxLength(64)
  @printable('accountId')
  accountId?: string;

  /** What the client estimates the copy costs (US dollars); the server checks its own estimate. */
  @IsOptional()
  @IsNumber(finite, { message: OrderInputMessages.amount('copyAmount') })
  @Min(0, { message: OrderInputMessages.amount('copyAmount') })
  @Max(OrderInputRules.maxAmount, { message: OrderInputMessages.amount('copyAmount') })
  copyAmount?: number;

  /** Shares or contracts: a whole number from 1 to 1,000,000 (the trader's quantity when absent). */
  @IsOptional()
  @IsInt(quantityRule)
  @Min(1, quantityRule)
  @Max(OrderInputRules.maxWholeQuantity, quantityRule)
  customQuantity?: number;

  /**
   * Exactly true: the follower confirmed the risks of the copy. Checked once the required fields are there, so a
   * body missing some is answered with their list first (the copy engine checks it again in that order).
   */
  @ValidateIf((body: CopyTradeDto) => missingCopyTradeFields(body).length === 0)
  @Equals(true, {
    message: CopyTradeMessages.risksNotConfirmed,
    context: { code: CopyTradeErrorCode.RISKS_NOT_CONFIRMED },
  })
  confirmRisks?: boolean;

  @IsOptional()
  @IsBoolean()
  isOptions?: boolean;

  @IsOptional()
  @IsIn(['call', 'put', 'CALL', 'PUT'], { message: 'optionType must be call or put' })
  optionType?: string;

  @IsOptional()
  @IsNumber(finite, { message: OrderInputMessages.strike('strikePrice') })
  @Min(0.001, { message: OrderInputMessages.strike('strikePrice') })
  @Max(OrderInputRules.maxStrike, { message: OrderInputMessages.strike('strikePrice') })
  strikePrice?: number;

  @IsOptional()
  @IsString()
  @MaxLength(10)
  @printable('expirationDate')
  expirationDate?: string;

  @IsOptional()
  @IsInt({ message: OrderInputMessages.contractMultiplier })
  @Min(1, { message: OrderInputMessages.contractMultiplier })
  @Max(OrderInputRules.maxContractMultiplier, { message: OrderInputMessages.contractMultiplier })
  contractMultiplier?: number;
}

/**
 * POST /api/copy-trades/copy body (docs/product.md#rest-calls), with a user-id header: the client's second call after a
 * copy. The server answers with the copy instance it already recorded for the session's user and `originalTradeId`;
 * `copyData` is what the client saw and is never trusted over the brokerage's fill (accepted, not stored).
 */
export class RecordCopyDto {
  @IsUUID('all', { message: 'originalTradeId must be a valid id' })
  originalTradeId: string;

  @IsOptional()
  @IsObject({ message: 'copyData must be an object' })
  copyData?: Record<string, unknown>;
}
