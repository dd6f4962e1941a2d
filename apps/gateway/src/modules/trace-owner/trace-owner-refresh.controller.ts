import { Controller, HttpCode, Param, ParseUUIDPipe, Post, Res } from '@nestjs/common';
import { ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import {
  OWNER_TRADES_RPC_TIMEOUT_MS,
  OwnerSellRpc,
  type RefreshBrokerageResponse,
  type RefreshBrokerageRpcReply,
  type TraceIdRpcRequest,
} from '@copytrade/contracts';
import { DomainException, RpcClient } from '@copytrade/nest';
import type { Response } from 'express';
import { Req } from '../auth/access.decorators';
import { rpcContextOf, type GatewayRequest } from '../auth/authenticated-request';
import { InvalidatesBrokerageReads } from '../brokerage/brokerage-writes.interceptor';

const uuidParam = new ParseUUIDPipe({
  exceptionFactory: () => DomainException.badRequest('traceId must be a valid id'),
});

/**
 * A refusal of the refresh as the documented error body: the product's shape plus `error`, and `retryAfter` on a 429.
 */
export interface RefreshBrokerageRefusal {
  success: false;
  code: string;
  message: string;
  error: string;
  retryAfter?: number;
  details?: unknown;
  traceId: string;
}

/**
 * POST /api/trace-owner/{traceId}/refresh-brokerage (docs/product.md#rest-calls): the provider's real-time refresh,
 * then a sync. Owner only (403 NOT_TRACE_OWNER, admins included; 404 unknown trace). Refusals: 404 'Please reconnect
 * your brokerage account in Settings', 402 for credits, 429 with `retryAfter` (and Retry-After) from the traces
 * service's cooldown, which holds for every replica.
 */
@ApiTags('trace-owner')
@Controller('api')
export class TraceOwnerRefreshController {
  constructor(private readonly rpc: RpcClient) {}

  @InvalidatesBrokerageReads()
  @Post('trace-owner/:traceId/refresh-brokerage')
  @HttpCode(200)
  @ApiTooManyRequestsResponse({ description: 'Refreshed too recently: try again after retryAfter seconds' })
  async refresh(
    @Param('traceId', uuidParam) traceId: string,
    @Req() request: GatewayRequest,
    @Res({ passthrough: true }) response: Response,
  ): Promise<RefreshBrokerageResponse | RefreshBrokerageRefusal> {
    const context = rpcContextOf(request);
    try {
      const reply = await this.rpc.request<TraceIdRpcRequest, RefreshBrokerageRpcReply>(
        OwnerSellRpc.refreshBrokerage,
        { traceId },
        context,
        OWNER_TRADES_RPC_TIMEOUT_MS,
      );
      return { success: true, message: reply.message, cost: reply.cost };
    } catch (error) {
      if (!(error instanceof DomainException) || error.status >= 500 || error.status === 401 || error.status === 403)
        throw error;
      const retryAfter = (error.details as { retryAfterSeconds?: number } | undefined)?.retryAfterSeconds;
      if (retryAfter !== undefined) response.setHeader('Retry-After', String(retryAfter));
      response.status(error.status);
      return {
        success: false,
        code: error.code,
        message: error.message,
        error: error.message,
        ...(retryAfter === undefined ? {} : { retryAfter }),
        ...(error.details === undefined ? {} : { details: error.details }),
        traceId: context.requestId,
      };
    }
  }
}
