import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CopyEngineAnalyticsRpc, InvestorStatsRpcCall, type InvestorStatsRpcReply } from '@copytrade/contracts';
import { InvestorStatsUseCase } from './investor-stats.use-case';

/** rpc.copy-engine.analytics.*: the admin Statistics tab (admins only, re-checked here). */
@Controller()
export class AnalyticsController {
  constructor(private readonly investorStats: InvestorStatsUseCase) {}

  @MessagePattern(CopyEngineAnalyticsRpc.investorStats)
  stats(@Payload() request: InvestorStatsRpcCall): Promise<InvestorStatsRpcReply> {
    return this.investorStats.execute(request);
  }
}
