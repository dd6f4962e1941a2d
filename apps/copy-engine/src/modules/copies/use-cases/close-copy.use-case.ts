import { Inject, Injectable } from '@nestjs/common';
import {
  BrokerageRpc,
  MyCopiesErrorCode,
  MyCopiesMessages,
  type CloseCopyRpcPayload,
  type CloseCopyRpcReply,
  type GetPlacedOrderRpcReply,
  type GetPlacedOrderRpcRequest,
  type RpcRequest,
} from '@copytrade/contracts';
import { DomainException, OutboxRelay, OutboxWriter, RpcClient } from '@copytrade/nest';
import { DataSource } from 'typeorm';
import { COPY_ENGINE_RPC } from '../copies.tokens';
import { closeCopyIfSold } from '../copy-close';
import { toCopyInstanceView } from '../copy-instance.mapper';
import { findCopyById } from '../copy-instances.store';
import { brokerageFillTimeOf } from '../brokerage-fill-time';
import { settleCopySellFill } from '../copy-sell-settlement';
import { sellsOfCopy } from '../copy-sells.store';

/**
 * PUT /api/copy-trades/{id}/close: the copy's owner records that its position was sold. Only the owner's copy
 * (anyone else's, or none: 404 — a copy's existence is not told to others). A closed copy answers as it is (closed:
 * false, nothing written again). Otherwise the copy closes once everything it held has been sold through its sells:
 * the exit price and realized P&L are the brokerage's fills of those sells, never the client's `exitPrice` (kept
 * beside only). A sell still pending is first asked about at the brokerage (its stored order for the sell's request
 * id) and settled when filled. `brokerageSellOrderId`, when sent, must be one of this copy's sells (422 otherwise).
 * Refusals: a sell still not filled 409, nothing sold yet 409, part still held 409, a copy not open (pending or
 * failed) 409. CopyClosed is written in the closing transaction (closeCopyIfSold).
 */
@Injectable()
export class CloseCopyUseCase {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(COPY_ENGINE_RPC) private readonly brokerage: RpcClient,
    private readonly outbox: OutboxWriter,
    private readonly relay: OutboxRelay,
  ) {}

  async execute({ actor, payload, requestId }: RpcRequest<CloseCopyRpcPayload>): Promise<CloseCopyRpcReply> {
    const notFound = DomainException.notFound(MyCopiesMessages.copyNotFound, MyCopiesErrorCode.COPY_NOT_FOUND);
    const copy = await findCopyById(this.dataSource.manager, payload.copyId);
    if (!actor || !copy || copy.userId !== actor.userId) throw notFound;
    if (copy.status === 'CLOSED') return { closed: false, copyInstance: toCopyInstanceView(copy) };

    const sells = await sellsOfCopy(this.dataSource.manager, copy.id);
    if (payload.brokerageSellOrderId && !sells.some((sell) => sell.brokerageOrderId === payload.brokerageSellOrderId))
      throw new DomainException(422, MyCopiesErrorCode.SELL_ORDER_NOT_OF_COPY, MyCopiesMessages.sellOrderUnknown);
    // A sell whose fill has not reached us: the brokerage's record of it settles it now (closing the copy when it
    // was the last of it: then this call is the one that closed it).
    let closedHere = false;
    for (const sell of sells.filter((candidate) => candidate.status === 'PENDING')) {
      const order = await this.storedOrder(sell.userId, sell.requestId, requestId);
      if (!order || order.executionPrice === null || !(Number(order.filledQuantity) > 0)) continue;
      if (order.state !== 'FILLED' && !(order.state === 'PARTIALLY_FILLED' && order.final)) continue;
      const settled = await this.dataSource.transaction((manager) =>
        settleCopySellFill(
          manager,
          this.outbox,
          sell,
          {
            filledQuantity: order.filledQuantity!,
            averagePrice: order.executionPrice!,
            brokerageOrderId: order.brokerageOrderId,
            filledAt: brokerageFillTimeOf(order, new Date()),
          },
          { correlationId: requestId },
          { clientExitPrice: payload.clientExitPrice ?? null },
        ),
      );
      if (settled?.kind === 'closed') closedHere = true;
    }

    const result = await this.dataSource.transaction((manager) =>
      closeCopyIfSold(
        manager,
        this.outbox,
        copy.id,
        { correlationId: requestId },
        {
          clientExitPrice: payload.clientExitPrice ?? null,
        },
      ),
    );
    this.relay.kick();
    switch (result.kind) {
      case 'closed':
        return { closed: true, copyInstance: toCopyInstanceView(result.copy) };
      case 'already-closed':
        return { closed: closedHere, copyInstance: toCopyInstanceView(result.copy) };
      case 'not-found':
        throw notFound;
      case 'not-open':
        throw new DomainException(409, MyCopiesErrorCode.COPY_NOT_OPEN, MyCopiesMessages.notOpen);
      case 'sell-pending':
        throw new DomainException(409, MyCopiesErrorCode.SELL_PENDING, MyCopiesMessages.sellPending, {
          retryAfterSeconds: 5,
        });
      case 'not-sold':
        throw new DomainException(409, MyCopiesErrorCode.NOT_SOLD, MyCopiesMessages.notSold);
      case 'still-held':
        throw new DomainException(
          409,
          MyCopiesErrorCode.STILL_HELD,
          MyCopiesMessages.stillHeld(result.held.toFixed()),
          {
            heldQuantity: result.held.toNumber(),
          },
        );
    }
  }

  private async storedOrder(userId: string, sellRequestId: string, correlationId: string) {
    try {
      const { order } = await this.brokerage.request<GetPlacedOrderRpcRequest, GetPlacedOrderRpcReply>(
        BrokerageRpc.getPlacedOrder,
        { userId, requestId: sellRequestId },
        { requestId: correlationId },
      );
      return order;
    } catch {
      return null;
    }
  }
}
