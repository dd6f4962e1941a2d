import { Controller, Get, Header, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import {
  CopyEngineLivePositionsRpc,
  LivePositionsMessages,
  type LivePositionsResponse,
  type LivePositionsRpcPayload,
} from '@copytrade/contracts';
import { RpcClient } from '@copytrade/nest';
import { Req } from '../auth/access.decorators';
import { rpcContextOf, type GatewayRequest } from '../auth/authenticated-request';
import { LiveReadsCache, type LiveReadContents } from '../live-reads/live-reads-cache.service';

/**
 * GET /api/trading-terminal/live-positions (docs/product.md#trading-terminal; polled every 30 s and at once on the live
 * push): the session user's live positions, composed by the copy engine. Signed-in users only; the session guard
 * refuses an `authorization: Bearer <user id>` naming anyone else. Kept per user by LiveReadsCache (a few seconds at
 * most), dropped by the user's own writes and the live push, so the user's own copy shows on the next read.
 */
@ApiTags('trading-terminal')
@Controller('api/trading-terminal')
export class TradingTerminalController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly cache: LiveReadsCache,
  ) {}

  @Get('live-positions')
  @Header('Content-Type', 'application/json; charset=utf-8')
  async livePositions(@Req() request: GatewayRequest, @Res({ passthrough: true }) response: Response): Promise<string> {
    const userId = request.user!.id;
    const json = await this.cache.read(
      userId,
      'live-positions',
      request.originalUrl,
      () =>
        this.rpc.request<LivePositionsRpcPayload, LivePositionsResponse>(
          CopyEngineLivePositionsRpc.list,
          { userId },
          rpcContextOf(request),
        ),
      liveFeedContents,
    );
    this.cache.setETag(request, response, json);
    return json;
  }
}

/**
 * What the cache needs to know of a feed: its trades, and whether it ages by the clock — it shows a live quote, or a
 * quote failed and may be had now. A feed left unquoted because the user has no brokerage to quote through stays so
 * until the user links one (most links end in a write of theirs, which drops it; otherwise within
 * LIVE_READS_CACHE_UNQUOTED_TTL_MS).
 */
export function liveFeedContents(reply: LivePositionsResponse): LiveReadContents {
  return {
    tradeIds: reply.positions.map((position) => position.id),
    timeSensitive:
      reply.positions.some((position) => position.priceSource === 'quote') ||
      reply.apiWarnings.some((warning) => warning !== LivePositionsMessages.noBrokerage),
  };
}
