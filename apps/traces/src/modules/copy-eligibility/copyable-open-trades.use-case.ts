import { Injectable } from '@nestjs/common';
import {
  COPYABLE_OPEN_TRADES_PAGE_MAX,
  TIER_NAMES,
  type CopyableOpenTradesRpcPayload,
  type CopyableOpenTradesRpcReply,
  type RpcRequest,
} from '@copytrade/contracts';
import { selectList } from '@copytrade/nest';
import { DataSource, In } from 'typeorm';
import { TraceEntity, TradeEntity } from '../shared/entities';
import { TRADE_COLUMNS, type TradeRow } from '../shared/entities/trade.columns';
import { copyableTradeViewOf } from './copy-eligibility.use-case';

/**
 * rpc.traces.copyable-open-trades.list (the copy engine copying a follower's open positions; a system call): one page
 * of a trace's trades the follower may have copied automatically — the copy audience's rule turned around, as one
 * query: the follower's active subscription (never the owner) with a tier that has canCopyTrades, on a trace that
 * allows copying; the trades shared and open whose required tier (none: free) ranks at or below that tier. Keyset
 * paging on the trade id.
 */
@Injectable()
export class CopyableOpenTradesUseCase {
  constructor(private readonly dataSource: DataSource) {}

  async execute({ payload }: RpcRequest<CopyableOpenTradesRpcPayload>): Promise<CopyableOpenTradesRpcReply> {
    const manager = this.dataSource.manager;
    const limit = Math.min(payload.limit ?? COPYABLE_OPEN_TRADES_PAGE_MAX, COPYABLE_OPEN_TRADES_PAGE_MAX);
    const { id } = TRADE_COLUMNS;
    const rows: Array<Pick<TradeRow, 'id'>> = await manager.query(
      `SELECT ${selectList<Pick<TradeRow, 'id'>>({ id }, 'trade')}
         FROM traces.trades trade
         JOIN traces.traces trace ON trace.id = trade.trace_id
         JOIN traces.subscriptions subscription
           ON subscription.trace_id = trade.trace_id AND subscription.user_id = $2 AND subscription.status = 'active'
         JOIN traces.tiers tier ON tier.id = subscription.tier_id
        WHERE trade.trace_id = $1
          AND trace.allow_copying
          AND trace.owner_user_id <> $2
          AND tier.can_copy_trades
          AND trade.is_shared
          AND trade.status = 'open'
          AND tier.rank >= array_position($3::text[], COALESCE(trade.required_tier, 'free')) - 1
          AND ($4::uuid IS NULL OR trade.id > $4::uuid)
        ORDER BY trade.id
        LIMIT $5`,
      [payload.traceId, payload.userId, TIER_NAMES, payload.after ?? null, limit],
    );
    if (rows.length === 0) return { trades: [], nextCursor: null };
    const trace = await manager.findOneByOrFail(TraceEntity, { id: payload.traceId });
    const trades = await manager.find(TradeEntity, {
      where: { id: In(rows.map((row) => row.id)) },
      order: { id: 'ASC' },
    });
    return {
      trades: trades.map((trade) => copyableTradeViewOf(trace, trade)),
      nextCursor: rows.length === limit ? rows[limit - 1]!.id : null,
    };
  }
}
