import {
  IsBoolean,
  IsIn,
  IsInt,
  IsISO8601,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  Min,
} from 'class-validator';
import { defineCataloguedEvent } from '../catalogued-event';
import { TIER_NAMES, type TierName, type TradeSide } from '../../http/traces/traces.rules';

/** A non-negative decimal as text. */
const DECIMAL = /^\d+(\.\d+)?$/;

/**
 * An owner shared one of the trace's trades with subscribers of `requiredTier` and above (one way: a trade is
 * shared once). Aggregate `trade:<tradeId>`. Everything a follower's copy needs: the instrument, side, quantity
 * and entry price — per share, and for options per share of the contract (× contractMultiplier per contract).
 */
export class TradeSharedV1 {
  @IsUUID()
  tradeId: string;

  @IsUUID()
  traceId: string;

  @IsUUID()
  ownerUserId: string;

  @IsString()
  @IsNotEmpty()
  symbol: string;

  @IsIn(['buy', 'sell'])
  side: TradeSide;

  @Matches(DECIMAL)
  quantity: string;

  /** Entry price per share (options: per share of the contract, as quoted). */
  @Matches(DECIMAL)
  entryPrice: string;

  @IsBoolean()
  isOptions: boolean;

  @IsOptional()
  @IsIn(['call', 'put'])
  optionType: 'call' | 'put' | null;

  @IsOptional()
  @IsString()
  optionsTicker: string | null;

  @IsOptional()
  @Matches(DECIMAL)
  strikePrice: string | null;

  @IsOptional()
  @IsString()
  expirationDate: string | null;

  @IsInt()
  @Min(1)
  contractMultiplier: number;

  @IsIn(TIER_NAMES)
  requiredTier: TierName;

  @IsString()
  strategy: string;

  @IsString()
  confidence: string;

  @IsOptional()
  @IsString()
  notes: string | null;

  @IsISO8601()
  sharedAt: string;
}

export const TradeShared = defineCataloguedEvent(TradeSharedV1, {
  type: 'TradeShared',
  version: 1,
  subject: 'events.traces.trade.shared.v1',
  producer: 'traces',
});

export const tradeAggregateId = (tradeId: string) => `trade:${tradeId}`;
