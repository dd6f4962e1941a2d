import { Module } from '@nestjs/common';
import { BrokerageLinkHandler } from './brokerage-link.handler';

/** Identity's projection of the brokerage link (connected flag, account ids, provider user id). */
@Module({ providers: [BrokerageLinkHandler] })
export class BrokerageLinkModule {}
