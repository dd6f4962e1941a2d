import { Module } from '@nestjs/common';
import { AutoCopyModule } from '../auto-copy/auto-copy.module';
import { CopiesModule } from '../copies/copies.module';
import { OpenPositionsCopier } from './open-positions.copier';
import { OpenPositionsHandler } from './open-positions.handler';

/**
 * Copy open positions: when a follower who asked for it subscribes to a trace or resumes copying it, the trace's
 * open trades their tier may copy become automatic copies, placed by the automatic placement workers.
 */
@Module({
  imports: [CopiesModule, AutoCopyModule],
  providers: [OpenPositionsCopier, OpenPositionsHandler],
})
export class OpenPositionsModule {}
