import { IsIn, IsNotEmpty, IsOptional, IsString, IsUUID, Matches } from 'class-validator';
import { DECIMAL, OptionContractFieldsV1 } from '../option-contract-fields';
import type { TradeSide } from '../../http/traces/traces.rules';

/**
 * The fields every event about one of a trace's trades carries (TradeShared, TradeClosed; aggregate
 * `trade:<tradeId>`): the trade, its trace and owner, the instrument and the entry. Prices per share (options:
 * per share of the contract, × contractMultiplier per contract).
 */
export abstract class TradeEventV1 extends OptionContractFieldsV1 {
  @IsUUID()
  tradeId: string;

  @IsUUID()
  traceId: string;

  @IsUUID()
  ownerUserId: string;

  /** The ticker (an option's underlying). */
  @IsString()
  @IsNotEmpty()
  symbol: string;

  @IsIn(['buy', 'sell'])
  side: TradeSide;

  /** Shares, or contracts for an option (what each event says of it: see the event). */
  @Matches(DECIMAL)
  quantity: string;

  /** Entry price per share (options: per share of the contract, as quoted). */
  @Matches(DECIMAL)
  entryPrice: string;

  /** The OCC symbol of an option; null for a stock. */
  @IsOptional()
  @IsString()
  optionsTicker: string | null;
}
