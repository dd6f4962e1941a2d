import { Controller, Get, Header, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import {
  CopyEngineLivePositionsRpc,
  type LivePositionsResponse,
  type LivePositionsRpcPayload,
  type LivePositionsRpcReply,
} from '@copytrade/contracts';
import { RpcClient } from '@copytrade/nest';
import { Req } from '../auth/access.decorators';
import { rpcContextOf, type GatewayRequest } from '../auth/authenticated-request';
import { ReadCache } from '../read-cache/read-cache.service';
import type { JsonBody } from '../read-cache/json-body';

/**
 * GET /api/trading-terminal/live-positions (docs/product.md#trading-terminal; polled every 30 s and at once on the live
 * push): the session user's live positions, composed by the copy engine. Signed-in users only; the session guard
 * refuses an `authorization: Bearer <user id>` naming anyone else. Kept per user by ReadCache as the copy engine says (a few
 * seconds at most), dropped by the user's own writes and the live push, so the user's own copy shows on the next read.
 */
@ApiTags('trading-terminal')
@Controller('api/trading-terminal')
export class TradingTerminalController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly cache: ReadCache,
  ) {}

  @Get('live-positions')
  @Header('Content-Type', 'application/json; charset=utf-8')
  async livePositions(
    @Req() request: GatewayRequest,
    @Res({ passthrough: true }) response: Response,
  ): Promise<JsonBody<LivePositionsResponse>> {
    const userId = request.user!.id;
    const answer = await this.cache.read(
      { subject: CopyEngineLivePositionsRpc.list, userId, params: request.originalUrl },
      () =>
        this.rpc.request<LivePositionsRpcPayload, LivePositionsRpcReply>(
          CopyEngineLivePositionsRpc.list,
          { userId },
          rpcContextOf(request),
        ),
      (feed): LivePositionsResponse => feed,
    );
    return this.cache.send(request, response, answer);
  }
}
