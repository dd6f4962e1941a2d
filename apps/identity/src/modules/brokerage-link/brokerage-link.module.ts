import { Module } from '@nestjs/common';
import { BrokerageLinkHandler } from './brokerage-link.handler';
import { ProjectionsController } from './projections.controller';

/** Identity's projection of the brokerage link (connected flag, account ids, provider user id). */
@Module({ controllers: [ProjectionsController], providers: [BrokerageLinkHandler] })
export class BrokerageLinkModule {}
