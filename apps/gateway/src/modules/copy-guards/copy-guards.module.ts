import { Module } from '@nestjs/common';
import { GatewayCopyGuardsController } from './copy-guards.controller';

/** /api/copy-guards: the session user's copy guards (the copy engine answers). */
@Module({ controllers: [GatewayCopyGuardsController] })
export class GatewayCopyGuardsModule {}
