import { Module } from '@nestjs/common';
import { OrderPlacement } from './order-placement.service';
import { GatewayPaperController } from './paper.controller';

@Module({ controllers: [GatewayPaperController], providers: [OrderPlacement], exports: [OrderPlacement] })
export class GatewayPaperModule {}
