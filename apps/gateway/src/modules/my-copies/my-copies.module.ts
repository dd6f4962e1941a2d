import { Module } from '@nestjs/common';
import { GatewayMyCopiesController } from './my-copies.controller';

/** My Copy Trades: the session user's copies, performance, price refresh and close (the copy engine answers). */
@Module({ controllers: [GatewayMyCopiesController] })
export class MyCopiesModule {}
