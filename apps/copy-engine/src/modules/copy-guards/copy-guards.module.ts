import { Module } from '@nestjs/common';
import { CopyGuardsController } from './copy-guards.controller';
import { FollowerGuardsUseCase } from './follower-guards.use-case';
import { TraceGuardsUseCase } from './trace-guards.use-case';

/** The follower's copy guards: follower-wide limits, the kill switch, and per-trace pause, stop-loss and override. */
@Module({ controllers: [CopyGuardsController], providers: [FollowerGuardsUseCase, TraceGuardsUseCase] })
export class CopyGuardsModule {}
