import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { LiveTradesRpcCall, TracesLiveTradesRpc, type LiveTradesRpcReply } from '@copytrade/contracts';
import { ListLiveTradesUseCase } from './live-trades.use-case';

/** The Trading Terminal's trades, asked by the copy engine on the user's behalf. */
@Controller()
export class LiveTradesController {
  constructor(private readonly list: ListLiveTradesUseCase) {}

  @MessagePattern(TracesLiveTradesRpc.list)
  trades(@Payload() request: LiveTradesRpcCall): Promise<LiveTradesRpcReply> {
    return this.list.execute(request);
  }
}
