import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CopyEngineLivePositionsRpc, LivePositionsRpcCall, type LivePositionsResponse } from '@copytrade/contracts';
import { ListLivePositionsUseCase } from './live-positions.use-case';

/** The Trading Terminal's feed (GET /api/trading-terminal/live-positions through the gateway). */
@Controller()
export class LivePositionsController {
  constructor(private readonly list: ListLivePositionsUseCase) {}

  @MessagePattern(CopyEngineLivePositionsRpc.list)
  positions(@Payload() request: LivePositionsRpcCall): Promise<LivePositionsResponse> {
    return this.list.execute(request);
  }
}
