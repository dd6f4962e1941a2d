import { Module } from '@nestjs/common';
import { CopyAudienceUseCase } from './copy-audience.use-case';
import { CopyEligibilityController } from './copy-eligibility.controller';
import { CheckCopyEligibilityUseCase } from './copy-eligibility.use-case';

/**
 * rpc.traces.copy-eligibility.check: the trade a copy is made from and the user's right to copy it;
 * rpc.traces.copy-audience.list: the followers who may have a shared trade copied automatically.
 */
@Module({ controllers: [CopyEligibilityController], providers: [CheckCopyEligibilityUseCase, CopyAudienceUseCase] })
export class CopyEligibilityModule {}
