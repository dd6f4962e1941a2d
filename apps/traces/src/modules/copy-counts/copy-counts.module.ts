import { Module } from '@nestjs/common';
import { CopyCountsHandler } from './copy-counts.handler';
import { TracesProjectionsController } from './traces-projections.controller';

/** Copies counted per trade and per follower, from the copy engine's CopyOpened (durably, and synchronously for the copier). */
@Module({ controllers: [TracesProjectionsController], providers: [CopyCountsHandler] })
export class CopyCountsModule {}
