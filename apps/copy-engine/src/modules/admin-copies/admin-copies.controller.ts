import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CopiesOfTradesRpcCall, CopyEngineAdminRpc, type CopiesOfTradesRpcReply } from '@copytrade/contracts';
import { CopiesOfTradesUseCase } from './copies-of-trades.use-case';

/** rpc.copy-engine.admin.*: admins only, called by the admin service. */
@Controller()
export class AdminCopiesController {
  constructor(private readonly copiesOfTrades: CopiesOfTradesUseCase) {}

  @MessagePattern(CopyEngineAdminRpc.copiesOfTrades)
  list(@Payload() request: CopiesOfTradesRpcCall): Promise<CopiesOfTradesRpcReply> {
    return this.copiesOfTrades.execute(request);
  }
}
