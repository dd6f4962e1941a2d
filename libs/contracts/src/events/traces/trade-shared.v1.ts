import { IsBoolean, IsIn, IsISO8601, IsOptional, IsString } from 'class-validator';
import { defineCataloguedEvent } from '../catalogued-event';
import { TIER_NAMES, type TierName } from '../../http/traces/traces.rules';
import { TradeEventV1 } from './trade-event.v1';

/**
 * An owner shared one of the trace's trades with subscribers of `requiredTier` and above (one way: a trade is
 * shared once), by hand or, with the trace's auto-share setting on, by the sync or fill that finds the open
 * trade in profit at its current price.
 * Aggregate `trade:<tradeId>`. Everything a follower's copy needs: the instrument, side, quantity (open when
 * shared) and entry price — per share, and for options per share of the contract (× contractMultiplier per
 * contract).
 */
export class TradeSharedV1 extends TradeEventV1 {
  @IsBoolean()
  isOptions: boolean;

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
