import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CopyEngineLivePositionsRpc, LivePositionsRpcCall, type LivePositionsRpcReply } from '@copytrade/contracts';
import { CopyEngineConfig } from '../../config/copy-engine.config';
import { livePositionsCache } from '../copies/live-reads-cache';
import { ListLivePositionsUseCase } from './live-positions.use-case';

/** The Trading Terminal's feed (GET /api/trading-terminal/live-positions through the gateway), with its cache rules. */
@Controller()
export class LivePositionsController {
  constructor(
    private readonly list: ListLivePositionsUseCase,
    private readonly config: CopyEngineConfig,
  ) {}

  @MessagePattern(CopyEngineLivePositionsRpc.list)
  async positions(@Payload() request: LivePositionsRpcCall): Promise<LivePositionsRpcReply> {
    const feed = await this.list.execute(request);
    return { ...feed, cache: livePositionsCache(request.payload.userId, feed, this.config) };
  }
}
