import { IsBoolean, IsIn, IsISO8601, IsOptional, IsString, Matches } from 'class-validator';
import { defineCataloguedEvent } from '../catalogued-event';
import { DECIMAL } from '../option-contract-fields';
import { TradeEventV1 } from './trade-event.v1';

/** A signed decimal as text (a realized loss is negative). */
const SIGNED_DECIMAL = /^-?\d+(\.\d+)?$/;

/**
 * One of a trace's trades closed, once per trade, whichever path closed it: `sold` by the owner's own market
 * sell, or by a sell at the brokerage that covered it (at the fill price), or `closed` when a sync found the
 * position gone at the brokerage (at the last known price). Shared or not (`isShared`). Aggregate
 * `trade:<tradeId>` (after its TradeShared when it was shared). `quantity` is what was still open and closed now
 * (earlier partial owner sells had already reduced it); `realizedPnl`, in dollars, is the whole trade's, those
 * partial sells included: Σ (exit − entry) × quantity × multiplier for a buy, the reverse for a sell.
 */
export class TradeClosedV1 extends TradeEventV1 {
  @Matches(DECIMAL)
  exitPrice: string;

  @Matches(SIGNED_DECIMAL)
  realizedPnl: string;

  @IsIn(['sold', 'closed'])
  reason: 'sold' | 'closed';

  /** Whether subscribers could see the trade (copies exist only of shared trades). */
  @IsBoolean()
  isShared: boolean;

  /** The brokerage's id of the sell order, when a sell closed it. */
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
