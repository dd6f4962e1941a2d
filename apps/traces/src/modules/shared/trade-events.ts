import type { TradeClosedV1 } from '@copytrade/contracts';
import type { EventMeta } from '@copytrade/nest';
import type { TraceEntity, TradeEntity } from './entities';

/** Who caused a trade event (its envelope's correlation and causation); the aggregate is always `trade:<id>`. */
export type TradeEventMeta = Omit<EventMeta, 'aggregateId'>;

/** The fields TradeShared and TradeClosed both carry (TradeEventV1). */
type TradeEventFields = Pick<
  TradeClosedV1,
  | 'tradeId'
  | 'traceId'
  | 'ownerUserId'
  | 'symbol'
  | 'side'
  | 'quantity'
  | 'entryPrice'
  | 'optionsTicker'
  | 'optionType'
  | 'strikePrice'
  | 'expirationDate'
  | 'contractMultiplier'
>;

/** A stored price back to the price per share (options: stored per contract in hundredths). */
export const perShare = (trade: Pick<TradeEntity, 'isOptions' | 'contractMultiplier'>, stored: string): string =>
  trade.isOptions ? String(Number(stored) / (trade.contractMultiplier * 100)) : String(Number(stored));

/** The trade as every event about it describes it: prices per share, quantity as it stands now. */
export function tradeEventFields(trace: Pick<TraceEntity, 'id' | 'ownerUserId'>, trade: TradeEntity): TradeEventFields {
  return {
    tradeId: trade.id,
    traceId: trace.id,
    ownerUserId: trace.ownerUserId,
    symbol: trade.symbol,
    side: trade.side,
    quantity: String(Number(trade.quantity)),
    entryPrice: perShare(trade, trade.price),
    optionsTicker: trade.optionsTicker,
    optionType: trade.optionType,
    strikePrice: trade.strikePrice == null ? null : String(Number(trade.strikePrice)),
    expirationDate: trade.expirationDate,
    contractMultiplier: trade.isOptions ? trade.contractMultiplier : 1,
  };
}
