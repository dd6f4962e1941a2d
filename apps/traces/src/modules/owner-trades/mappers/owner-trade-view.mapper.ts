import type { OwnerTradeView } from '@copytrade/contracts';
import type { TradeEntity } from '../../shared/entities';
import { optionFieldsView } from '../../shared/trace-views';

const num = (value: string | number | null | undefined): number => (value == null ? 0 : Number(value));
/** Options are stored per contract in hundredths: the dollars per contract are ÷ 100. */
const dollars = (trade: TradeEntity, value: string) => (trade.isOptions ? num(value) / 100 : num(value));

/** `AAPL 240 Call 2026-12-18`, or the ticker of a stock. */
export function describeTrade(trade: TradeEntity): string {
  if (!trade.isOptions) return `${trade.side === 'buy' ? 'Long' : 'Short'} ${trade.symbol}`;
  const kind = trade.optionType === 'put' ? 'Put' : 'Call';
  return `${trade.symbol} ${num(trade.strikePrice)} ${kind} ${trade.expirationDate ?? ''}`.trim();
}

export function toOwnerTradeView(trade: TradeEntity): OwnerTradeView {
  return {
    id: trade.id,
    symbol: trade.symbol,
    side: trade.side,
    status: trade.ownerStatus,
    quantity: num(trade.quantity),
    price: dollars(trade, trade.price),
    currentPrice: dollars(trade, trade.currentPrice),
    executedAt: trade.executedAt.toISOString(),
    description: describeTrade(trade),
    isShared: trade.isShared,
    copyCount: trade.copyCount,
    requiredTier: trade.requiredTier,
    ...optionFieldsView(trade),
    contractMultiplier: trade.isOptions ? trade.contractMultiplier : 1,
  };
}
