import { Injectable } from '@nestjs/common';
import {
  COPY_AUDIENCE_PAGE_MAX,
  tierRank,
  type CopyAudienceRpcPayload,
  type CopyAudienceRpcReply,
  type RpcRequest,
  type TierName,
} from '@copytrade/contracts';
import { selectList } from '@copytrade/nest';
import { DataSource } from 'typeorm';
import { TraceEntity, TradeEntity } from '../shared/entities';
import { SUBSCRIPTION_COLUMNS, type SubscriptionRow } from '../shared/entities/subscription.columns';
import { copyableTradeViewOf } from './copy-eligibility.use-case';

/**
 * rpc.traces.copy-audience.list (the copy engine's fan-out of TradeShared; a system call): one page of the followers
 * who may have the trade copied for them — CheckCopyEligibilityUseCase's subscriber rule as one query: an active
 * subscription to the trade's trace whose tier ranks at or above the trade's required tier (none: free) and has
 * canCopyTrades, on a trace that allows copying, the trade shared and open. The owner is left out (an automatic copy
 * is for followers). Keyset paging on the user id (the unique (trace, user) subscription index serves it).
 */
@Injectable()
export class CopyAudienceUseCase {
  constructor(private readonly dataSource: DataSource) {}

  async execute({ payload }: RpcRequest<CopyAudienceRpcPayload>): Promise<CopyAudienceRpcReply> {
    const manager = this.dataSource.manager;
    const trade = await manager.findOneBy(TradeEntity, { id: payload.tradeId });
    const trace = trade ? await manager.findOneBy(TraceEntity, { id: trade.traceId }) : null;
    if (!trade || !trace) return { trade: null, copyable: false, userIds: [], nextCursor: null };
    const view = copyableTradeViewOf(trace, trade);
    const copyable = trade.isShared && trade.status === 'open' && trace.allowCopying;
    if (!copyable) return { trade: view, copyable, userIds: [], nextCursor: null };
    const limit = Math.min(payload.limit ?? COPY_AUDIENCE_PAGE_MAX, COPY_AUDIENCE_PAGE_MAX);
    const required: TierName = trade.requiredTier ?? 'free';
    const rows: SubscriptionRow[] = await manager.query(
      `SELECT ${selectList(SUBSCRIPTION_COLUMNS, 'subscription')}
         FROM traces.subscriptions subscription
         JOIN traces.tiers tier ON tier.id = subscription.tier_id
        WHERE subscription.trace_id = $1
          AND subscription.status = 'active'
          AND subscription.user_id <> $2
          AND tier.rank >= $3
          AND tier.can_copy_trades
          AND ($4::uuid IS NULL OR subscription.user_id > $4::uuid)
        ORDER BY subscription.user_id
        LIMIT $5`,
      [trace.id, trace.ownerUserId, tierRank(required), payload.after ?? null, limit],
    );
    const userIds = rows.map((row) => row.userId);
    return { trade: view, copyable, userIds, nextCursor: userIds.length === limit ? userIds[limit - 1]! : null };
  }
}
