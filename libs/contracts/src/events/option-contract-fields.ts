import { IsIn, IsInt, IsOptional, IsString, Matches, Min } from 'class-validator';

/** A non-negative decimal as text: quantities and prices travel exactly, never as binary floats. */
export const DECIMAL = /^\d+(\.\d+)?$/;

/**
 * The option contract an order or a trade is in, carried alike by every event about one (OrderFilled,
 * TradeShared, TradeClosed): null fields and multiplier 1 for a stock. Prices beside it are per share (for an
 * option per share of the contract, × contractMultiplier per contract).
 */
export abstract class OptionContractFieldsV1 {
  @IsOptional()
  @IsIn(['call', 'put'])
  optionType: 'call' | 'put' | null;

  @IsOptional()
  @Matches(DECIMAL)
  strikePrice: string | null;

  /** YYYY-MM-DD. */
  @IsOptional()
  @IsString()
  expirationDate: string | null;

  /** 1 for a stock, the contract's multiplier (100) for an option. */
  @IsInt()
  @Min(1)
  contractMultiplier: number;
}
