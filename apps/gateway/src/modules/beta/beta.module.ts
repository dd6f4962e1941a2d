import { Module } from '@nestjs/common';
import { BetaRequestsController } from './beta-requests.controller';
import { GatewayBetaController } from './beta.controller';

@Module({ controllers: [GatewayBetaController, BetaRequestsController] })
export class GatewayBetaModule {}
