import { Module } from '@nestjs/common';
import { CopyGuardsController } from './copy-guards.controller';

/** /api/copy-guards: the session user's copy guards (the copy engine answers). */
@Module({ controllers: [CopyGuardsController] })
export class CopyGuardsModule {}
