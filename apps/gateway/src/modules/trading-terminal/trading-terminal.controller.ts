import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  CopyEngineLivePositionsRpc,
  type LivePositionsResponse,
  type LivePositionsRpcPayload,
} from '@copytrade/contracts';
import { RpcClient } from '@copytrade/nest';
import { Req } from '../auth/access.decorators';
import { rpcContextOf, type GatewayRequest } from '../auth/authenticated-request';

/**
 * GET /api/trading-terminal/live-positions (seed 001 §2.1, §7; polled every 30 s and at once on the live push): the
 * session user's live positions, composed by the copy engine. Signed-in users only; the session guard refuses an
 * `authorization: Bearer <user id>` naming anyone else. Not cached here, so the user's own copy shows on the next
 * read.
 */
@ApiTags('trading-terminal')
@Controller('api/trading-terminal')
export class TradingTerminalController {
  constructor(private readonly rpc: RpcClient) {}

  @Get('live-positions')
  livePositions(@Req() request: GatewayRequest): Promise<LivePositionsResponse> {
    return this.rpc.request<LivePositionsRpcPayload, LivePositionsResponse>(
      CopyEngineLivePositionsRpc.list,
      { userId: request.user!.id },
      rpcContextOf(request),
    );
  }
}
