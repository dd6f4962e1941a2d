import { Body, Controller, Post, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  MyCopiesErrorCode,
  MyCopiesRpc,
  OWNER_SELL_RPC_TIMEOUT_MS,
  OwnerSellErrorCode,
  OwnerSellMessages,
  OwnerSellRpc,
  SellPositionDto,
  type SellCopyRpcPayload,
  type SellFailureDetails,
  type SellPositionResponse,
  type SellPositionRpcPayload,
  type SellPositionRpcReply,
} from '@copytrade/contracts';
import { DomainException, RpcClient, RpcTimeoutException, type RpcCallContext } from '@copytrade/nest';
import type { Response } from 'express';
import { Req } from '../auth/access.decorators';
import { rpcContextOf, type GatewayRequest } from '../auth/authenticated-request';
import { orderRequestId } from '../order-request-id/order-request-id';
import { sessionUserId } from './brokerage-params';
import { InvalidatesBrokerageReads } from './brokerage-writes.interceptor';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The owner path's refusals that mean "not the owner's position": a follower's copy may be it. */
const NOT_THE_OWNERS = new Set<string>(['NOT_TRACE_OWNER', 'TRACE_NOT_FOUND', OwnerSellErrorCode.ACCOUNT_NOT_OWN]);

/**
 * A refused sell: the product's error shape with the sell's failure fields beside `message` when the brokerage refused.
 */
export type SellPositionRefusal = {
  success: false;
  code: string;
  message: string;
  traceId: string;
} & Partial<SellFailureDetails> & {
    details?: unknown;
  };

/**
 * POST /api/snaptrade/sell-position (docs/product.md#rest-calls): a market sell, idempotent on the X-Request-ID header
 * (required), for both the trace's owner and a follower:
 * - the owner's path: a shared open trade of the caller's own trace (positionData.traceId), from the caller's own
 *   first account; the traces service checks the owner and the trade and places the sell through the brokerage;
 * - the follower's path: when the caller does not own that trace (traces answers NOT_TRACE_OWNER, ACCOUNT_NOT_OWN or
 *   an unknown trace), or positionData.traceId is not an id (the web app sends 'unknown' for a copied position), the
 *   copy engine sells the caller's own open copy of the position (quantity within what the copy still holds). When
 *   the caller holds no such copy either, the owner path's refusal is the answer (as before this path existed).
 * Both answer the same way. 200 with
 * `orderResult {price, orderId}` when filled; 202 while pending at the brokerage or when the outcome is unknown
 * (never answered as not placed: the same X-Request-ID returns the result). Refusals carry `isMarketHoursRestriction`,
 * `technical`, `errorCode` and `canRetry` from the brokerage's outcome.
 */
@ApiTags('brokerage')
@Controller('api/snaptrade')
export class SellPositionController {
  constructor(private readonly rpc: RpcClient) {}

  @InvalidatesBrokerageReads()
  @Post('sell-position')
  async sellPosition(
    @Body() body: SellPositionDto,
    @Req() request: GatewayRequest,
    @Res({ passthrough: true }) response: Response,
  ): Promise<SellPositionResponse | SellPositionRefusal> {
    sessionUserId(request, body.userId);
    const requestId = orderRequestId(request);
    const context = rpcContextOf(request);
    // The confirmation goes along: the copy engine checks it again for a copy's sell (the traces service ignores it).
    const payload: SellCopyRpcPayload = {
      accountId: body.accountId,
      requestId,
      positionData: body.positionData,
      confirmRisks: body.confirmRisks,
    };
    let reply: SellPositionRpcReply;
    try {
      reply = await this.route(payload, context);
    } catch (error) {
      if (error instanceof RpcTimeoutException) {
        response.status(202);
        return {
          success: true,
          status: 'unknown',
          message: OwnerSellMessages.awaitingConfirmation,
          requestId,
          orderResult: { price: null, orderId: null },
          replayed: false,
        };
      }
      if (!(error instanceof DomainException) || (error.status >= 500 && error.status !== 503)) throw error;
      return this.refusal(error, response, context.requestId);
    }
    response.status(reply.status === 'filled' ? 200 : 202);
    return {
      success: true,
      status: reply.status,
      message: reply.message,
      requestId,
      orderResult: { price: reply.order.executionPrice, orderId: reply.order.brokerageOrderId },
      replayed: reply.replayed,
    };
  }

  /** The owner's sell when the caller owns the position's trace, else the sell of the caller's own copy of it. */
  private async route(payload: SellCopyRpcPayload, context: RpcCallContext): Promise<SellPositionRpcReply> {
    const sellCopy = () =>
      this.rpc.request<SellCopyRpcPayload, SellPositionRpcReply>(
        MyCopiesRpc.sellCopy,
        payload,
        context,
        OWNER_SELL_RPC_TIMEOUT_MS,
      );
    if (!UUID.test(payload.positionData.traceId)) return sellCopy();
    try {
      return await this.rpc.request<SellPositionRpcPayload, SellPositionRpcReply>(
        OwnerSellRpc.sellPosition,
        payload,
        context,
        OWNER_SELL_RPC_TIMEOUT_MS,
      );
    } catch (ownerRefusal) {
      if (!(ownerRefusal instanceof DomainException) || !NOT_THE_OWNERS.has(ownerRefusal.code)) throw ownerRefusal;
      try {
        return await sellCopy();
      } catch (copyRefusal) {
        if (copyRefusal instanceof DomainException && copyRefusal.code === MyCopiesErrorCode.COPY_NOT_FOUND)
          throw ownerRefusal;
        throw copyRefusal;
      }
    }
  }

  private refusal(error: DomainException, response: Response, traceId: string): SellPositionRefusal {
    const details = (error.details ?? undefined) as
      (Partial<SellFailureDetails> & { retryAfterSeconds?: number }) | undefined;
    if (details?.retryAfterSeconds !== undefined) response.setHeader('Retry-After', String(details.retryAfterSeconds));
    response.status(error.status);
    const seedFields =
      details && typeof details.canRetry === 'boolean'
        ? {
            isMarketHoursRestriction: Boolean(details.isMarketHoursRestriction),
            technical: details.technical ?? error.message,
            errorCode: details.errorCode ?? null,
            canRetry: details.canRetry,
          }
        : {};
    return {
      success: false,
      code: error.code,
      message: error.message,
      ...seedFields,
      ...(error.details === undefined ? {} : { details: error.details }),
      traceId,
    };
  }
}
