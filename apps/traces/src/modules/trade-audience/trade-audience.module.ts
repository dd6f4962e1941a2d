import { Module } from '@nestjs/common';
import { TradeAudienceController } from './trade-audience.controller';

/** Who may see a trade: for the gateways' live push (`GET /api/events`) and identity's notifications. */
@Module({ controllers: [TradeAudienceController] })
export class TradeAudienceModule {}
