import { Body, Controller, Get, Header, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import {
  CloseCopyDto,
  MyCopiesErrorCode,
  MyCopiesMessages,
  MyCopiesQueryDto,
  MyCopiesRpc,
  type CloseCopyResponse,
  type CloseCopyRpcPayload,
  type CloseCopyRpcReply,
  type CopyIdRpcPayload,
  type ListMyCopiesRpcPayload,
  type ListMyCopiesRpcReply,
  type MyCopiesResponse,
  type MyPerformanceResponse,
  type MyPerformanceRpcReply,
  type RefreshCopyPriceResponse,
  type RefreshCopyPriceRpcReply,
} from '@copytrade/contracts';
import { DomainException, RpcClient } from '@copytrade/nest';
import { Req } from '../auth/access.decorators';
import { rpcContextOf, type GatewayRequest } from '../auth/authenticated-request';
import { ReadCache } from '../read-cache/read-cache.service';
import type { JsonBody } from '../read-cache/json-body';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A copy id that cannot be one is answered as any copy that is not the caller's: not found. */
const copyIdOf = (id: string) => {
  if (!UUID.test(id)) throw DomainException.notFound(MyCopiesMessages.copyNotFound, MyCopiesErrorCode.COPY_NOT_FOUND);
  return id;
};

/**
 * My Copy Trades (docs/product.md#my-copy-trades): the session user's own copies only — the copy engine is asked as
 * the session's user (the actor); a `user-id` header naming anyone else is refused (403) by the session guard, and a
 * copy of another user is 404, as if it did not exist.
 * - GET /api/copy-trades/my-copies?status=&limit=&offset= → copyInstances (newest first; limit 1–200, default 100)
 *   and pagination;
 * - GET /api/copy-trades/my-performance → performance (docs/product.md#entities-and-fields);
 * - POST /api/copy-trades/{id}/refresh-price → updatedCopy (the brokerage's current price, P&L recomputed);
 * - PUT /api/copy-trades/{id}/close {exitPrice, brokerageSellOrderId} → the copy closed at the brokerage's fill of
 *   its sell (closed: false when it was closed already).
 */
@ApiTags('copy-trades')
@Controller('api/copy-trades')
export class GatewayMyCopiesController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly cache: ReadCache,
  ) {}

  /** Kept per user and URL by ReadCache as the copy engine says; the user's own writes and copy events drop it. */
  @Get('my-copies')
  @Header('Content-Type', 'application/json; charset=utf-8')
  async myCopies(
    @Query() query: MyCopiesQueryDto,
    @Req() request: GatewayRequest,
    @Res({ passthrough: true }) response: Response,
  ): Promise<JsonBody<MyCopiesResponse>> {
    const answer = await this.cache.read(
      { subject: MyCopiesRpc.listMyCopies, userId: request.user!.id, params: request.originalUrl },
      () =>
        this.rpc.request<ListMyCopiesRpcPayload, ListMyCopiesRpcReply>(
          MyCopiesRpc.listMyCopies,
          { status: query.status, limit: query.limit, offset: query.offset },
          rpcContextOf(request),
        ),
      (reply): MyCopiesResponse => ({
        success: true,
        copyInstances: reply.copies,
        pagination: {
          limit: reply.limit,
          offset: reply.offset,
          total: reply.total,
          hasMore: reply.offset + reply.copies.length < reply.total,
        },
      }),
    );
    return this.cache.send(request, response, answer);
  }

  @Get('my-performance')
  async myPerformance(@Req() request: GatewayRequest): Promise<MyPerformanceResponse> {
    const reply = await this.rpc.request<Record<string, never>, MyPerformanceRpcReply>(
      MyCopiesRpc.myPerformance,
      {},
      rpcContextOf(request),
    );
    return { success: true, performance: reply.performance };
  }

  @Post(':id/refresh-price')
  @HttpCode(200)
  async refreshPrice(@Param('id') id: string, @Req() request: GatewayRequest): Promise<RefreshCopyPriceResponse> {
    const reply = await this.rpc.request<CopyIdRpcPayload, RefreshCopyPriceRpcReply>(
      MyCopiesRpc.refreshPrice,
      { copyId: copyIdOf(id) },
      rpcContextOf(request),
    );
    return { success: true, updatedCopy: reply.copyInstance };
  }

  @Put(':id/close')
  async close(
    @Param('id') id: string,
    @Body() body: CloseCopyDto,
    @Req() request: GatewayRequest,
  ): Promise<CloseCopyResponse> {
    const reply = await this.rpc.request<CloseCopyRpcPayload, CloseCopyRpcReply>(
      MyCopiesRpc.closeCopy,
      {
        copyId: copyIdOf(id),
        clientExitPrice: body.exitPrice ?? null,
        brokerageSellOrderId: body.brokerageSellOrderId ?? null,
      },
      rpcContextOf(request),
    );
    return { success: true, closed: reply.closed, copyInstance: reply.copyInstance };
  }
}
