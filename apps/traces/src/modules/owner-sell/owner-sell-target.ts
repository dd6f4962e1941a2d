import {
  OwnerSellErrorCode,
  OwnerSellMessages,
  OwnerTradesErrorCode,
  type RpcActor,
  type SellPositionDataDto,
} from '@copytrade/contracts';
import { DomainException } from '@copytrade/nest';
import type { EntityManager } from 'typeorm';
import { TradeEntity, type TraceEntity } from '../shared/entities';
import { requireTraceOwner } from '../shared/trace-access';

const isUuid = (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
const upper = (value: string | null | undefined) => (value ?? '').trim().toUpperCase();

/**
 * Everything owner-specific about a sell, in one place (a follower's sell of a copied position has its own resolver
 * and shares the rest): the trace is the caller's own (404 / 403 NOT_TRACE_OWNER, admins included), and one of its
 * open, shared trades in that account matches the position — symbol, and for an option its OCC ticker — with at
 * least the quantity asked. The trade's row is locked for the caller's transaction. Of several matching trades the
 * oldest that holds enough is sold.
 */
export async function resolveOwnerSellTarget(
  manager: EntityManager,
  actor: RpcActor | undefined,
  position: SellPositionDataDto,
  accountId: string,
): Promise<{ trace: TraceEntity; trade: TradeEntity }> {
  if (!isUuid(position.traceId))
    throw DomainException.notFound(OwnerSellMessages.tradeNotFound, OwnerTradesErrorCode.TRADE_NOT_FOUND);
  const trace = await requireTraceOwner(manager, position.traceId, actor);
  const symbol = upper(position.symbol);
  const optionsTicker = position.optionsTicker ? upper(position.optionsTicker) : null;
  // Only the trades of that symbol are read and locked (a trace may hold many thousands of trades).
  const candidates = (
    await manager
      .createQueryBuilder(TradeEntity, 'trade')
      .where('trade.traceId = :traceId', { traceId: trace.id })
      .andWhere('(upper(trim(trade.symbol)) = :symbol OR upper(trim(trade.optionsTicker)) = :symbol)', { symbol })
      .orderBy('trade.executedAt', 'ASC')
      .addOrderBy('trade.id', 'ASC')
      .setLock('pessimistic_write')
      .getMany()
  ).filter(
    (trade) =>
      (upper(trade.symbol) === symbol || upper(trade.optionsTicker) === symbol) &&
      trade.isOptions === Boolean(position.isOptions || optionsTicker) &&
      (!optionsTicker || upper(trade.optionsTicker) === optionsTicker),
  );
  const open = candidates.filter((trade) => trade.status === 'open');
  const shared = open.filter((trade) => trade.isShared);
  if (shared.length === 0) {
    if (open.length > 0)
      throw new DomainException(409, OwnerSellErrorCode.TRADE_NOT_SHARED, OwnerSellMessages.tradeNotShared);
    if (candidates.length > 0)
      throw new DomainException(409, OwnerSellErrorCode.TRADE_NOT_SELLABLE, OwnerSellMessages.tradeNotSellable);
    throw DomainException.notFound(OwnerSellMessages.tradeNotFound, OwnerTradesErrorCode.TRADE_NOT_FOUND);
  }
  const inAccount = shared.filter((trade) => trade.brokerageAccountId === accountId);
  if (inAccount.length === 0)
    throw new DomainException(422, OwnerSellErrorCode.POSITION_MISMATCH, OwnerSellMessages.positionMismatch);
  const trade = inAccount.find((candidate) => Number(candidate.quantity) >= position.quantity);
  if (!trade) {
    const max = Math.max(...inAccount.map((candidate) => Number(candidate.quantity)));
    throw new DomainException(422, OwnerSellErrorCode.QUANTITY_TOO_LARGE, OwnerSellMessages.quantityTooLarge(max), {
      maxQuantity: max,
    });
  }
  return { trace, trade };
}
