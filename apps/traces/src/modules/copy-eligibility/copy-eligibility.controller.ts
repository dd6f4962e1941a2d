import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  CopyAudienceRpcCall,
  CopyableOpenTradesRpcCall,
  CopyEligibilityRpcCall,
  TracesCopyableOpenTradesRpc,
  TracesCopyAudienceRpc,
  TracesCopyEligibilityRpc,
  type CopyableOpenTradesRpcReply,
  type CopyAudienceRpcReply,
  type CopyEligibilityRpcReply,
} from '@copytrade/contracts';
import { CopyableOpenTradesUseCase } from './copyable-open-trades.use-case';
import { CopyAudienceUseCase } from './copy-audience.use-case';
import { CheckCopyEligibilityUseCase } from './copy-eligibility.use-case';

/**
 * The copy engine asks here whether a user may copy a trade, and for the trade as the copy needs it; and, for its
 * automatic copies, who among a trace's followers may have a shared trade copied, and which of a trace's open trades
 * one follower may have copied (their open positions copied when they subscribe or resume).
 */
@Controller()
export class CopyEligibilityController {
  constructor(
    private readonly check: CheckCopyEligibilityUseCase,
    private readonly audience: CopyAudienceUseCase,
    private readonly openTrades: CopyableOpenTradesUseCase,
  ) {}

  @MessagePattern(TracesCopyEligibilityRpc.check)
  eligibility(@Payload() request: CopyEligibilityRpcCall): Promise<CopyEligibilityRpcReply> {
    return this.check.execute(request);
  }

  @MessagePattern(TracesCopyAudienceRpc.list)
  copyAudience(@Payload() request: CopyAudienceRpcCall): Promise<CopyAudienceRpcReply> {
    return this.audience.execute(request);
  }

  @MessagePattern(TracesCopyableOpenTradesRpc.list)
  copyableOpenTrades(@Payload() request: CopyableOpenTradesRpcCall): Promise<CopyableOpenTradesRpcReply> {
    return this.openTrades.execute(request);
  }
}
