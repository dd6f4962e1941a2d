import { Module } from '@nestjs/common';
import { CopyEligibilityController } from './copy-eligibility.controller';
import { CheckCopyEligibilityUseCase } from './copy-eligibility.use-case';

/** rpc.traces.copy-eligibility.check: the trade a copy is made from and the user's right to copy it. */
@Module({ controllers: [CopyEligibilityController], providers: [CheckCopyEligibilityUseCase] })
export class CopyEligibilityModule {}
