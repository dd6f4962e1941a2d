import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { BrokerageRpc, UserScopedRpcCall, type PortfolioHistoryRpcReply } from '@copytrade/contracts';
import { assertOwnUser } from '../../common/own-user';
import { GetPortfolioHistoryUseCase } from './get-portfolio-history.use-case';

@Controller()
export class PortfolioHistoryController {
  constructor(private readonly history: GetPortfolioHistoryUseCase) {}

  @MessagePattern(BrokerageRpc.portfolioHistory)
  async get(@Payload() { actor, payload }: UserScopedRpcCall): Promise<PortfolioHistoryRpcReply> {
    assertOwnUser(actor, payload.userId);
    return this.history.execute(payload.userId);
  }
}
