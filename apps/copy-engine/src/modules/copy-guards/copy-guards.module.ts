import { Module } from '@nestjs/common';
import { AutoCopyModule } from '../auto-copy/auto-copy.module';
import { CopyGuardsController } from './copy-guards.controller';
import { FollowerGuardsUseCase } from './follower-guards.use-case';
import { TraceGuardsUseCase } from './trace-guards.use-case';

/** The follower's copy guards: follower-wide limits, the kill switch, and per-trace pause, stop-loss and override. */
@Module({
  // Stop all's close of the automatic copies is sold by the automatic closer.
  imports: [AutoCopyModule],
  controllers: [CopyGuardsController],
  providers: [FollowerGuardsUseCase, TraceGuardsUseCase],
})
export class CopyGuardsModule {}
