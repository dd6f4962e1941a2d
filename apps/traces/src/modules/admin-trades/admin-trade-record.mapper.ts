import type { AdminTradeRecord } from '@copytrade/contracts';
import type { TraceEntity, TradeEntity } from '../shared/entities';
import { toTradeView } from '../shared/trace-views';

/** A trade as the admin's list shows it, from traces' side (the copy engine adds copies, identity the username). */
export function toAdminTradeRecord(
  trade: TradeEntity,
  trace: Pick<TraceEntity, 'id' | 'name' | 'handle' | 'ownerUserId'>,
): AdminTradeRecord {
  const { copyCount: _copies, closedAt: _closedAt, ...view } = toTradeView(trade);
  return {
    ...view,
    isShared: trade.isShared,
    trader: { id: trace.ownerUserId, username: null },
    trace: { id: trace.id, name: trace.name, handle: trace.handle },
  };
}

/** What the audit log keeps of a trade before and after an admin's change. */
export const auditStateOf = (trade: TradeEntity) => ({
  tradeId: trade.id,
  traceId: trade.traceId,
  symbol: trade.symbol,
  status: trade.status,
  isShared: trade.isShared,
  requiredTier: trade.requiredTier,
});
