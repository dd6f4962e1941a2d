import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  CopyEngineRpc,
  CopyTradeRpcCall,
  GetCopyOfTradeRpcCall,
  type CopyTradeRpcReply,
  type GetCopyOfTradeRpcReply,
} from '@copytrade/contracts';
import { CopyTradeUseCase } from './use-cases/copy-trade.use-case';
import { GetCopyOfTradeUseCase } from './use-cases/get-copy-of-trade.use-case';

/** The follower's manual copy and the copy recorded for a trade. */
@Controller()
export class CopiesController {
  constructor(
    private readonly copyTrade: CopyTradeUseCase,
    private readonly copyOfTrade: GetCopyOfTradeUseCase,
  ) {}

  @MessagePattern(CopyEngineRpc.copyTrade)
  copy(@Payload() request: CopyTradeRpcCall): Promise<CopyTradeRpcReply> {
    return this.copyTrade.execute(request);
  }

  @MessagePattern(CopyEngineRpc.getCopyOfTrade)
  get(@Payload() request: GetCopyOfTradeRpcCall): Promise<GetCopyOfTradeRpcReply> {
    return this.copyOfTrade.execute(request);
  }
}
