import { Module } from '@nestjs/common';
import { DevMarketController } from './dev-market.controller';

/** /api/dev/market/* and /api/dev/paper/orders; the app module leaves this module out in production. */
@Module({ controllers: [DevMarketController] })
export class DevMarketModule {}
