import { Module } from '@nestjs/common';
import { DevMarketController } from './dev-market.controller';

/** /api/dev/market/* and /api/dev/paper/orders; the app module imports this module only with DEV_TOOLS=true. */
@Module({ controllers: [DevMarketController] })
export class DevMarketModule {}
