import { Injectable } from '@nestjs/common';
import {
  CopyTradeErrorCode,
  CopyTradeMessages,
  tierRank,
  type CopyableTradeView,
  type CopyEligibilityRpcPayload,
  type CopyEligibilityRpcReply,
  type RpcRequest,
  type TierName,
} from '@copytrade/contracts';
import { DomainException } from '@copytrade/nest';
import { DataSource } from 'typeorm';
import { TierEntity, TraceEntity, TradeEntity } from '../shared/entities';
import { requireActor, viewerOf } from '../shared/trace-access';
import { perShare } from '../shared/trade-events';

const isUuid = (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

/**
 * May the actor copy this trade (rpc.traces.copy-eligibility.check, asked by the copy engine)? In the order of the
 * copy checks: the trade exists, is shared, is open; then the user's right — the trace's owner always; anyone else
 * only where the trace allows copying, with an active subscription whose tier ranks at or above the trade's required
 * tier and has canCopyTrades. Answers the trade as the copy needs it (prices per share, as its events carry them).
 */
@Injectable()
export class CheckCopyEligibilityUseCase {
  constructor(private readonly dataSource: DataSource) {}

  async execute({ actor, payload }: RpcRequest<CopyEligibilityRpcPayload>): Promise<CopyEligibilityRpcReply> {
    const { userId } = requireActor(actor);
    if (payload.userId !== userId) throw DomainException.forbidden('You can only copy trades for yourself.');
    const manager = this.dataSource.manager;
    const trade = isUuid(payload.tradeId) ? await manager.findOneBy(TradeEntity, { id: payload.tradeId }) : null;
    const trace = trade ? await manager.findOneBy(TraceEntity, { id: trade.traceId }) : null;
    if (!trade || !trace)
      throw DomainException.notFound(CopyTradeMessages.tradeNotFound, CopyTradeErrorCode.TRADE_NOT_FOUND);
    if (!trade.isShared)
      throw new DomainException(409, CopyTradeErrorCode.TRADE_NOT_SHARED, CopyTradeMessages.tradeNotShared);
    if (trade.status !== 'open')
      throw new DomainException(409, CopyTradeErrorCode.TRADE_CLOSED, CopyTradeMessages.tradeClosed);

    const access = await this.accessOf(trace, trade, userId);
    return { access, trade: copyableTradeViewOf(trace, trade) };
  }

  private async accessOf(
    trace: TraceEntity,
    trade: TradeEntity,
    userId: string,
  ): Promise<CopyEligibilityRpcReply['access']> {
    if (trace.ownerUserId === userId) return { role: 'owner' };
    if (!trace.allowCopying)
      throw new DomainException(403, CopyTradeErrorCode.COPYING_DISABLED, CopyTradeMessages.copyingDisabled);
    const viewer = await viewerOf(this.dataSource.manager, trace, userId);
    if (!viewer.isSubscribed || viewer.tier === null || viewer.tierRank === null)
      throw new DomainException(403, CopyTradeErrorCode.SUBSCRIPTION_REQUIRED, CopyTradeMessages.subscriptionRequired);
    const tier = viewer.tier as TierName;
    const required: TierName = trade.requiredTier ?? 'free';
    if (viewer.tierRank < tierRank(required))
      throw new DomainException(403, CopyTradeErrorCode.TIER_TOO_LOW, CopyTradeMessages.tierTooLow(required, tier));
    const tierRow = await this.dataSource.manager.findOneBy(TierEntity, { traceId: trace.id, name: tier });
    if (!tierRow?.canCopyTrades)
      throw new DomainException(403, CopyTradeErrorCode.TIER_CANNOT_COPY, CopyTradeMessages.tierCannotCopy(tier));
    return { role: 'subscriber', tier };
  }
}

/** The trade as a copy needs it (prices per share, as its events carry them): the manual check's and the fan-out's. */
export function copyableTradeViewOf(trace: TraceEntity, trade: TradeEntity): CopyableTradeView {
  return {
    id: trade.id,
    traceId: trace.id,
    traceName: trace.name,
    traceHandle: trace.handle,
    traceAvatar: trace.avatarUrl ?? null,
    ownerUserId: trace.ownerUserId,
    symbol: trade.symbol,
    side: trade.side,
    quantity: String(Number(trade.quantity)),
    entryPrice: perShare(trade, trade.price),
    currentPrice: perShare(trade, trade.currentPrice),
    isOptions: trade.isOptions,
    optionType: trade.optionType,
    optionsTicker: trade.optionsTicker,
    strikePrice: trade.strikePrice == null ? null : String(Number(trade.strikePrice)),
    expirationDate: trade.expirationDate,
    contractMultiplier: trade.isOptions ? trade.contractMultiplier : 1,
    requiredTier: trade.requiredTier,
    sharedAt: trade.sharedAt ? trade.sharedAt.toISOString() : null,
  };
}
