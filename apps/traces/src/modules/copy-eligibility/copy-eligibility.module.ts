import { Module } from '@nestjs/common';
import { CopyableOpenTradesUseCase } from './copyable-open-trades.use-case';
import { CopyAudienceUseCase } from './copy-audience.use-case';
import { CopyEligibilityController } from './copy-eligibility.controller';
import { CheckCopyEligibilityUseCase } from './copy-eligibility.use-case';

/**
 * rpc.traces.copy-eligibility.check: the trade a copy is made from and the user's right to copy it;
 * rpc.traces.copy-audience.list: the followers who may have a shared trade copied automatically;
 * rpc.traces.copyable-open-trades.list: a trace's open trades one follower may have copied automatically.
 */
@Module({
  controllers: [CopyEligibilityController],
  providers: [CheckCopyEligibilityUseCase, CopyAudienceUseCase, CopyableOpenTradesUseCase],
})
export class CopyEligibilityModule {}
