import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  OWNER_TRADES_PAGE_MAX,
  type OwnerTradesRpcReply,
  type OwnerTradesRpcRequest,
  type RpcRequest,
} from '@copytrade/contracts';
import { DomainException } from '@copytrade/nest';
import { DataSource, type EntityManager } from 'typeorm';
import { TradeEntity } from '../../shared/entities';
import { requireTraceOwner } from '../../shared/trace-access';
import { toOwnerTradeView } from '../mappers/owner-trade-view.mapper';
import { SyncOwnerTradesUseCase } from './sync-owner-trades.use-case';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const cursorAfter = (trade: TradeEntity) =>
  Buffer.from(JSON.stringify([trade.executedAt.toISOString(), trade.id])).toString('base64url');
function tradeKeyOf(cursor: string): { executedAt: string; id: string } {
  try {
    const [executedAt, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    if (
      typeof executedAt === 'string' &&
      !Number.isNaN(Date.parse(executedAt)) &&
      typeof id === 'string' &&
      UUID.test(id)
    )
      return { executedAt, id };
  } catch {
    // Not one of ours.
  }
  throw DomainException.badRequest('cursor is not valid');
}

/**
 * The Trade Manager lists only open trades (open, executed, filled), newest first (executed_at, then id), a page of
 * OWNER_TRADES_PAGE_MAX after `cursor`, with the totals of every open trade. A page starts below its cursor's trade
 * as stored (or, if that trade is gone, its time), so trades are neither skipped nor repeated.
 */
export async function listOpenOwnerTrades(
  manager: EntityManager,
  traceId: string,
  cursor?: string,
): Promise<OwnerTradesRpcReply> {
  const query = manager
    .getRepository(TradeEntity)
    .createQueryBuilder('trade')
    .where('trade.trace_id = :traceId AND trade.status = :open', { traceId, open: 'open' })
    .orderBy('trade.executedAt', 'DESC')
    .addOrderBy('trade.id', 'DESC')
    .limit(OWNER_TRADES_PAGE_MAX + 1);
  if (cursor !== undefined) {
    const after = tradeKeyOf(cursor);
    query.andWhere(
      `(trade.executed_at, trade.id) < (coalesce((SELECT k.executed_at FROM traces.trades k
          WHERE k.id = :afterId AND k.trace_id = :traceId), :afterAt::timestamptz), :afterId::uuid)`,
      { afterId: after.id, afterAt: after.executedAt },
    );
  }
  const [rows, [totals]] = await Promise.all([
    query.getMany(),
    manager.query(
      `SELECT count(*)::int AS total, count(*) FILTER (WHERE is_shared)::int AS shared
         FROM traces.trades WHERE trace_id = $1 AND status = 'open'`,
      [traceId],
    ) as Promise<Array<{ total: number; shared: number }>>,
  ]);
  const trades = rows.slice(0, OWNER_TRADES_PAGE_MAX);
  return {
    trades: trades.map(toOwnerTradeView),
    totalCount: totals!.total,
    sharedCount: totals!.shared,
    ...(rows.length > OWNER_TRADES_PAGE_MAX ? { nextCursor: cursorAfter(trades.at(-1)!) } : {}),
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

  /** The first page (no cursor) syncs first; the pages after it only read. */
  async execute({ actor, payload, requestId }: RpcRequest<OwnerTradesRpcRequest>): Promise<OwnerTradesRpcReply> {
    const trace = await requireTraceOwner(this.dataSource.manager, payload.traceId, actor);
    if (payload.cursor !== undefined) return listOpenOwnerTrades(this.dataSource.manager, trace.id, payload.cursor);
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
