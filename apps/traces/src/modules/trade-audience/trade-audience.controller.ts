import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  TIER_NAMES,
  TradeAudienceFilterRpcCall,
  TradeAudienceRpc,
  type TradeAudienceFilterRpcReply,
} from '@copytrade/contracts';
import { DataSource } from 'typeorm';

/**
 * rpc.traces.trade-audience.filter: of the users a gateway has on its live push, those who may see the trade —
 * the trace's owner always; once it is shared, active subscribers whose tier ranks at or above the trade's required
 * tier (the trace page's rule: `ListTradesUseCase`). Ended subscriptions and strangers are left out. One query.
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
                 WHERE subscription.trace_id = trade.trace_id
                   AND subscription.user_id = candidate.id
                   AND subscription.status = 'active'
                   AND tier.rank >= array_position($3::text[], trade.required_tier) - 1))`,
      [payload.tradeId, userIds, [...TIER_NAMES]],
    );
    return { userIds: rows.map((row) => row.id) };
  }
}
