import { Inject, Injectable } from '@nestjs/common';
import {
  MY_COPIES_DEFAULT_LIMIT,
  MY_COPIES_MAX_LIMIT,
  type CopyPerformanceView,
  type ListMyCopiesRpcPayload,
  type ListMyCopiesRpcReply,
  type MyPerformanceRpcReply,
  type RpcRequest,
} from '@copytrade/contracts';
import { DomainException, RpcClient } from '@copytrade/nest';
import Decimal from 'decimal.js';
import { DataSource } from 'typeorm';
import { COPY_ENGINE_RPC } from '../copies.tokens';
import { toCopyInstanceView } from '../copy-instance.mapper';
import { listUserCopies, TABLE, type CopyStatus } from '../copy-instances.store';
import { TraderNames } from '../trader-names';

const STATUS: Record<NonNullable<ListMyCopiesRpcPayload['status']>, CopyStatus> = {
  open: 'OPEN',
  closed: 'CLOSED',
  pending: 'PENDING',
  failed: 'FAILED',
};

/**
 * GET /api/copy-trades/my-copies and my-performance: the actor's own copies only (the actor is the session's user;
 * no user id is taken from the request). The list is one page, newest first: `limit` 1–200 (default 100), `offset`.
 * Each copy names its trader (identity's username, one batched lookup; null when identity does not answer in time).
 * The performance summary is one aggregate query over the user's open and closed copies.
 */
@Injectable()
export class MyCopiesUseCase {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(COPY_ENGINE_RPC) private readonly rpc: RpcClient,
  ) {}

  async list({ actor, payload, requestId }: RpcRequest<ListMyCopiesRpcPayload>): Promise<ListMyCopiesRpcReply> {
    if (!actor) throw DomainException.forbidden('Sign in to see your copies.');
    const limit = Math.min(payload.limit ?? MY_COPIES_DEFAULT_LIMIT, MY_COPIES_MAX_LIMIT);
    const offset = payload.offset ?? 0;
    const { copies, total } = await listUserCopies(this.dataSource.manager, actor.userId, {
      status: payload.status ? STATUS[payload.status] : undefined,
      limit,
      offset,
    });
    const views = await new TraderNames(this.rpc).fill(copies.map(toCopyInstanceView), { requestId, actor });
    return { copies: views, total, limit, offset };
  }

  /**
   * The performance summary (docs/product.md#entities-and-fields): totalInvested = Σ copy amounts of open and closed
   * copies; totalReturn = Σ realized P&L of closed copies + Σ unrealized P&L of open ones at their last read price
   * (their fill price until a refresh) — buys (price − entry) × quantity × multiplier, sells reversed;
   * totalReturnPercent of totalInvested; winRate = closed copies with a realized gain / closed copies × 100 (0 when
   * none closed); counts.
   */
  async performance({ actor }: RpcRequest<unknown>): Promise<MyPerformanceRpcReply> {
    if (!actor) throw DomainException.forbidden('Sign in to see your performance.');
    const [row] = (await this.dataSource.query(
      `SELECT coalesce(sum(copy_amount), 0)::text AS invested,
              coalesce(sum(CASE WHEN status = 'CLOSED' THEN coalesce(realized_pnl, 0)
                                ELSE (coalesce(current_price, entry_price) - entry_price) * quantity_filled
                                     * contract_multiplier * (CASE side WHEN 'sell' THEN -1 ELSE 1 END) END), 0)::text
                AS "return",
              count(*) FILTER (WHERE status = 'OPEN')::int AS open,
              count(*) FILTER (WHERE status = 'CLOSED')::int AS closed,
              count(*) FILTER (WHERE status = 'CLOSED' AND realized_pnl > 0)::int AS wins
         FROM ${TABLE} WHERE user_id = $1 AND status IN ('OPEN', 'CLOSED') AND entry_price IS NOT NULL`,
      [actor.userId],
    )) as Array<{ invested: string; return: string; open: number; closed: number; wins: number }>;
    const invested = new Decimal(row.invested);
    const totalReturn = new Decimal(row.return);
    const performance: CopyPerformanceView = {
      totalInvested: invested.toDecimalPlaces(2).toNumber(),
      totalReturn: totalReturn.toDecimalPlaces(2).toNumber(),
      totalReturnPercent: invested.isZero()
        ? 0
        : totalReturn.dividedBy(invested).times(100).toDecimalPlaces(2).toNumber(),
      winRate:
        row.closed === 0 ? 0 : new Decimal(row.wins).dividedBy(row.closed).times(100).toDecimalPlaces(1).toNumber(),
      totalCopies: row.open + row.closed,
      openPositions: row.open,
      closedPositions: row.closed,
    };
    return { performance };
  }
}
