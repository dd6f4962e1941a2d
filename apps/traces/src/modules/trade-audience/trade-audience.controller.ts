import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  TIER_NAMES,
  TRADE_VIEWERS_PAGE_MAX,
  TradeAudienceFilterRpcCall,
  TradeAudienceRpc,
  TradeViewersRpcCall,
  type TradeAudienceFilterRpcReply,
  type TradeViewersRpcReply,
} from '@copytrade/contracts';
import { DataSource } from 'typeorm';

/**
 * The trace page's rule for a subscriber (`ListTradesUseCase`), over `subscription`, `tier` and `trade` joined by the
 * caller: an active subscription of the trade's trace whose tier ranks at or above the trade's required tier.
 * `$tierNames` is the parameter holding TIER_NAMES.
 */
const subscriberSeesTrade = (tierNames: string) => `subscription.trace_id = trade.trace_id
   AND subscription.status = 'active'
   AND tier.rank >= array_position(${tierNames}::text[], trade.required_tier) - 1`;

/**
 * Who may see a trade. `filter`: of the users a gateway has on its live push, those who may see it — the trace's
 * owner always; once it is shared, the subscribers the trace page shows it to. `list`: every such subscriber, a page at
 * a time (identity's notifications of a share or a sell), never the owner. Ended subscriptions and strangers are left
 * out. One query each.
 */
@Controller()
export class TradeAudienceController {
  constructor(private readonly dataSource: DataSource) {}

  @MessagePattern(TradeAudienceRpc.filter)
  async filter(@Payload() { payload }: TradeAudienceFilterRpcCall): Promise<TradeAudienceFilterRpcReply> {
    const userIds = [...new Set(payload.userIds.map((id) => id.toLowerCase()))];
    if (userIds.length === 0) return { userIds: [] };
    const rows: Array<{ id: string }> = await this.dataSource.query(
      `SELECT candidate.id::text AS id
         FROM unnest($2::uuid[]) AS candidate(id)
         JOIN traces.trades trade ON trade.id = $1
         JOIN traces.traces trace ON trace.id = trade.trace_id
        WHERE candidate.id = trace.owner_user_id
           OR (trade.is_shared AND EXISTS (
                SELECT 1
                  FROM traces.subscriptions subscription
                  JOIN traces.tiers tier ON tier.id = subscription.tier_id
                 WHERE subscription.user_id = candidate.id AND ${subscriberSeesTrade('$3')}))`,
      [payload.tradeId, userIds, [...TIER_NAMES]],
    );
    return { userIds: rows.map((row) => row.id) };
  }

  @MessagePattern(TradeAudienceRpc.list)
  async list(@Payload() { payload }: TradeViewersRpcCall): Promise<TradeViewersRpcReply> {
    const [trace]: Array<{ id: string; name: string; ownerUserId: string; isShared: boolean }> =
      await this.dataSource.query(
        `SELECT trace.id::text AS id, trace.name, trace.owner_user_id::text AS "ownerUserId", trade.is_shared AS "isShared"
           FROM traces.trades trade JOIN traces.traces trace ON trace.id = trade.trace_id
          WHERE trade.id = $1`,
        [payload.tradeId],
      );
    if (!trace) return { trace: null, userIds: [], nextCursor: null };
    const { isShared, ...view } = trace;
    if (!isShared) return { trace: view, userIds: [], nextCursor: null };
    const limit = Math.min(payload.limit ?? TRADE_VIEWERS_PAGE_MAX, TRADE_VIEWERS_PAGE_MAX);
    // Keyset on the user id: the unique (trace, user) subscription index serves it.
    const rows: Array<{ userId: string }> = await this.dataSource.query(
      `SELECT subscription.user_id::text AS "userId"
         FROM traces.trades trade
         JOIN traces.subscriptions subscription ON subscription.trace_id = trade.trace_id
         JOIN traces.tiers tier ON tier.id = subscription.tier_id
        WHERE trade.id = $1
          AND ${subscriberSeesTrade('$2')}
          AND subscription.user_id <> $3
          AND ($4::uuid IS NULL OR subscription.user_id > $4::uuid)
        ORDER BY subscription.user_id
        LIMIT $5`,
      [payload.tradeId, [...TIER_NAMES], view.ownerUserId, payload.after ?? null, limit],
    );
    const userIds = rows.map((row) => row.userId);
    return { trace: view, userIds, nextCursor: userIds.length === limit ? userIds[limit - 1]! : null };
  }
}
