import { Injectable } from '@nestjs/common';
import {
  BrokerageErrorCode,
  BrokerageMessages,
  MyCopiesErrorCode,
  MyCopiesMessages,
  OwnerSellErrorCode,
  OwnerSellMessages,
  isWholeOrderQuantity,
  type RpcRequest,
  type SellCopyRpcPayload,
  type SellFailureDetails,
  type SellPositionRpcReply,
} from '@copytrade/contracts';
import { DomainException, type RpcCallContext } from '@copytrade/nest';
import Decimal from 'decimal.js';
import { DataSource, type EntityManager } from 'typeorm';
import { heldQuantityOf } from '../copy-instance.mapper';
import { COLUMNS, TABLE, findCopyById, type CopyRecord } from '../copy-instances.store';
import { CopySellPlacement } from '../copy-sell-placement';
import { findCopySell, insertCopySell, type CopySellRecord } from '../copy-sells.store';

const isUuid = (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
const upper = (value: string | null | undefined) => (value ?? '').trim().toUpperCase();

/**
 * POST /api/snaptrade/sell-position for a follower's copied position (the gateway sends it here when the caller
 * does not own the position's trace): a market sell of (part of) the caller's OPEN copy, under the client's
 * X-Request-ID — the same saga as the copy and the owner's sell:
 * - confirmRisks must be true (400 RISKS_NOT_CONFIRMED), whatever the gateway checked.
 * - First call of a request id: the copy resolved and locked (the caller's own open copies only: symbol, and for an
 *   option its OCC ticker; the trace when positionData.traceId is an id, 'unknown' allowed; the account the copy
 *   was placed in; the oldest that still holds enough), the quantity checked: whole, as copies are bought (400
 *   INVALID_QUANTITY — after the copy is found, so a caller holding no copy still reads COPY_NOT_FOUND, which the
 *   gateway answers with the owner path's refusal), and within what it still holds (filled less its filled and
 *   pending sells: 422 QUANTITY_TOO_LARGE beyond); the sell recorded PENDING under UNIQUE(user, request id) before
 *   the brokerage is called.
 * - Every call, retries included: the brokerage's placeOrder with that request id (its idempotency answers a retry
 *   with the first order, never a second one). Another position under the same request id is 422; a request id
 *   whose sell was refused answers the refusal again without calling the brokerage.
 * - Filled: the sell settled (settleCopySellFill: the copy closes with CopyClosed when nothing is held any more).
 *   Pending / unknown: answered as such; the order events settle it later. A refusal fails the sell (a new request
 *   id may try again) and carries the sell's failure fields, as the owner's sell does.
 */
@Injectable()
export class SellCopyUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly placement: CopySellPlacement,
  ) {}

  async execute({ actor, payload, requestId: traceId }: RpcRequest<SellCopyRpcPayload>): Promise<SellPositionRpcReply> {
    if (!actor) throw DomainException.forbidden('Sign in to sell.');
    if (payload.confirmRisks !== true)
      throw new DomainException(400, OwnerSellErrorCode.RISKS_NOT_CONFIRMED, OwnerSellMessages.risksNotConfirmed);
    const userId = actor.userId;
    const context: RpcCallContext = { requestId: traceId, actor };
    const sell =
      (await findCopySell(this.dataSource.manager, userId, payload.requestId)) ?? (await this.record(userId, payload));
    const copy = (await findCopyById(this.dataSource.manager, sell.copyId))!;
    if (!samePosition(sell, copy, payload))
      throw new DomainException(422, BrokerageErrorCode.IDEMPOTENCY_KEY_REUSED, BrokerageMessages.requestIdReused);

    // A refused sell stays refused under its request id: calling the brokerage again with it could place an order
    // the sell no longer records (a new request id may try again).
    if (sell.status === 'FAILED')
      throw new DomainException(422, OwnerSellErrorCode.SELL_NOT_FILLED, OwnerSellMessages.notFilled, {
        isMarketHoursRestriction: false,
        technical: sell.failureReason ?? OwnerSellMessages.notFilled,
        errorCode: OwnerSellErrorCode.SELL_NOT_FILLED,
        canRetry: true,
      } satisfies SellFailureDetails);

    const outcome = await this.placement.place(sell, copy, context);
    const name = copy.optionsTicker ?? copy.symbol;
    const message =
      outcome.status === 'filled'
        ? OwnerSellMessages.sold(name)
        : outcome.status === 'pending'
          ? OwnerSellMessages.pending(name)
          : OwnerSellMessages.awaitingConfirmation;
    return { status: outcome.status, message, order: outcome.order, replayed: outcome.replayed };
  }

  /** The first call of a request id: the copy resolved and locked, the quantity checked, the sell recorded. */
  private record(userId: string, payload: SellCopyRpcPayload): Promise<CopySellRecord> {
    return this.dataSource.transaction(async (manager) => {
      const candidates = await this.openCopiesMatching(manager, userId, payload);
      const again = await findCopySell(manager, userId, payload.requestId);
      if (again) return again;
      const symbol = payload.positionData.optionsTicker ?? payload.positionData.symbol;
      if (candidates.length === 0)
        throw DomainException.notFound(MyCopiesMessages.noOpenCopy(upper(symbol)), MyCopiesErrorCode.COPY_NOT_FOUND);
      const inAccount = candidates.filter((copy) => copy.brokerageAccountId === payload.accountId);
      if (inAccount.length === 0)
        throw new DomainException(422, OwnerSellErrorCode.POSITION_MISMATCH, OwnerSellMessages.positionMismatch);
      if (!isWholeOrderQuantity(payload.positionData.quantity))
        throw new DomainException(400, MyCopiesErrorCode.INVALID_QUANTITY, MyCopiesMessages.sellQuantity);
      const quantity = new Decimal(payload.positionData.quantity);
      const copy = inAccount.find((candidate) => heldQuantityOf(candidate).gte(quantity));
      if (!copy) {
        const max = Decimal.max(...inAccount.map(heldQuantityOf)).toNumber();
        throw new DomainException(422, OwnerSellErrorCode.QUANTITY_TOO_LARGE, OwnerSellMessages.quantityTooLarge(max), {
          maxQuantity: max,
        });
      }
      const inserted = await insertCopySell(manager, {
        userId,
        requestId: payload.requestId,
        copyId: copy.id,
        brokerageAccountId: payload.accountId,
        quantity: quantity.toFixed(),
      });
      return inserted ?? (await findCopySell(manager, userId, payload.requestId))!;
    });
  }

  /** The caller's open copies that match the position, oldest first, their rows locked. */
  private async openCopiesMatching(
    manager: EntityManager,
    userId: string,
    payload: SellCopyRpcPayload,
  ): Promise<CopyRecord[]> {
    const position = payload.positionData;
    const symbol = upper(position.symbol);
    const optionsTicker = position.optionsTicker ? upper(position.optionsTicker) : null;
    const params: unknown[] = [userId, symbol];
    let where = `user_id = $1 AND status = 'OPEN' AND (upper(trim(symbol)) = $2 OR upper(trim(options_ticker)) = $2)`;
    if (isUuid(position.traceId)) {
      params.push(position.traceId);
      where += ` AND trace_id = $3`;
    }
    // Locked first, then read in a statement of its own: its snapshot sees the sells committed while it waited.
    const locked = (await manager.query(
      `SELECT id FROM ${TABLE} WHERE ${where} ORDER BY created_at, id FOR UPDATE`,
      params,
    )) as Array<{ id: string }>;
    if (locked.length === 0) return [];
    const rows = (await manager.query(
      `SELECT ${COLUMNS} FROM ${TABLE} WHERE id = ANY($1::uuid[]) AND status = 'OPEN' ORDER BY created_at, id`,
      [locked.map((row) => row.id)],
    )) as CopyRecord[];
    return rows.filter(
      (copy) =>
        copy.isOptions === Boolean(position.isOptions || optionsTicker) &&
        (!optionsTicker || upper(copy.optionsTicker) === optionsTicker),
    );
  }
}

function samePosition(sell: CopySellRecord, copy: CopyRecord, payload: SellCopyRpcPayload): boolean {
  const symbol = upper(payload.positionData.symbol);
  return (
    sell.brokerageAccountId === payload.accountId &&
    new Decimal(sell.quantity).equals(payload.positionData.quantity) &&
    (upper(copy.symbol) === symbol || upper(copy.optionsTicker) === symbol)
  );
}
