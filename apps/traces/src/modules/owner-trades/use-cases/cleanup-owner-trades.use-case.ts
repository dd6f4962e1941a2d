import { Inject, Injectable } from '@nestjs/common';
import type { CleanupTradesRpcReply, RpcRequest } from '@copytrade/contracts';
import { DataSource } from 'typeorm';
import { requireTraceOwner } from '../../shared/trace-access';
import { recomputeTraceStats } from '../../shared/trace-stats';
import { SyncOwnerTradesUseCase } from './sync-owner-trades.use-case';

/**
 * DELETE /api/trace-owner/{traceId}/cleanup-trades: a sync first (which closes, with their P&L, the trades whose
 * position is gone), then the brokerage trades no longer held that were never shared are deleted; shared ones
 * stay, closed, for their subscribers' history. `updatedOrphanedSharedTrades` counts the shared trades this
 * cleanup's sync found gone and closed. Trades not from a brokerage (no source key) are never touched.
 */
@Injectable()
export class CleanupOwnerTradesUseCase {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(SyncOwnerTradesUseCase) private readonly sync: SyncOwnerTradesUseCase,
  ) {}

  async execute({ actor, payload, requestId }: RpcRequest<{ traceId: string }>): Promise<CleanupTradesRpcReply> {
    const trace = await requireTraceOwner(this.dataSource.manager, payload.traceId, actor);
    const outcome = await this.sync.execute(trace, { requestId, actor });
    const deleted = await this.dataSource.transaction(async (manager) => {
      const rows = (await manager.query(
        `DELETE FROM traces.trades
          WHERE trace_id = $1 AND source_key IS NOT NULL AND status = 'closed' AND NOT is_shared
          RETURNING id`,
        [trace.id],
      )) as [Array<{ id: string }>, number];
      const count = rows[1];
      if (count > 0) await recomputeTraceStats(manager, trace.id);
      return count;
    });
    return {
      deletedUnsharedTrades: deleted,
      updatedOrphanedSharedTrades: outcome.closed.filter((trade) => trade.isShared).length,
    };
  }
}
