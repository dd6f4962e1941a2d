import { Body, Controller, Post, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  OWNER_SELL_RPC_TIMEOUT_MS,
  OwnerSellMessages,
  OwnerSellRpc,
  SellPositionDto,
  type SellFailureDetails,
  type SellPositionResponse,
  type SellPositionRpcPayload,
  type SellPositionRpcReply,
} from '@copytrade/contracts';
import { DomainException, RpcClient, RpcTimeoutException } from '@copytrade/nest';
import type { Response } from 'express';
import { Req } from '../auth/access.decorators';
import { rpcContextOf, type GatewayRequest } from '../auth/authenticated-request';
import { orderRequestId } from '../paper/order-request-id';
import { sessionUserId } from './brokerage-params';
import { InvalidatesBrokerageReads } from './brokerage-writes.interceptor';

/** A refused sell: the product's error shape with the seed's failure fields beside `message` when the brokerage refused. */
export type SellPositionRefusal = {
  success: false;
  code: string;
  message: string;
  traceId: string;
} & Partial<SellFailureDetails> & {
    details?: unknown;
  };

/**
 * POST /api/snaptrade/sell-position (seed 001 §7): a market sell, idempotent on the X-Request-ID header (required).
 * The owner's path: a shared open trade of the caller's own trace (positionData.traceId), from the caller's own first
 * account; the traces service checks the owner and the trade and places the sell through the brokerage. 200 with
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
    const payload: SellPositionRpcPayload = { accountId: body.accountId, requestId, positionData: body.positionData };
    let reply: SellPositionRpcReply;
    try {
      reply = await this.rpc.request<SellPositionRpcPayload, SellPositionRpcReply>(
        OwnerSellRpc.sellPosition,
        payload,
        context,
        OWNER_SELL_RPC_TIMEOUT_MS,
      );
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
