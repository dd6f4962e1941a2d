import { Inject, Injectable, Logger } from '@nestjs/common';
import { type OwnerTradesRpcReply, type RpcRequest } from '@copytrade/contracts';
import { DomainException } from '@copytrade/nest';
import { DataSource, type EntityManager } from 'typeorm';
import { TradeEntity } from '../../shared/entities';
import { requireTraceOwner } from '../../shared/trace-access';
import { toOwnerTradeView } from '../mappers/owner-trade-view.mapper';
import { SyncOwnerTradesUseCase } from './sync-owner-trades.use-case';

/** The Trade Manager lists only open trades (open, executed, filled), newest first. */
export async function listOpenOwnerTrades(manager: EntityManager, traceId: string): Promise<OwnerTradesRpcReply> {
  const trades = await manager.find(TradeEntity, {
    where: { traceId, status: 'open' },
    order: { executedAt: 'DESC', id: 'DESC' },
  });
  return {
    trades: trades.map(toOwnerTradeView),
    totalCount: trades.length,
    sharedCount: trades.filter((trade) => trade.isShared).length,
  };
}

/**
 * GET /api/trace-owner/{traceId}/snaptrade-trades: a sync from the owner's brokerage, then the open trades.
 * When the brokerage cannot be read (down, or its provider's limit), the stored trades are answered (logged);
 * a 429 goes back to the owner so the Trade Manager shows its countdown.
 */
@Injectable()
export class ListOwnerTradesUseCase {
  private readonly logger = new Logger(ListOwnerTradesUseCase.name);

  constructor(
    private readonly dataSource: DataSource,
    @Inject(SyncOwnerTradesUseCase) private readonly sync: SyncOwnerTradesUseCase,
  ) {}

  async execute({ actor, payload, requestId }: RpcRequest<{ traceId: string }>): Promise<OwnerTradesRpcReply> {
    const trace = await requireTraceOwner(this.dataSource.manager, payload.traceId, actor);
    try {
      await this.sync.execute(trace, { requestId, actor });
    } catch (error) {
      if (error instanceof DomainException && error.status === 429) throw error;
      if (!(error instanceof DomainException) || error.status < 500) throw error;
      this.logger.warn(
        { requestId, traceId: trace.id, code: error.code },
        'Owner trades: the brokerage could not be read; answering the stored trades',
      );
    }
    return listOpenOwnerTrades(this.dataSource.manager, trace.id);
  }
}
