import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  CopyAudienceRpcCall,
  CopyEligibilityRpcCall,
  TracesCopyAudienceRpc,
  TracesCopyEligibilityRpc,
  type CopyAudienceRpcReply,
  type CopyEligibilityRpcReply,
} from '@copytrade/contracts';
import { CopyAudienceUseCase } from './copy-audience.use-case';
import { CheckCopyEligibilityUseCase } from './copy-eligibility.use-case';

/**
 * The copy engine asks here whether a user may copy a trade, and for the trade as the copy needs it; and, for its
 * automatic copies, who among a trace's followers may have a shared trade copied.
 */
@Controller()
export class CopyEligibilityController {
  constructor(
    private readonly check: CheckCopyEligibilityUseCase,
    private readonly audience: CopyAudienceUseCase,
  ) {}

  @MessagePattern(TracesCopyEligibilityRpc.check)
  eligibility(@Payload() request: CopyEligibilityRpcCall): Promise<CopyEligibilityRpcReply> {
    return this.check.execute(request);
  }

  @MessagePattern(TracesCopyAudienceRpc.list)
  copyAudience(@Payload() request: CopyAudienceRpcCall): Promise<CopyAudienceRpcReply> {
    return this.audience.execute(request);
  }
}
