import { Module } from '@nestjs/common';
import { GatewayCopiesController } from './copies.controller';

/** The follower's copies: copy-trade and the copy recorded for a trade (the copy engine answers both). */
@Module({ controllers: [GatewayCopiesController] })
export class GatewayCopiesModule {}
