import { Body, Controller, HttpCode, Post, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  COPY_TRADE_RPC_TIMEOUT_MS,
  CopyEngineRpc,
  CopyTradeDto,
  CopyTradeMessages,
  RecordCopyDto,
  type CopyTradeResponse,
  type CopyTradeRpcPayload,
  type CopyTradeRpcReply,
  type GetCopyOfTradeRpcPayload,
  type GetCopyOfTradeRpcReply,
  type RecordCopyResponse,
} from '@copytrade/contracts';
import { DomainException, RpcClient, RpcTimeoutException } from '@copytrade/nest';
import type { Response } from 'express';
import { Req } from '../auth/access.decorators';
import { rpcContextOf, type GatewayRequest } from '../auth/authenticated-request';
import { ReadsOnly } from '../read-cache/own-writes.guard';
import { orderRequestId } from '../order-request-id/order-request-id';

/**
 * The follower's manual copy (docs/product.md#rest-calls):
 * - POST /api/snaptrade/copy-trade, under a required request-id header (X-Request-ID): the copy engine's checks and
 *   saga. 200 when the copy filled (open); 202 while the order is pending at the brokerage or its outcome unknown (ask
 *   again with the same request id: never answered as not placed). A `userId` in the body that is not the session's
 *   user is 403; the session user's maxCopyAmount goes with the request (identity drops a user's cached sessions
 *   before answering a change of their settings, so it is the current value).
 * - POST /api/copy-trades/copy: the copy already recorded for the session's user and `originalTradeId` (the web
 *   app's second call); a user-id header naming anyone else is refused by the session guard.
 */
@ApiTags('copy-trades')
@Controller('api')
export class GatewayCopiesController {
  constructor(private readonly rpc: RpcClient) {}

  @Post('snaptrade/copy-trade')
  async copyTrade(
    @Body() body: CopyTradeDto,
    @Req() request: GatewayRequest,
    @Res({ passthrough: true }) response: Response,
  ): Promise<CopyTradeResponse> {
    const user = request.user!;
    if (body.userId !== undefined && body.userId !== user.id)
      throw DomainException.forbidden('You can only copy trades for yourself.');
    const requestId = orderRequestId(request);
    const payload: CopyTradeRpcPayload = { ...body, requestId, maxCopyAmount: user.maxCopyAmount ?? null };
    let reply: CopyTradeRpcReply;
    try {
      reply = await this.rpc.request<CopyTradeRpcPayload, CopyTradeRpcReply>(
        CopyEngineRpc.copyTrade,
        payload,
        rpcContextOf(request),
        COPY_TRADE_RPC_TIMEOUT_MS,
      );
    } catch (error) {
      // No answer in time: the copy may be under way. The same request id answers its outcome.
      if (error instanceof RpcTimeoutException)
        throw new DomainException(503, 'COPY_OUTCOME_UNKNOWN', CopyTradeMessages.awaitingConfirmation, {
          retryAfterSeconds: 5,
        });
      throw error;
    }
    response.status(reply.status === 'filled' ? 200 : 202);
    return {
      success: true,
      status: reply.status,
      message: reply.message,
      requestId,
      replayed: reply.replayed,
      order: {
        orderId: reply.order.brokerageOrderId,
        price: reply.order.executionPrice,
        quantity: reply.order.quantity,
        filledQuantity: reply.order.filledQuantity,
        state: reply.order.state,
      },
      copyInstance: reply.copyInstance,
    };
  }

  @Post('copy-trades/copy')
  @HttpCode(200)
  @ReadsOnly()
  async recordCopy(@Body() body: RecordCopyDto, @Req() request: GatewayRequest): Promise<RecordCopyResponse> {
    const reply = await this.rpc.request<GetCopyOfTradeRpcPayload, GetCopyOfTradeRpcReply>(
      CopyEngineRpc.getCopyOfTrade,
      { originalTradeId: body.originalTradeId },
      rpcContextOf(request),
    );
    return { success: true, copyInstance: reply.copyInstance };
  }
}
