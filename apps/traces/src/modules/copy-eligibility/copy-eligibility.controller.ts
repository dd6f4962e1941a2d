import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CopyEligibilityRpcCall, TracesCopyEligibilityRpc, type CopyEligibilityRpcReply } from '@copytrade/contracts';
import { CheckCopyEligibilityUseCase } from './copy-eligibility.use-case';

/** The copy engine asks here whether a user may copy a trade, and for the trade as the copy needs it. */
@Controller()
export class CopyEligibilityController {
  constructor(private readonly check: CheckCopyEligibilityUseCase) {}

  @MessagePattern(TracesCopyEligibilityRpc.check)
  eligibility(@Payload() request: CopyEligibilityRpcCall): Promise<CopyEligibilityRpcReply> {
    return this.check.execute(request);
  }
}
