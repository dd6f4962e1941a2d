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
import type { TradeSide } from '../../http/traces/traces.rules';

/** A non-negative decimal as text. */
const DECIMAL = /^\d+(\.\d+)?$/;
/** A signed decimal as text (a realized loss is negative). */
const SIGNED_DECIMAL = /^-?\d+(\.\d+)?$/;

/**
 * One of a trace's trades closed, once per trade: `sold` by the owner's own market sell (at its fill price), or
 * `closed` when the position was gone at the brokerage (at the last known price). Aggregate `trade:<tradeId>`
 * (after its TradeShared when it was shared). Prices per share (options: per share of the contract, × the
 * contract multiplier per contract); `realizedPnl` in dollars: (exit − entry) × quantity × multiplier for a buy,
 * the reverse for a sell.
 */
export class TradeClosedV1 {
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

  /** The quantity closed (shares, or contracts for an option). */
  @Matches(DECIMAL)
  quantity: string;

  @Matches(DECIMAL)
  entryPrice: string;

  @Matches(DECIMAL)
  exitPrice: string;

  @Matches(SIGNED_DECIMAL)
  realizedPnl: string;

  @IsOptional()
  @IsString()
  optionsTicker: string | null;

  @IsInt()
  @Min(1)
  contractMultiplier: number;

  @IsIn(['sold', 'closed'])
  reason: 'sold' | 'closed';

  /** Whether subscribers could see the trade (copies exist only of shared trades). */
  @IsBoolean()
  isShared: boolean;

  /** The brokerage's id of the sell order, when the owner's sell closed it. */
  @IsOptional()
  @IsString()
  brokerageOrderId: string | null;

  @IsISO8601()
  closedAt: string;
}

export const TradeClosed = defineCataloguedEvent(TradeClosedV1, {
  type: 'TradeClosed',
  version: 1,
  subject: 'events.traces.trade.closed.v1',
  producer: 'traces',
});
